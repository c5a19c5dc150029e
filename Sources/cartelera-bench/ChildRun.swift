#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// One command run to its end in a child process: how long it took, its own peak memory and what it printed.
///
/// Spawned and reaped here rather than through Foundation's `Process`, because only `wait4` gives one child's resource
/// use: `getrusage(RUSAGE_CHILDREN)` keeps the largest child so far, so a peer that peaked higher earlier would show as
/// ours.
struct ChildRun {
    /// Wall-clock seconds from the spawn to the exit.
    var seconds: Double
    /// The child's peak resident memory, in megabytes (its `ru_maxrss`).
    var peakMegabytes: Double
    /// Its standard output.
    var output: Data

    /// Runs `executable arguments` (standard error passed through) and waits for it; throws when it cannot start or
    /// ends with another status than 0.
    static func run(_ executable: String, _ arguments: [String]) throws -> ChildRun {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { throw BenchFailure("cannot make a pipe: \(String(cString: strerror(errno)))") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        posix_spawn_file_actions_addclose(&actions, pipe[1])
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let started = Date()
        let spawned = posix_spawn(&child, executable, &actions, nil, argv, environ)
        close(pipe[1])
        guard spawned == 0 else {
            close(pipe[0])
            throw BenchFailure("cannot run \(executable): \(String(cString: strerror(spawned)))", exitCode: 2)
        }
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(pipe[0], &buffer, buffer.count)
            if count > 0 {
                output.append(contentsOf: buffer[0..<count])
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        close(pipe[0])
        var status: Int32 = 0
        var usage = rusage()
        while wait4(child, &status, 0, &usage) < 0, errno == EINTR {}
        let seconds = Date().timeIntervalSince(started)
        // WIFEXITED and WEXITSTATUS, which Swift does not import: the low 7 bits are the signal, the next 8 the exit code.
        let signal = status & 0x7f, code = (status >> 8) & 0xff
        guard signal == 0, code == 0 else {
            let ending = signal == 0 ? "exited \(code)" : "was killed by signal \(signal)"
            throw BenchFailure("\(executable) \(arguments.joined(separator: " ")) \(ending)")
        }
        return ChildRun(seconds: seconds, peakMegabytes: Double(usage.ru_maxrss) / 1024, output: output)
    }
}
