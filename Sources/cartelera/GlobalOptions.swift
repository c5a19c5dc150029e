import ArgumentParser
import CarteleraCore
import Foundation
import Logging

/// Flags every command shares.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The folder of source definitions (default: $CARTELERA_SCRAPERS, ./Scrapers, or the installed share/cartelera/Scrapers).",
        valueName: "dir"))
    var scrapers: String?

    @Option(name: .long, help: ArgumentHelp("The store's folder (default: $CARTELERA_STORE or out/store).", valueName: "dir"))
    var store: String?

    @Flag(name: .long, help: "Print machine-readable JSON instead of text.")
    var json = false

    @Flag(name: [.short, .long], help: "Log each request, robots decision and warning (info level) to standard error.")
    var verbose = false

    @Flag(name: .long, help: "Log everything (debug level) to standard error.")
    var debug = false

    /// The sources folder in use: the flag, the environment, the working folder's, or the installed one.
    var scrapersDirectory: String {
        if let scrapers { return scrapers }
        return DefaultPaths.scrapers(environment: ProcessInfo.processInfo.environment)
    }

    /// The store folder in use: the flag, the environment, or `out/store`.
    var storeDirectory: String {
        store ?? ProcessInfo.processInfo.environment["CARTELERA_STORE"].flatMap { $0.isEmpty ? nil : $0 } ?? "out/store"
    }

    /// Throws a usage failure unless the sources folder exists, naming where it looked.
    func requireScrapers() throws {
        var isDirectory: ObjCBool = false
        let folder = scrapersDirectory
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandFailure(
                description: "no sources folder at \(folder) (pass --scrapers DIR, set CARTELERA_SCRAPERS, or run from the repository root)",
                status: .usage)
        }
    }

    /// Sets up logging once: notice and above by default so cron mail stays quiet.
    func bootstrapLogging() {
        let level: Logger.Level = debug ? .debug : verbose ? .info : .notice
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }

    /// Whether progress lines suit the output: a terminal, and not JSON.
    var showsProgress: Bool { !json && isatty(STDOUT_FILENO) == 1 }

    /// Prints a value as pretty, key-sorted JSON on standard output.
    static func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// Prints compact JSON (a query's answer as the engine writes it) laid out as `printJSON` lays out what it encodes.
    static func printJSON(compact bytes: [UInt8]) {
        print(String(decoding: JSONIndentation.prettyPrinted(bytes), as: UTF8.self))
    }
}

/// Where things are when no flag says: for cron, which runs in the home folder, and for an installed binary.
enum DefaultPaths {
    /// `$CARTELERA_SCRAPERS`, else `./Scrapers` when it exists, else `<prefix>/share/cartelera/Scrapers` beside the installed binary, else `Scrapers`.
    static func scrapers(environment: [String: String]) -> String {
        installed("Scrapers", variable: "CARTELERA_SCRAPERS", environment: environment)
    }

    /// `$<variable>`, else `./<folder>` when it exists, else `<prefix>/share/cartelera/<folder>` beside the installed binary, else `<folder>`.
    static func installed(_ folder: String, variable: String, environment: [String: String]) -> String {
        if let configured = environment[variable], !configured.isEmpty { return configured }
        if FileManager.default.fileExists(atPath: folder) { return folder }
        if let executable = executablePath() {
            let installed = URL(fileURLWithPath: executable).deletingLastPathComponent()
                .appendingPathComponent("../share/cartelera/\(folder)").standardizedFileURL.path
            if FileManager.default.fileExists(atPath: installed) { return installed }
        }
        return folder
    }

    /// The published folder beside a store: `out/store` → `out/public`.
    static func output(besideStore store: String) -> String {
        URL(fileURLWithPath: store).deletingLastPathComponent().appendingPathComponent("public").path
    }

    /// The cache folder beside a store: `out/store` → `out/cache`.
    static func cache(besideStore store: String) -> String {
        URL(fileURLWithPath: store).deletingLastPathComponent().appendingPathComponent("cache").path
    }

    /// The running binary's path, read from /proc so a symlinked or PATH-found binary resolves.
    static func executablePath() -> String? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first
    }
}
