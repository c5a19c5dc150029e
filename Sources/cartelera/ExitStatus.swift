import ArgumentParser

/// The exit codes cron and scripts can rely on.
enum ExitStatus: Int32 {
    /// Everything worked.
    case ok = 0
    /// Some sources failed; their last good data was kept.
    case sourcesFailed = 1
    /// Bad usage or configuration.
    case usage = 2
    /// Another run holds the store's lock.
    case locked = 3

    var code: ExitCode { ExitCode(rawValue) }

    /// Which of two statuses a command that did two things reports: a lock, then usage, then failed sources.
    var severity: Int {
        switch self {
        case .ok: 0
        case .sourcesFailed: 1
        case .usage: 2
        case .locked: 3
        }
    }

    /// The table shown in `--help`.
    static let help = """
        Exit codes:
          0  all good
          1  some sources failed, partly or wholly, or the run could not finish a step (their last good data was kept)
          2  bad usage or configuration (an invalid definition fails only its source; the others still run)
          3  another run holds the store's lock
        """
}

/// A failure the command reports in one line before exiting with its status.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    var status: ExitStatus
}
