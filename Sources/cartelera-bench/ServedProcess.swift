import CarteleraBench
import Foundation

/// A server started as a child process that prints its port on its first line.
final class ServedProcess: @unchecked Sendable {
    let process = Process()
    let port: Int

    /// Starts `executable arguments` and reads the port from the first line it prints (`{"url":"http://…:PORT"}` or `listening on PORT`).
    init(_ executable: String, _ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") { line.append(first) }
        let text = String(decoding: line, as: UTF8.self)
        guard let digits = text.split(whereSeparator: { !$0.isNumber }).last, let port = Int(digits), port > 0 else {
            process.terminate()
            throw BenchFailure("\(executable) \(arguments.first ?? ""): no port in its first line (\(text))")
        }
        self.port = port
    }

    /// The server's memory, in megabytes: the peak resident memory (VmHWM) of its largest process, and the proportional
    /// set size of all its processes now (the server and the workers it forked).
    ///
    /// Resident memory counts a shared page once in every process that maps it, and once per map in a process that maps a
    /// file several times (a database connection per thread, each with its own memory map); the proportional set size
    /// divides each page among the processes that map it, so the sum over processes counts every page once.
    func memory() -> (peakResident: Double, proportional: Double) {
        var peak = 0.0, proportional = 0.0
        for pid in processTree() {
            peak = max(peak, Self.kilobytes("VmHWM:", in: "/proc/\(pid)/status"))
            proportional += Self.kilobytes("Pss:", in: "/proc/\(pid)/smaps_rollup")
        }
        return (peak / 1024, proportional / 1024)
    }

    /// Waits until the server's processes have used at most one clock tick of CPU in a tenth of a second (for at most
    /// `timeout` seconds): the connections of a load run are gone when wrk ends, but the requests they sent may still
    /// be answered, and the next run would share the server with them.
    func waitUntilIdle(timeout: Double = 30) {
        let deadline = Date().addingTimeInterval(timeout)
        var ticks = cpuTicks()
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            let now = cpuTicks()
            if now - ticks <= 1 { return }
            ticks = now
        }
    }

    /// The CPU time the process and its descendants have used, in clock ticks (user and system time from /proc).
    private func cpuTicks() -> Int {
        processTree().reduce(0) { total, pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let end = stat.lastIndex(of: ")") else { return total }
            // After the command's name: the state is field 3 of the line, user time 14 and system time 15.
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return total }
            return total + user + system
        }
    }

    /// The process and its descendants, found by the parent of each process in /proc.
    private func processTree() -> [Int32] {
        var parents: [Int32: [Int32]] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let end = stat.lastIndex(of: ")") else { continue }
            // After the command's name in parentheses: the state, then the parent's id.
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            if fields.count > 1, let parent = Int32(fields[1]) { parents[parent, default: []].append(pid) }
        }
        var tree = [process.processIdentifier], next = 0
        while next < tree.count {
            tree += parents[tree[next]] ?? []
            next += 1
        }
        return tree
    }

    /// The value in kB of the line starting with `key` in a /proc file, or 0 when the process or the line is gone.
    private static func kilobytes(_ key: String, in path: String) -> Double {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key) }) else { return 0 }
        return line.split(separator: " ").compactMap { Double($0) }.first ?? 0
    }

    /// Stops it with SIGTERM and waits.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        // A server still answering the load's backlog gets a grace period, then is killed.
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
