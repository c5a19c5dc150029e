import ArgumentParser

/// The exit codes cron and scripts can rely on.
enum ExitStatus: Int32 {
    /// Everything worked.
    case ok = 0
    /// Something failed: a source (its last good data kept), a step of the run, a read of the store, a published file, a check;
    /// or `shake` found nothing to pick.
    case failed = 1
    /// Bad usage or configuration.
    case usage = 2
    /// Another run holds the store's lock.
    case locked = 3

    /// Which of two statuses a command that did two things reports: a lock, then usage, then a failure.
    var severity: Int {
        switch self {
        case .ok: 0
        case .failed: 1
        case .usage: 2
        case .locked: 3
        }
    }

    /// The table shown in `--help`.
    static let help = """
        Exit codes:
          0  all good
          1  something failed: some sources, partly or wholly (their last good data was kept), a step of the run, a read
             of the store, a file to publish or a check; or shake found nothing to pick
          2  bad usage or configuration (an invalid definition fails only its source; the others still run)
          3  another run holds the store's lock
        """
}

/// A failure the command reports in one line before exiting with its status.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    var status: ExitStatus
}
