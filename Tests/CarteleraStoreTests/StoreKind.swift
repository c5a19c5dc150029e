import CarteleraModel
import CarteleraStore
import Foundation
import Testing

/// The stores the conformance tests run against.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case file
    case memory

    var testDescription: String {
        switch self {
        case .file: "FileStore"
        case .memory: "MemoryStore"
        }
    }

    /// Runs `body` with a fresh, empty store of this kind, removed afterwards.
    func withStore(_ body: (any Store) throws -> Void) throws {
        switch self {
        case .memory:
            try body(MemoryStore())
        case .file:
            try withTemporaryFolder { root in try body(try FileStore(root: root)) }
        }
    }
}

/// Runs `body` with the path of a new folder under the system temp folder, deleted afterwards.
func withTemporaryFolder(_ body: (String) throws -> Void) throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("cartelera-store-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: url) }
    try body(url.path)
}
