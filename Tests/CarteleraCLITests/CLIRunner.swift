import CarteleraTesting
import Foundation

/// Runs the built `cartelera` binary and captures what it prints.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The binary next to the test bundle (`.build/<config>/cartelera`).
    static let binary: String = {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return executable.deletingLastPathComponent().appendingPathComponent("cartelera").path
    }()

    /// Runs `cartelera <arguments>` in `directory` (the package root by default), with `environment` added to this process's.
    static func run(_ arguments: [String], in directory: String = RepositoryPaths.packageRoot(), environment: [String: String] = [:]) throws -> Result {
        let process = try start(arguments, in: directory, environment: environment)
        // Both pipes are drained at once so neither can fill up and block the child.
        let stderr = Drain(process.standardError)
        let stdout = (process.standardOutput as? Pipe)?.fileHandleForReading.readDataToEndOfFile() ?? Data()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr.wait(), as: UTF8.self))
    }

    /// Starts `cartelera <arguments>` with piped output, for commands that keep running (`demo --serve`).
    static func start(_ arguments: [String], in directory: String = RepositoryPaths.packageRoot(), environment: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        try process.run()
        return process
    }

    /// Runs a command line through `/bin/sh -c` in `directory`, as a user types it there.
    static func runShell(_ command: String, in directory: String) throws -> Result {
        let process = try startShell(command, in: directory)
        let stderr = Drain(process.standardError)
        let stdout = (process.standardOutput as? Pipe)?.fileHandleForReading.readDataToEndOfFile() ?? Data()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr.wait(), as: UTF8.self))
    }

    /// Starts a command line through `/bin/sh -c` (with `exec`, so terminating it stops the command) with piped output.
    static func startShell(_ command: String, in directory: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec " + command]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        try process.run()
        return process
    }

    /// Reads a pipe to its end on a thread of its own.
    final class Drain: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ output: Any?) {
            let handle = (output as? Pipe)?.fileHandleForReading
            Thread.detachNewThread { [self] in
                data = handle?.readDataToEndOfFile() ?? Data()
                done.signal()
            }
        }

        func wait() -> Data {
            done.wait()
            return data
        }
    }
}
