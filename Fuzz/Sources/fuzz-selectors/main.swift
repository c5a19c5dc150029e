import CarteleraMarkup
import FuzzSupport

/// The CSS selector compiler and XPath compilation, each compiled expression run on a small page.
///
/// Input: the whole text is tried as a CSS selector and as an XPath expression. A selector that compiles
/// must run on both documents and on a row: anything else is a bug in the compiler, reported as a crash.
/// (Names outside ASCII match through `local-name()`, and characters XML never holds are refused when the
/// selector compiles, so this holds for every input.)
@_cdecl("LLVMFuzzerTestOneInput")
public func selectorsHarness(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).text
    let page = SelectorPage.shared
    if let selector = try? CSSSelector(text) {
        do {
            _ = try page.html.select(selector)
            _ = try page.xml.select(selector)
            if let row = try page.html.select("tr").first { _ = try row.select(selector) }
        } catch {
            fatalError("CSS \"\(text)\" compiled to XPath that does not run: \(error)")
        }
    }
    if let expression = try? XPathExpression(text) {
        _ = try? page.html.xpath(expression)
        _ = try? page.html.root?.xpathString(expression)
        _ = try? page.xml.xpath(expression)
    }
    return 0
}

/// The pages selectors run on, parsed once: a listing-like HTML table and a small XMLTV file.
final class SelectorPage: @unchecked Sendable {
    /// Read only after creation, from libFuzzer's single thread.
    static let shared = SelectorPage()

    let html: Document
    let xml: Document

    private init() {
        let html = """
            <html><head><title>Guía</title></head><body id="main" class="page guide">
            <table class="grid"><tr><th>Hora</th><th lang="es-ES">Programa</th></tr>
            <tr class="row odd" data-id="1"><td class="time">06:00</td><td><a href="/p/1">Telediario</a></td></tr>
            <tr class="row even" data-id="2"><td class="time">07:30</td><td><a href="/p/2" title="Cine">Película</a><br/>Drama</td></tr>
            <tr class="row"><td></td><td><span>Fin</span></td></tr></table>
            <ul><li>uno</li><li class="x">dos</li><li>tres</li></ul><p>Texto <b>en</b> negrita</p></body></html>
            """
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?><tv><channel id="La1.es"><display-name>La 1</display-name></channel>
            <programme start="20261127060000 +0100" channel="La1.es"><title lang="es">Telediario</title>
            <category>Noticias</category><episode-num system="xmltv_ns">1.2.</episode-num></programme></tv>
            """
        do {
            self.html = try Document.html(Array(html.utf8), url: "https://guide.example/")
            self.xml = try Document.xml(Array(xml.utf8), url: "https://guide.example/tv.xml")
        } catch {
            fatalError("the harness's own pages do not parse: \(error)")
        }
    }
}

runLibFuzzer(selectorsHarness)
