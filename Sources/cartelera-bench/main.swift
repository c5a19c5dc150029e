// Workload W from BENCHMARKS.md: parse and extract every .html and .xml page of the TV corpus, timing
// libxml2 called directly beside the same work through CarteleraMarkup.
//
// Usage: cartelera-bench [corpus-dir] [--rounds N] [--seconds S]
// Defaults: ../shared/corpus/tv, 5 rounds of at least 0.5 s each.

import CLibxml2
import CarteleraMarkup
import Foundation

/// One captured page of the corpus.
struct Page {
    let path: String
    let bytes: [UInt8]
    let isXML: Bool
}

/// What one pass over the corpus found, to compare with the reference counts.
struct Tally: Equatable {
    var step2Matches = 0
    var step3Matches = 0
    var step3Bytes = 0
}

let step2Source = "//*[contains(@class,'prog') or contains(@class,'time') or contains(@class,'title')]"
let step3Source = "//*[self::td or self::li or self::div]"

// The options Document uses, minus IGNORE_ENC: the baseline lets libxml2 detect encodings itself.
let htmlOptions = Int32(
    HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
        | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue)
let xmlOptions = Int32(
    XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_COMPACT.rawValue)

func loadCorpus(at directory: String) -> [Page] {
    guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
    return enumerator.compactMap { $0 as? String }
        .filter { $0.hasSuffix(".html") || $0.hasSuffix(".xml") }
        .sorted()
        .compactMap { relative in
            let path = directory + "/" + relative
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            return Page(path: path, bytes: [UInt8](data), isXML: relative.hasSuffix(".xml"))
        }
}

/// Step 1 through libxml2 directly; the caller frees the tree.
func cParse(_ page: Page) -> xmlDocPtr? {
    guard let length = Int32(exactly: page.bytes.count) else { return nil }
    return page.bytes.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { chars in
            page.isXML
                ? xmlReadMemory(chars.baseAddress, length, page.path, nil, xmlOptions)
                : htmlReadMemory(chars.baseAddress, length, page.path, nil, htmlOptions)
        }
    }
}

/// Frees a string libxml2 allocated, with the deallocator libxml2 uses (`xmlFree`, reached through `xmlMemGet`).
func libxmlFree(_ pointer: UnsafeMutableRawPointer) {
    var free: xmlFreeFunc?
    xmlMemGet(&free, nil, nil, nil)
    free?(pointer)
}

/// Path 1: libxml2 parse only.
func baselineParse(_ pages: [Page]) -> Tally {
    for page in pages {
        if let document = cParse(page) { xmlFreeDoc(document) }
    }
    return Tally()
}

/// Path 2: steps 1–4 in C terms through libxml2 directly, the yardstick for the Swift extract path.
func baselineExtract(_ pages: [Page], _ step2: xmlXPathCompExprPtr, _ step3: xmlXPathCompExprPtr) -> Tally {
    var tally = Tally()
    for page in pages {
        guard let document = cParse(page) else { continue }
        guard let context = xmlXPathNewContext(document) else {
            xmlFreeDoc(document)
            continue
        }
        if let matches = xmlXPathCompiledEval(step2, context) {
            tally.step2Matches += Int(matches.pointee.nodesetval?.pointee.nodeNr ?? 0)
            xmlXPathFreeObject(matches)
        }
        if let matches = xmlXPathCompiledEval(step3, context) {
            if let set = matches.pointee.nodesetval {
                for index in 0..<Int(set.pointee.nodeNr) {
                    guard let node = set.pointee.nodeTab?[index], let value = xmlXPathCastNodeToString(node) else { continue }
                    tally.step3Matches += 1
                    tally.step3Bytes += Int(xmlStrlen(value))
                    libxmlFree(value)
                }
            }
            xmlXPathFreeObject(matches)
        }
        xmlXPathFreeContext(context)
        xmlFreeDoc(document)
    }
    return tally
}

/// The page as a Document, or nil for an empty capture (libxml2 returns no tree for those either).
func swiftDocument(_ page: Page) throws(MarkupError) -> Document? {
    do {
        return page.isXML ? try Document.xml(page.bytes, url: page.path) : try Document.html(page.bytes, url: page.path)
    } catch where error.kind == .empty {
        return nil
    }
}

/// Path 3: Document.html / Document.xml, charset detection included.
func swiftParse(_ pages: [Page]) throws -> Tally {
    for page in pages {
        _ = try swiftDocument(page)
    }
    return Tally()
}

/// Path 4: steps 1–4 through the Swift API with expressions compiled once.
func swiftExtract(_ pages: [Page], _ step2: XPathExpression, _ step3: XPathExpression) throws -> Tally {
    var tally = Tally()
    for page in pages {
        guard let document = try swiftDocument(page) else { continue }
        let held = try document.xpath(step2)
        tally.step2Matches += held.count
        for node in try document.xpath(step3) {
            tally.step3Matches += 1
            tally.step3Bytes += node.rawText.utf8.count
        }
    }
    return tally
}

/// Median throughput of `rounds` rounds, each repeating whole passes for at least `minimum`.
func measure(rounds: Int, minimum: Duration, _ pass: () throws -> Tally) rethrows -> (seconds: Double, tally: Tally) {
    let clock = ContinuousClock()
    var perPass: [Double] = []
    var tally = Tally()
    for _ in 0..<rounds {
        var passes = 0
        let start = clock.now
        repeat {
            tally = try pass()
            passes += 1
        } while clock.now - start < minimum
        let elapsed = clock.now - start
        perPass.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        perPass[perPass.count - 1] /= Double(passes)
    }
    return (perPass.sorted()[perPass.count / 2], tally)
}

func option(_ name: String, in arguments: inout [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(index...index + 1) }
    return arguments[index + 1]
}

var arguments = Array(CommandLine.arguments.dropFirst())
let rounds = option("--rounds", in: &arguments).flatMap(Int.init) ?? 5
let seconds = option("--seconds", in: &arguments).flatMap(Double.init) ?? 0.5
let directory = arguments.first ?? "../shared/corpus/tv"

var isDirectory: ObjCBool = false
guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
    FileHandle.standardError.write(Data("cartelera-bench: no corpus at \(directory); pass the path to corpus/tv\n".utf8))
    exit(2)
}
let pages = loadCorpus(at: directory)
let totalBytes = pages.reduce(0) { $0 + $1.bytes.count }
print("Workload W: \(pages.count) pages, \(totalBytes) bytes from \(directory)")
print("median of \(rounds) rounds of at least \(seconds) s each\n")

xmlInitParser()
guard let cStep2 = xmlXPathCompile(step2Source), let cStep3 = xmlXPathCompile(step3Source) else {
    FileHandle.standardError.write(Data("cartelera-bench: libxml2 did not compile the workload's XPath\n".utf8))
    exit(1)
}
let step2 = try XPathExpression(step2Source)
let step3 = try XPathExpression(step3Source)
let minimum = Duration.milliseconds(Int(seconds * 1000))

let results: [(name: String, seconds: Double, tally: Tally)] = try [
    ("libxml2 parse only", measure(rounds: rounds, minimum: minimum) { baselineParse(pages) }),
    ("libxml2 parse+extract", measure(rounds: rounds, minimum: minimum) { baselineExtract(pages, cStep2, cStep3) }),
    ("Cartelera parse", measure(rounds: rounds, minimum: minimum) { try swiftParse(pages) }),
    ("Cartelera parse+extract", measure(rounds: rounds, minimum: minimum) { try swiftExtract(pages, step2, step3) }),
].map { ($0.0, $0.1.seconds, $0.1.tally) }
xmlXPathFreeCompExpr(cStep2)
xmlXPathFreeCompExpr(cStep3)

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}
func format(_ value: Double, _ digits: Int) -> String {
    String(format: "%.\(digits)f", value)
}

print(pad("path", 26) + pad("MB/s", 10) + pad("pages/s", 10) + "vs libxml2")
for (index, result) in results.enumerated() {
    let megabytesPerSecond = Double(totalBytes) / 1e6 / result.seconds
    let pagesPerSecond = Double(pages.count) / result.seconds
    // Each Swift path is compared with the libxml2 path doing the same work (parse with parse, extract with extract).
    let baseline = index >= 2 ? results[index - 2].seconds : result.seconds
    let ratio = index >= 2 ? format(result.seconds / baseline, 2) + "× time" : "baseline"
    print(pad(result.name, 26) + pad(format(megabytesPerSecond, 1), 10) + pad(format(pagesPerSecond, 0), 10) + ratio)
}
let parseOnly = results[0].seconds
print("\nCartelera parse+extract vs libxml2 parse only: \(format(results[3].seconds / parseOnly, 2))× time")
for result in results where result.tally != Tally() {
    print(
        "\(pad(result.name, 26)) step 2: \(result.tally.step2Matches) matches, step 3: \(result.tally.step3Matches) matches, "
            + "\(format(Double(result.tally.step3Bytes) / 1e6, 2)) MB of string values")
}
print("reference (BENCHMARKS.md): step 2: 6352 matches, step 3: 57492 matches, about 38–39 MB of string values")
