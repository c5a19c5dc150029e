import CarteleraModel
import CarteleraStore
import Foundation
import Testing

@Suite("FileStore checks the schema version")
struct FileStoreSchemaTests {
    @Test("opening a store whose manifest has another schema version fails with a clear message")
    func schemaMismatch() throws {
        try withTemporaryFolder { root in
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            try Data(#"{"schemaVersion":3,"shards":{},"layout":"v3"}"#.utf8).write(to: URL(fileURLWithPath: "\(root)/manifest.json"))
            let error = #expect(throws: StoreError.self) { try FileStore(root: root) }
            #expect(error?.kind == .schemaMismatch)
            #expect(error?.description == "store: manifest.json has schemaVersion 3, this build reads 1...2 (use a cartelera that reads it, or point --store at another folder)")
        }
    }

    @Test("opening a new folder creates the store's tree")
    func createsTree() throws {
        try withTemporaryFolder { root in
            _ = try FileStore(root: root + "/nested/store")
            for folder in ["tv/programmes", "tv/audiences", "tv/news", "nightlife/venues", "nightlife/nights"] {
                var isFolder: ObjCBool = false
                #expect(FileManager.default.fileExists(atPath: "\(root)/nested/store/\(folder)", isDirectory: &isFolder) && isFolder.boolValue)
            }
        }
    }
}
