import ArgumentParser
import Foundation
import Logging

/// Flags every command shares.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The folder of source definitions.", valueName: "dir"))
    var scrapers: String = "Scrapers"

    @Option(name: .long, help: ArgumentHelp("The store's folder.", valueName: "dir"))
    var store: String = "out/store"

    @Flag(name: .long, help: "Print machine-readable JSON instead of text.")
    var json = false

    @Flag(name: [.short, .long], help: "Log what happens (info level) to standard error.")
    var verbose = false

    @Flag(name: .long, help: "Log everything (debug level) to standard error.")
    var debug = false

    func validate() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: scrapers, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("no sources folder at \(scrapers) (run from the repository root or pass --scrapers DIR)")
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
}
