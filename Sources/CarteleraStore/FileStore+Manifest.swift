import CarteleraCore
import CarteleraModel
import Foundation
import Logging

extension FileStore {
    static let manifestName = "manifest.json"

    /// Only the version, so a manifest from another schema is recognised even if its shape changed.
    private struct SchemaProbe: Decodable {
        var schemaVersion: Int
    }

    /// Reads `manifest.json`; empty when absent, `.corrupt` when unreadable.
    public func manifest() throws(StoreError) -> Manifest {
        guard let data = try POSIX.readFile(path(Self.manifestName)) else { return Manifest() }
        try checkSchemaVersion(of: data)
        return try JSONCoding.decode(Manifest.self, from: data, file: Self.manifestName)
    }

    /// Throws `.schemaMismatch` when the manifest on disk names another schema version.
    func checkSchemaVersion() throws(StoreError) {
        guard let data = try POSIX.readFile(path(Self.manifestName)) else { return }
        try checkSchemaVersion(of: data)
    }

    private func checkSchemaVersion(of data: Data) throws(StoreError) {
        guard let probe = try? JSONDecoder().decode(SchemaProbe.self, from: data),
              probe.schemaVersion != Manifest.currentSchemaVersion else { return }
        throw StoreError(
            kind: .schemaMismatch, file: Self.manifestName,
            detail: "has schemaVersion \(probe.schemaVersion), this build reads \(Manifest.currentSchemaVersion)"
        )
    }

    /// The manifest to update in a commit: the one on disk, or one rebuilt from the shard files when it is
    /// missing or corrupt, so a damaged index heals on the next write instead of blocking it. `onDisk` is
    /// false for a rebuilt one, which must be written even if the commit changes nothing.
    func manifestForWriting(at time: Timestamp) throws(StoreError) -> (manifest: Manifest, onDisk: Bool) {
        do throws(StoreError) {
            if POSIX.exists(path(Self.manifestName)) { return (try manifest(), true) }
        } catch let error where error.kind == .corrupt {
            logger.warning("rebuilding the manifest", metadata: ["store.file": "\(Self.manifestName)", "store.error": "\(error.detail)"])
        }
        return (try rebuiltManifest(at: time), false)
    }

    /// A manifest listing every readable shard file; corrupt shards are left out until they are rewritten.
    private func rebuiltManifest(at time: Timestamp) throws(StoreError) -> Manifest {
        var manifest = Manifest()
        for key in try shardKeys() {
            guard let data = try POSIX.readFile(path(key.relativePath)) else { continue }
            do {
                manifest[key] = Manifest.Entry(items: try ShardCodec.itemCount(data, for: key), hash: FNV1a.hex(data), updated: time)
            } catch {
                logger.info("left a corrupt shard out of the manifest", metadata: ["store.shard": "\(key)", "store.error": "\(error.detail)"])
            }
        }
        return manifest
    }

    /// Writes the manifest; called last in a commit so it never lists a shard not yet on disk.
    func writeManifest(_ manifest: Manifest) throws(StoreError) {
        let data: Data
        do {
            data = try JSONCoding.encode(manifest)
        } catch {
            throw StoreError(kind: .io, file: Self.manifestName, detail: "cannot encode: \(error)")
        }
        try AtomicFile.write(data, to: path(Self.manifestName))
    }
}
