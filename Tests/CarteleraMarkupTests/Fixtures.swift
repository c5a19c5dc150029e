import CarteleraMarkup

/// Small documents and helpers shared by the suites.
enum Fixtures {
    /// Parses a Swift string as an HTML body in UTF-8.
    static func html(_ markup: String) throws(MarkupError) -> Document {
        try Document.html(Array(markup.utf8))
    }

    /// Parses a Swift string as an XML body in UTF-8.
    static func xml(_ markup: String) throws(MarkupError) -> Document {
        try Document.xml(Array(markup.utf8))
    }

    /// A listing-shaped page exercising every CSS construct the selector tests use.
    static let listing = """
        <html><head><title>Guía</title></head><body>
        <div id="main" class="schedule  day">
          <h1>Hoy</h1>
          <p class="intro">Intro</p>
          <ul class="programmes">
            <li class="prog first" data-channel="la1-hd" lang="es-ES"><span class="time">06:00</span> <a href="https://x.test/1">Telediario</a></li>
            <li class="prog" data-channel="la2"><span class="time">07:30</span> <a href="/2">Cine: Acción</a></li>
            <li class="prog live" data-channel="cuatro"><span class="time">09:00</span> <a href="/3">Noticias</a></li>
            <li class="progress" data-channel="tele5"><span class="time">10:00</span> <em>Resumen</em></li>
            <li class="prog"></li>
          </ul>
          <p class="outro">Fin</p>
          <p>Nota</p>
        </div>
        <table><tr><td>A</td><td>B</td></tr><tr><td>C</td><td>D</td></tr></table>
        </body></html>
        """
}
