import CarteleraModel
import CarteleraScraping
import FuzzSupport

/// Definition files: YAML through Yams, the key schema, decoding and validation, then the requests the
/// definition would make.
///
/// Input: the whole text is a `source.yaml`.
@_cdecl("LLVMFuzzerTestOneInput")
public func definitionsHarness(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).text
    guard let definition = try? DefinitionLoader.parse(text, source: "fuzz.example", directory: "/nonexistent", file: "fuzz.example/source.yaml") else {
        return 0
    }
    let day = FuzzEnvironment.day
    _ = definition.listingRequests(channel: definition.channels.first, day: day, today: day.advanced(by: -1))
    _ = makeScraper(for: definition).id
    return 0
}

runLibFuzzer(definitionsHarness)
