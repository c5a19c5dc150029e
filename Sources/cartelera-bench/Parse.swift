import ArgumentParser
import CLibxml2
import CarteleraMarkup
import Foundation

/// `cartelera-bench parse [DIR]`: workload W of ../shared/BENCHMARKS.md.
struct Parse: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Parse and extract every .html and .xml page of the TV corpus (workload W), through libxml2 directly and through Cartelera.",
        discussion: "Prints MB/s and pages/s of each path, the median of --rounds rounds of at least --seconds each, and the match counts beside the reference's.")

    @Argument(help: ArgumentHelp("The corpus folder (default ../shared/corpus/tv).", valueName: "dir"))
    var directory = "../shared/corpus/tv"

    @Option(name: .long, help: ArgumentHelp("Rounds per path; the median is printed.", valueName: "n"))
    var rounds = 5

    @Option(name: .long, help: ArgumentHelp("The least time each round repeats its passes for.", valueName: "seconds"))
    var seconds = 0.5

    func validate() throws {
        guard (1...1_000).contains(rounds) else { throw ValidationError("--rounds must be from 1 to 1000") }
        guard seconds > 0, seconds <= 600 else { throw ValidationError("--seconds must be above 0 and at most 600") }
    }

    func run() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw BenchFailure("no corpus at \(directory); pass the path to corpus/tv", exitCode: 2)
        }
        let pages = ParseBenchmark.loadCorpus(at: directory)
        let totalBytes = pages.reduce(0) { $0 + $1.bytes.count }
        print("Workload W: \(pages.count) pages, \(totalBytes) bytes from \(directory)")
        print("median of \(rounds) rounds of at least \(seconds) s each\n")

        xmlInitParser()
        guard let cStep2 = xmlXPathCompile(ParseBenchmark.step2Source), let cStep3 = xmlXPathCompile(ParseBenchmark.step3Source) else {
            throw BenchFailure("libxml2 did not compile the workload's XPath")
        }
        defer {
            xmlXPathFreeCompExpr(cStep2)
            xmlXPathFreeCompExpr(cStep3)
        }
        let step2 = try XPathExpression(ParseBenchmark.step2Source)
        let step3 = try XPathExpression(ParseBenchmark.step3Source)
        let minimum = Duration.milliseconds(Int(seconds * 1000))
        let rounds = self.rounds
        let results: [(name: String, seconds: Double, tally: ParseBenchmark.Tally)] = try [
            ("libxml2 parse only", ParseBenchmark.measure(rounds: rounds, minimum: minimum) { ParseBenchmark.baselineParse(pages) }),
            ("libxml2 parse+extract", ParseBenchmark.measure(rounds: rounds, minimum: minimum) { ParseBenchmark.baselineExtract(pages, cStep2, cStep3) }),
            ("Cartelera parse", ParseBenchmark.measure(rounds: rounds, minimum: minimum) { try ParseBenchmark.swiftParse(pages) }),
            ("Cartelera parse+extract", ParseBenchmark.measure(rounds: rounds, minimum: minimum) { try ParseBenchmark.swiftExtract(pages, step2, step3) }),
        ].map { ($0.0, $0.1.seconds, $0.1.tally) }

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
        for result in results where result.tally != ParseBenchmark.Tally() {
            print(
                "\(pad(result.name, 26)) step 2: \(result.tally.step2Matches) matches, step 3: \(result.tally.step3Matches) matches, "
                    + "\(format(Double(result.tally.step3Bytes) / 1e6, 2)) MB of string values")
        }
        print("reference (BENCHMARKS.md): step 2: 6352 matches, step 3: 57492 matches, about 38–39 MB of string values")
    }
}

/// The four paths of workload W, each a pass over the corpus returning what it found.
enum ParseBenchmark {
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

    static let step2Source = "//*[contains(@class,'prog') or contains(@class,'time') or contains(@class,'title')]"
    static let step3Source = "//*[self::td or self::li or self::div]"

    // The options Document uses, minus IGNORE_ENC: the baseline lets libxml2 detect encodings itself.
    static let htmlOptions = Int32(
        HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue)
    static let xmlOptions = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_COMPACT.rawValue)

    static func loadCorpus(at directory: String) -> [Page] {
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
    static func cParse(_ page: Page) -> xmlDocPtr? {
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
    static func libxmlFree(_ pointer: UnsafeMutableRawPointer) {
        var free: xmlFreeFunc?
        xmlMemGet(&free, nil, nil, nil)
        free?(pointer)
    }

    /// Path 1: libxml2 parse only.
    static func baselineParse(_ pages: [Page]) -> Tally {
        for page in pages {
            if let document = cParse(page) { xmlFreeDoc(document) }
        }
        return Tally()
    }

    /// Path 2: steps 1–4 in C terms through libxml2 directly, the yardstick for the Swift extract path.
    static func baselineExtract(_ pages: [Page], _ step2: xmlXPathCompExprPtr, _ step3: xmlXPathCompExprPtr) -> Tally {
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
    static func swiftDocument(_ page: Page) throws(MarkupError) -> Document? {
        do {
            return page.isXML ? try Document.xml(page.bytes, url: page.path) : try Document.html(page.bytes, url: page.path)
        } catch where error.kind == .empty {
            return nil
        }
    }

    /// Path 3: Document.html / Document.xml, charset detection included.
    static func swiftParse(_ pages: [Page]) throws -> Tally {
        for page in pages {
            _ = try swiftDocument(page)
        }
        return Tally()
    }

    /// Path 4: steps 1–4 through the Swift API with expressions compiled once.
    static func swiftExtract(_ pages: [Page], _ step2: XPathExpression, _ step3: XPathExpression) throws -> Tally {
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
    static func measure(rounds: Int, minimum: Duration, _ pass: () throws -> Tally) rethrows -> (seconds: Double, tally: Tally) {
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
}
