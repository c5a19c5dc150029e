import Foundation

/// Where tests find the repository's folders and the shared material beside the checkout.
public enum RepositoryPaths {
    /// The package root, found from a test file's `#filePath` (`<root>/Tests/<Target>/<File>.swift`).
    public static func packageRoot(from filePath: String = #filePath) -> String {
        var url = URL(fileURLWithPath: filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
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
