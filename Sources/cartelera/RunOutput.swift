import ArgumentParser
import CarteleraPipeline
import Foundation
import Logging

/// Runs a scrape or a commit and prints it the way the output calls for: progress on a terminal, one line under cron, JSON on request.
enum RunOutput {
    /// Scrapes into the store, prints, and returns the report; throws the exit status when the run could not start.
    static func run(_ configuration: RunConfiguration, global: GlobalOptions, printsJSON: Bool) async throws -> RunReport {
        let runner = Runner(configuration: configuration, logger: Logger(label: "cartelera"))
        let progress = global.showsProgress
        let report = try await starting { () async throws(RunError) -> RunReport in
            try await runner.run { source in if progress { print(line(for: source)) } }
        }
        try printRun(report, global: global, printsJSON: printsJSON)
        return report
    }

    /// Commits batches into the store, prints, and returns the report; throws the exit status when the commit could not start.
    static func commit(_ configuration: RunConfiguration, batches: [String], keep: Bool, global: GlobalOptions, printsJSON: Bool) async throws -> RunReport {
        let runner = Runner(configuration: configuration, logger: Logger(label: "cartelera"))
        let progress = global.showsProgress
        let report = try await starting { () async throws(RunError) -> RunReport in
            try await runner.commit(batches: batches, keep: keep) { source in if progress { print(line(for: source)) } }
        }
        try printRun(report, global: global, printsJSON: printsJSON)
        return report
    }

    /// Scrapes a shard into batch files, prints, and returns the report.
    static func scrape(_ configuration: RunConfiguration, shard: Shard, into folder: String, global: GlobalOptions) async throws -> BatchReport {
        let runner = Runner(configuration: configuration, logger: Logger(label: "cartelera"))
        let progress = global.showsProgress
        let report = try await starting { () async throws(RunError) -> BatchReport in
            try await runner.scrape(shard: shard, into: folder) { source in if progress { print(line(for: source)) } }
        }
        if global.json {
            try GlobalOptions.printJSON(report)
        } else {
            if !progress { printErrors(of: report.sources) }
            for problem in report.problems { FileHandle.standardError.write(Data("cartelera: \(problem)\n".utf8)) }
            print(summary(report.sources, problems: report.problems.count, seconds: report.seconds,
                          opening: "cartelera: shard \(report.shard) into \(folder): "))
        }
        return report
    }

    /// Runs `work`, turning the reasons a run cannot start into the exit status each deserves.
    private static func starting<Report>(_ work: () async throws(RunError) -> Report) async throws -> Report {
        do {
            return try await work()
        } catch {
            switch error {
            case .store(let storeError) where storeError.kind == .locked:
                throw CommandFailure(description: storeError.description, status: .locked)
            case .store(let storeError):
                throw CommandFailure(description: storeError.description, status: .failed)
            case .batch(let batchError):
                throw CommandFailure(description: batchError.description, status: .failed)
            case .noSources, .unknownSource:
                throw CommandFailure(description: error.description, status: .usage)
            }
        }
    }

    /// Prints a run's report: JSON, or the failed sources' errors and the run's problems on standard error and one summary line.
    private static func printRun(_ report: RunReport, global: GlobalOptions, printsJSON: Bool) throws {
        if printsJSON {
            try GlobalOptions.printJSON(report)
        } else if !global.json {
            if !global.showsProgress { printErrors(of: report.sources) }
            for problem in report.problems { FileHandle.standardError.write(Data("cartelera: \(problem)\n".utf8)) }
            print(summary(report))
        }
    }

    /// Each source that did not end `ok`: its first errors on standard error, for cron mail.
    private static func printErrors(of sources: [SourceReport]) {
        for source in sources where source.status != .ok {
            for error in source.errors.prefix(3) { FileHandle.standardError.write(Data("\(error)\n".utf8)) }
            if source.errors.count > 3 {
                FileHandle.standardError.write(Data("\(source.source): … \(source.errors.count - 3) more in the run report\n".utf8))
            }
        }
    }

    /// The exit status a finished run deserves: configuration errors first, then any failure of a source or of a step.
    static func status(of report: RunReport) -> ExitStatus {
        if report.hasInvalidDefinitions { return .usage }
        return report.allSucceeded ? .ok : .failed
    }

    /// One source's progress line.
    static func line(for source: SourceReport) -> String {
        let mark = source.status == .ok ? "ok    " : source.status.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)
        var text = "\(mark) \(source.source): \(source.items) items, \(source.requests) requests, \(formatBytes(source.bytes)), \(String(format: "%.1f", source.seconds)) s"
        if let error = source.errors.first { text += "\n       \(error)" }
        return text
    }

    /// The one-line summary cron mail shows.
    static func summary(_ report: RunReport) -> String {
        summary(report.sources, problems: report.problems.count, seconds: report.seconds, opening: "cartelera: ")
    }

    /// The summary of some sources' reports: how many of each status, what they yielded, what crossed the network.
    static func summary(_ sources: [SourceReport], problems: Int, seconds: Double, opening: String) -> String {
        let ok = sources.filter { $0.status == .ok }
        let byStatus = Dictionary(grouping: sources.filter { $0.status != .ok }, by: \.status)
        var text = "\(opening)\(sources.count) sources, \(ok.count) ok"
        for status in [SourceReport.Status.partial, .failed, .belowSanityFloor, .invalid] {
            guard let group = byStatus[status] else { continue }
            text += ", \(group.count) \(label(status)) (\(group.map(\.source.rawValue).joined(separator: ", ")))"
        }
        let total = { (count: (SourceReport) -> Int) in sources.reduce(0) { $0 + count($1) } }
        text += "; \(total(\.programmes)) programmes, \(total(\.audiences)) audiences"
        let venues = total(\.venues), nights = total(\.nights)
        // TV-only runs keep the line they always had.
        if venues > 0 || nights > 0 { text += ", \(venues) venues, \(nights) nights" }
        text += "; \(total(\.requests)) requests (\(total(\.notModified)) not modified), \(formatBytes(total(\.bytes)))"
        let pageFailures = total(\.pageFailures), detailFailures = total(\.detailFailures)
        if pageFailures > 0 || detailFailures > 0 { text += ", \(pageFailures) pages and \(detailFailures) detail pages failed" }
        let setAside = total { $0.setAside.count }
        if setAside > 0 { text += ", \(setAside) corrupt shards set aside" }
        if problems > 0 { text += ", \(problems) run problem\(problems == 1 ? "" : "s")" }
        text += "; " + String(format: "%.1f s", seconds)
        return text
    }

    private static func label(_ status: SourceReport.Status) -> String {
        switch status {
        case .ok: "ok"
        case .partial: "partial"
        case .failed: "failed"
        case .belowSanityFloor: "below their sanity floor"
        case .invalid: "invalid"
        }
    }

    static func formatBytes(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? String(format: "%.1f MB", Double(bytes) / 1e6) : String(format: "%.1f kB", Double(bytes) / 1e3)
    }
}
