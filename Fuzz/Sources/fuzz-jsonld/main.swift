@testable import CarteleraScraping
import FuzzSupport

/// The JSON-LD reader: the strict bounded parser, the graph walk and the venue and night readers.
///
/// Input: JSON-LD blocks separated by NUL bytes, read as one page's `<script type="application/ld+json">`
/// blocks by a jsonld definition in Madrid.
@_cdecl("LLVMFuzzerTestOneInput")
public func jsonLDHarness(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let url = "https://venue.example/agenda"
    let blocks = FuzzInput(data, size).bytes.split(separator: 0, omittingEmptySubsequences: false).enumerated().map { index, block in
        JSONLDBlocks.parse(Array(block), number: index + 1, url: url)
    }
    _ = try? JSONLDDefinition.scraper.read(blocks: blocks, url: url, now: FuzzEnvironment.now)
    return 0
}

/// The scraper of the first jsonld definition in `Scrapers/`, built once.
enum JSONLDDefinition {
    static let scraper = JSONLDScraper(definition: SourceDefinitions(kinds: [.jsonld]).all[0])
}

runLibFuzzer(jsonLDHarness)
