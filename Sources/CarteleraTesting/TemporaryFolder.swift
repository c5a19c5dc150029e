import Foundation

/// A new folder under the system temp folder, deleted with everything in it when the last reference goes.
public final class TemporaryFolder: Sendable {
    /// The folder's absolute path.
    public let path: String

    /// Creates `<tmp>/<prefix>-<uuid>`.
    public init(_ prefix: String = "cartelera") throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
