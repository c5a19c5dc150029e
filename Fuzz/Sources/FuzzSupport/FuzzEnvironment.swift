import CarteleraModel
import Foundation
import Logging

/// What every harness shares: the repository's folders, a fixed clock and a silent logger.
public enum FuzzEnvironment {
    /// The repository root: `CARTELERA_ROOT`, else the checkout this file was compiled from.
    public static let repositoryRoot: String = {
        if let root = ProcessInfo.processInfo.environment["CARTELERA_ROOT"], !root.isEmpty { return root }
        // This file is <root>/Fuzz/Sources/FuzzSupport/FuzzEnvironment.swift.
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The source definitions the harnesses run: `<root>/Scrapers`.
    public static var scrapersDirectory: String { "\(repositoryRoot)/Scrapers" }

    /// The run's clock, fixed so an input behaves the same every time: 2026-11-27T12:00:00Z.
    public static let now = Timestamp(secondsSince1970: 1_795_780_800)

    /// The day scraped when the input names none.
    public static let day = Day(year: 2026, month: 11, day: 27) ?? Day(daysSince1970: 0)

    /// A logger that drops everything: libFuzzer's output is the report.
    public static let logger = Logger(label: "cartelera.fuzz") { _ in SwiftLogNoOpLogHandler() }
}
