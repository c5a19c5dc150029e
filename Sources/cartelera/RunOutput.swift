import ArgumentParser
import CarteleraPipeline
import CarteleraSignUps
import Foundation
import Logging

/// Runs a scrape and prints it the way the output calls for: progress on a terminal, one line under cron, JSON on request.
enum RunOutput {
    /// Runs, prints, and returns the report; throws the exit status when the run could not start.
    static func run(_ configuration: RunConfiguration, global: GlobalOptions) async throws -> RunReport {
        let runner = Runner(configuration: configuration, logger: Logger(label: "cartelera"))
        let progress = global.showsProgress
        let report: RunReport
        do {
            report = try await runner.run { source in
                if progress { print(line(for: source)) }
            }
        } catch {
            switch error {
            case .store(let storeError) where storeError.kind == .locked:
                throw CommandFailure(description: storeError.description, status: .locked)
            case .store(let storeError):
                throw CommandFailure(description: storeError.description, status: .failed)
            case .noSources, .unknownSource:
                throw CommandFailure(description: error.description, status: .usage)
            }
        }
        // Sign-ups are personal data: each run deletes those of nights that are over (the retention of `SignUpBook.prune`).
        do {
            _ = try SignUpBook(store: configuration.storeRoot).prune(at: configuration.now)
        } catch {
            FileHandle.standardError.write(Data("cartelera: \(error.description)\n".utf8))
        }
        if global.json {
            try GlobalOptions.printJSON(report)
        } else {
            if !progress {
                for source in report.sources where source.status != .ok {
                    for error in source.errors.prefix(3) { FileHandle.standardError.write(Data("\(error)\n".utf8)) }
                    if source.errors.count > 3 {
                        FileHandle.standardError.write(Data("\(source.source): … \(source.errors.count - 3) more in the run report\n".utf8))
                    }
                }
            }
            for problem in report.problems { FileHandle.standardError.write(Data("cartelera: \(problem)\n".utf8)) }
            print(summary(report))
        }
        return report
    }

    /// The exit status a finished run deserves: configuration errors first, then any failure.
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
        let sources = report.sources
        let ok = sources.filter { $0.status == .ok }
        let byStatus = Dictionary(grouping: sources.filter { $0.status != .ok }, by: \.status)
        var text = "cartelera: \(sources.count) sources, \(ok.count) ok"
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
        if !report.problems.isEmpty { text += ", \(report.problems.count) run problems" }
        text += "; " + String(format: "%.1f s", report.seconds)
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
