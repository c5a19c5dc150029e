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

    @Option(name: .long, help: ArgumentHelp(
        "The configuration file: sources to run, folders, the guide's zone (default: $CARTELERA_CONFIG, ./cartelera.yaml, or the installed etc/cartelera/cartelera.yaml).",
        valueName: "file"))
    var config: String?

    /// Reads the configuration while the command line is parsed: the folders below come from it, so a broken file must
    /// stop every command before it runs, with the file, the line and exit code 2.
    func validate() throws {
        do {
            _ = try configuration()
        } catch let failure as CommandFailure {
            // ArgumentParser would print any other error with "Error: " and exit 1.
            FileHandle.standardError.write(Data("cartelera: \(failure.description)\n".utf8))
            throw ExitCode(failure.status.rawValue)
        }
    }

    /// The configuration file in use, read once; the defaults when there is none. A broken file is a usage failure naming it.
    func configuration() throws -> Configuration {
        try Configuration.load(Configuration.locate(flag: config, environment: ProcessInfo.processInfo.environment))
    }

    /// A folder: the flag, else the environment variable, else the configuration file, else `fallback`.
    func folder(_ flag: String?, variable: String?, _ setting: Configuration.Folder, else fallback: () -> String) -> String {
        if let flag { return flag }
        if let variable, let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty { return value }
        return (try? configuration())?.folders[setting] ?? fallback()
    }

    /// The sources folder in use: the flag, the environment, the configuration, the working folder's, or the installed one.
    var scrapersDirectory: String {
        folder(scrapers, variable: "CARTELERA_SCRAPERS", .scrapers) { DefaultPaths.scrapers(environment: [:]) }
    }

    /// The store folder in use: the flag, the environment, the configuration, or `out/store`.
    var storeDirectory: String {
        folder(store, variable: "CARTELERA_STORE", .store) { "out/store" }
    }

    /// The published folder: `--output`, `$CARTELERA_OUTPUT`, the configuration, or `public` beside the store.
    func outputDirectory(_ flag: String?) -> String {
        folder(flag, variable: "CARTELERA_OUTPUT", .output) { DefaultPaths.output(besideStore: storeDirectory) }
    }

    /// Throws a usage failure unless the sources folder (`folder`, else the one in use) exists, naming where it looked.
    func requireScrapers(_ chosen: String? = nil) throws {
        var isDirectory: ObjCBool = false
        let folder = chosen ?? scrapersDirectory
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
        var text = JSONIndentation.prettyPrinted(bytes)
        text.append(UInt8(ascii: "\n"))
        // The bytes as they are (the engine writes valid UTF-8), without making a string of them first.
        text.withUnsafeMutableBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            FileHandle.standardOutput.write(Data(bytesNoCopy: base, count: bytes.count, deallocator: .none))
        }
    }
}

/// Where things are when no flag says: for cron, which runs in the home folder, and for an installed binary.
enum DefaultPaths {
    /// `$CARTELERA_SCRAPERS`, else `./Scrapers` when it exists, else `<prefix>/share/cartelera/Scrapers` beside the installed binary, else `Scrapers`.
    static func scrapers(environment: [String: String]) -> String {
        installed("Scrapers", variable: "CARTELERA_SCRAPERS", environment: environment)
    }

    /// The sample sources' folder: `flag`, else `$CARTELERA_SCRAPERS`, else `./Scrapers` (the repository keeps them beside the
    /// real ones), else `<prefix>/share/cartelera/Samples`, where `make install` puts them apart from the real definitions.
    static func samples(flag: String?) -> String {
        if let flag { return flag }
        if let configured = ProcessInfo.processInfo.environment["CARTELERA_SCRAPERS"], !configured.isEmpty { return configured }
        if FileManager.default.fileExists(atPath: "Scrapers") { return "Scrapers" }
        return installed("Samples", variable: "CARTELERA_SAMPLES", environment: [:])
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

    /// How to type this binary in a printed command: as it was typed to start this process (`.build/debug/cartelera`
    /// after `make demo`, `cartelera` when the shell found it on `PATH`), so the command works from the same folder.
    static func commandName() -> String {
        let typed = CommandLine.arguments.first ?? "cartelera"
        return typed.contains(" ") ? "'\(typed)'" : typed
    }

    /// The running binary's path, read from /proc so a symlinked or PATH-found binary resolves.
    static func executablePath() -> String? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first
    }
}
