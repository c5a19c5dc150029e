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

extension Fixtures {
    /// The programme titles of `spanishListing`, one per row, with á é í ó ú ñ ¿ ¡ € and an em dash.
    static let spanishTitles = [
        "Telediario: edición matinal", "¿Quién quiere ser millonario?", "¡Estreno! El niño de la montaña",
        "Película: Acción en el túnel", "Gran premio — 5 € por llamada",
    ]

    /// A Spanish listing page, one programme per table row, with `head` inside `<head>`.
    static func spanishListing(head: String = "") -> String {
        let rows = spanishTitles.enumerated().map { "<tr><td>0\($0.offset + 6):00</td><td>\($0.element)</td></tr>" }
        return "<html><head>\(head)<title>Programación</title></head><body>\n<table>\n"
            + rows.joined(separator: "\n") + "\n</table>\n</body></html>\n"
    }

    /// The windows-1252 bytes of text made of ASCII, Latin-1 letters and the punctuation the fixtures use.
    static func windows1252(_ text: String) -> [UInt8] {
        let punctuation: [Unicode.Scalar: UInt8] = ["€": 0x80, "—": 0x97, "–": 0x96, "“": 0x93, "”": 0x94]
        return text.unicodeScalars.map { scalar in
            scalar.value < 0x100 ? UInt8(truncatingIfNeeded: scalar.value) : punctuation[scalar] ?? UInt8(ascii: "?")
        }
    }

    /// The second cell of every table row: the titles a listing yields.
    static func titles(_ document: Document) throws -> [String] {
        try document.xpath("//tr").map { try $0.xpathString("normalize-space(td[2])") }
    }
}
