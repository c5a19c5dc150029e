import Foundation

/// Where tests find the repository's folders and the shared material beside the checkout.
public enum RepositoryPaths {
    /// The package root: the nearest folder holding Package.swift above the caller's `#filePath`.
    public static func packageRoot(from filePath: String = #filePath) -> String {
        // The nearest folder above the source file that holds Package.swift: callers sit at different depths.
        var url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.path + "/Package.swift") { return url.path }
            url.deleteLastPathComponent()
        }
        var fallback = URL(fileURLWithPath: filePath)
        for _ in 0..<3 { fallback.deleteLastPathComponent() }
        return fallback.path
    }

    /// The `Scrapers/` folder of the checkout.
    public static func scrapers(from filePath: String = #filePath) -> String {
        packageRoot(from: filePath) + "/Scrapers"
    }

    /// `../shared/<relative>` beside the checkout (or beside a parent folder, for git worktrees), if it exists.
    public static func shared(_ relative: String, from filePath: String = #filePath) -> String? {
        var url = URL(fileURLWithPath: packageRoot(from: filePath))
        for _ in 0..<3 {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent("shared").appendingPathComponent(relative).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// A new empty folder under the system's temporary directory.
    public static func temporaryDirectory(_ prefix: String = "cartelera") throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
