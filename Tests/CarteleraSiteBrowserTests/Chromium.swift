import CarteleraTesting
import Foundation

/// Headless Chromium through `Browser/browser.py` (its DevTools protocol over a pipe), and the link crawler beside it.
enum Chromium {
    /// The folder of the Python driver and crawler.
    static let scripts = RepositoryPaths.packageRoot() + "/Tests/CarteleraSiteBrowserTests/Browser"

    /// Whether Debian's `chromium` (or the browser `CARTELERA_CHROMIUM` names) is installed: without it the suite is skipped.
    static let isInstalled: Bool = {
        if let explicit = ProcessInfo.processInfo.environment["CARTELERA_CHROMIUM"] { return FileManager.default.isExecutableFile(atPath: explicit) }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { folder in
            ["chromium", "chromium-browser", "google-chrome"].contains { FileManager.default.isExecutableFile(atPath: "\(folder)/\($0)") }
        }
    }()

    /// Runs a plan in one browser and returns what each page did; throws when the browser itself failed.
    static func run(_ plan: Plan, in folder: String) throws -> [PageRun] {
        let file = "\(folder)/plan-\(UUID().uuidString).json"
        try JSONEncoder().encode(plan).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try ExternalCommand.run("python3", ["\(scripts)/browser.py", "batch", file])
        let answer = try? JSONDecoder().decode(Answer.self, from: Data(result.output.utf8))
        guard result.status == 0, let pages = answer?.pages else {
            throw BrowserFailure(description: "browser.py exited \(result.status): \(answer?.error ?? result.output) \(result.errors)")
        }
        return pages
    }

    /// What the crawler finds wrong with the links of a generated site folder.
    static func crawl(_ site: String) throws -> CrawlReport {
        let result = try ExternalCommand.run("python3", ["\(scripts)/crawl.py", site])
        guard result.status <= 1, let report = try? JSONDecoder().decode(CrawlReport.self, from: Data(result.output.utf8)) else {
            throw BrowserFailure(description: "crawl.py exited \(result.status): \(result.errors)")
        }
        return report
    }

    /// A run of pages in one browser, optionally serving a folder on 127.0.0.1 (its address replaces `{server}` in URLs).
    /// Its time limit only stops a browser that hangs: a loaded machine may take several times longer than an idle one.
    struct Plan: Encodable {
        var timeout: Double
        var serve: String?
        var pages: [Visit]
    }

    /// One page to open, and what to do there.
    struct Visit: Encodable {
        var url: String
        var javascript = true
        var width = 1280
        var settle = 300.0
        var actions: [Action] = []
    }

    /// A step on an open page; each gives one value in `PageRun.actions`.
    enum Action: Encodable {
        case evaluate(String)
        case waitFor(String, seconds: Double)
        case click(String)
        case type(selector: String, text: String)

        func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .evaluate(let script): try container.encode(["eval": script])
            case .waitFor(let script, let seconds): try container.encode(WaitFor(waitFor: script, timeout: seconds))
            case .click(let selector): try container.encode(["click": selector])
            case .type(let selector, let text): try container.encode(["type": ["selector": selector, "text": text]])
            }
        }

        private struct WaitFor: Encodable {
            var waitFor: String
            var timeout: Double
        }
    }

    /// What a page did while it was open.
    struct PageRun: Decodable {
        var url: String
        var loadError: String?
        var error: String?
        var actions: [Value]
        var dialogs: [Dialog]
        var console: [Message]
        var exceptions: [Exception]

        /// Everything that went wrong on the page, one line each: nothing for a clean page.
        var problems: [String] {
            [loadError.map { "did not load: \($0)" }, error.map { "driver: \($0)" }].compactMap { $0 }
                + dialogs.map { "a script opened a \($0.type ?? "") dialog: \($0.message ?? "")" }
                + exceptions.map { "uncaught exception: \($0.text ?? "")" }
                + console.filter { $0.type == "error" }.map { "console error: \($0.text ?? "")" }
        }
    }

    /// A JS dialog (alert, confirm, prompt) a page opened.
    struct Dialog: Decodable {
        var type: String?
        var message: String?
    }

    /// A console message.
    struct Message: Decodable {
        var type: String?
        var text: String?
    }

    /// An uncaught exception.
    struct Exception: Decodable {
        var text: String?
    }

    /// A JSON value an action returned.
    enum Value: Decodable, Equatable {
        case null, bool(Bool), number(Double), string(String), array([Value]), object([String: Value])

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .null }
            else if let value = try? container.decode(Bool.self) { self = .bool(value) }
            else if let value = try? container.decode(Double.self) { self = .number(value) }
            else if let value = try? container.decode(String.self) { self = .string(value) }
            else if let value = try? container.decode([Value].self) { self = .array(value) }
            else { self = .object(try container.decode([String: Value].self)) }
        }

        /// The text, if the value is a string.
        var string: String? { if case .string(let text) = self { text } else { nil } }
        /// The strings of an array value.
        var strings: [String] { if case .array(let items) = self { items.compactMap(\.string) } else { [] } }
        /// The number, if the value is one.
        var number: Double? { if case .number(let value) = self { value } else { nil } }
    }

    private struct Answer: Decodable {
        var error: String?
        var pages: [PageRun]?
    }

    /// The crawler's findings.
    struct CrawlReport: Decodable {
        var pages: Int
        var links: Int
        var broken: [Problem]
        var forbidden: [Problem]
        var rootRelative: [Problem]
    }

    /// One bad link: where it is and why.
    struct Problem: Decodable, CustomStringConvertible {
        var page: String
        var element: String
        var attribute: String
        var link: String
        var reason: String?

        var description: String { "\(page): <\(element) \(attribute)=\"\(link)\">\(reason.map { " — \($0)" } ?? "")" }
    }

    /// The driver or the crawler could not run.
    struct BrowserFailure: Error, CustomStringConvertible {
        var description: String
    }
}
