import Foundation

/// Runs a validator or parser from outside the project (xmllint, python3, a compiled checker) and captures its output.
public enum ExternalCommand {
    /// What a command printed and how it ended.
    public struct Result: Sendable {
        /// The exit status.
        public var status: Int32
        /// Standard output.
        public var output: String
        /// Standard error.
        public var errors: String
    }

    /// Runs `executable` (a path, or a name found on PATH) with `arguments`, with `environment` added, in `directory`
    /// (this process's own by default), and waits for it.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:], in directory: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Standard error is drained on another thread so neither pipe can fill up and block the child.
        let errorData = LockedData()
        let reader = Thread { errorData.set(errors.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                      errors: String(decoding: errorData.wait(), as: UTF8.self))
    }

    /// `Tests/CarteleraFeedsTests/Validators/check_feeds.py` over published files: what Python's icalendar and
    /// jsonschema (against JSON Feed 1.1) read in them, keyed by file, or the one-line error.
    public static func checkFeeds(_ files: [String], from filePath: String = #filePath) throws -> (result: [String: Any], errors: String) {
        let script = RepositoryPaths.packageRoot(from: filePath) + "/Tests/CarteleraFeedsTests/Validators/check_feeds.py"
        let result = try run("python3", [script] + files)
        guard result.status == 0 else { return ([:], result.errors + " (make test-deps installs icalendar and jsonschema)") }
        return ((try? JSONSerialization.jsonObject(with: Data(result.output.utf8))) as? [String: Any] ?? [:], "")
    }
}

/// Data filled in by one thread and waited for by another.
private final class LockedData: @unchecked Sendable {
    private let condition = NSCondition()
    private var data: Data?

    func set(_ value: Data) {
        condition.lock()
        data = value
        condition.signal()
        condition.unlock()
    }

    func wait() -> Data {
        condition.lock()
        defer { condition.unlock() }
        while data == nil { condition.wait() }
        return data ?? Data()
    }
}
