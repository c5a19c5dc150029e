import CarteleraScraping
import FuzzSupport

/// XML parsing plus the XMLTV reader, through the real scraper and the xmltv definitions in `Scrapers/`.
///
/// Input: `<source-id> [yyyy-mm-dd]` then the XMLTV file (see `SourcePage`).
@_cdecl("LLVMFuzzerTestOneInput")
public func xmltvHarness(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let page = SourcePage(FuzzInput(data, size), definitions: XMLTVDefinitions.shared) else { return 0 }
    _ = page.scrape(contentType: "application/xml")
    return 0
}

/// The xmltv definitions, loaded once.
enum XMLTVDefinitions {
    static let shared = SourceDefinitions(kinds: [.xmltv])
}

runLibFuzzer(xmltvHarness)
