import ArgumentParser
import CarteleraPipeline
import Foundation
import Logging

/// Runs a scrape and prints it the way the output calls for: progress on a terminal, one line under cron, JSON on request.
enum RunOutput {
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
                throw CommandFailure(description: storeError.description, status: .sourcesFailed)
            case .definitions, .unknownSource:
                throw CommandFailure(description: error.description, status: .usage)
            }
        }
        if global.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            if !progress {
                for source in report.sources where source.status != .ok {
                    for error in source.errors.prefix(3) { FileHandle.standardError.write(Data("\(error)\n".utf8)) }
                }
            }
            print(summary(report))
        }
        return report
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
        let failed = report.sources.filter { $0.status != .ok }
        let programmes = report.sources.reduce(0) { $0 + $1.programmes }
        let audiences = report.sources.reduce(0) { $0 + $1.audiences }
        let venues = report.sources.reduce(0) { $0 + $1.venues }
        let nights = report.sources.reduce(0) { $0 + $1.nights }
        let requests = report.sources.reduce(0) { $0 + $1.requests }
        let notModified = report.sources.reduce(0) { $0 + $1.notModified }
        let bytes = report.sources.reduce(0) { $0 + $1.bytes }
        var text = "cartelera: \(report.sources.count) sources, \(report.sources.count - failed.count) ok"
        if !failed.isEmpty { text += ", \(failed.count) failed (\(failed.map(\.source.rawValue).joined(separator: ", ")))" }
        text += "; \(programmes) programmes, \(audiences) audiences"
        // TV-only runs keep the line they always had.
        if venues > 0 || nights > 0 { text += ", \(venues) venues, \(nights) nights" }
        text += "; \(requests) requests (\(notModified) not modified), \(formatBytes(bytes)); "
        text += String(format: "%.1f s", report.seconds)
        return text
    }

    static func formatBytes(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? String(format: "%.1f MB", Double(bytes) / 1e6) : String(format: "%.1f kB", Double(bytes) / 1e3)
    }
}
