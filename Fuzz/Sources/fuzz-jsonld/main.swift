import CarteleraMarkup
@testable import CarteleraScraping
import FuzzSupport

/// The JSON-LD reader: the bounded parser and its repair of published breakage, the graph walk and the venue
/// and night readers; the microdata and RDFa Lite reader; the JSONPath subset and the search for `NAME = …`.
///
/// Input: JSON-LD blocks separated by NUL bytes, read as one page's `<script type="application/ld+json">`
/// blocks by a jsonld definition in Madrid. The last segment is also read as an HTML page for its microdata and
/// RDFa items and its `pageData = …` assignments, and the first as a JSONPath over the second block.
@_cdecl("LLVMFuzzerTestOneInput")
public func jsonLDHarness(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let url = "https://venue.example/agenda"
    let segments = FuzzInput(data, size).bytes.split(separator: 0, omittingEmptySubsequences: false)
    let blocks = segments.enumerated().map { index, block in
        JSONLDBlocks.parse(Array(block), number: index + 1, url: url)
    }
    _ = try? JSONLDDefinition.scraper.read(blocks: blocks, url: url, now: FuzzEnvironment.now)
    if let last = segments.last {
        _ = JSONInput.assignments(of: "pageData", in: Array(last))
        if let document = try? Document.html(Array(last), url: url, declaredCharset: "utf-8") {
            _ = try? MicrodataReader.items(in: document)
        }
    }
    if segments.count > 1, let path = try? JSONPath(String(decoding: segments[0], as: UTF8.self)), case .success(let parsed) = blocks[1] {
        _ = path.values(root: parsed.value, row: parsed.value)
    }
    return 0
}

/// The scraper of the first jsonld definition in `Scrapers/`, built once.
enum JSONLDDefinition {
    static let scraper: JSONLDScraper = {
        let definition = SourceDefinitions(kinds: [.jsonld]).all[0]
        guard let section = definition.section as? JSONLDSection else { fatalError("\(definition.source) has no jsonld section") }
        return JSONLDScraper(definition: definition, section: section)
    }()
}

runLibFuzzer(jsonLDHarness)
