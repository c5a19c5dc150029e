import CarteleraCore
import CarteleraModel
import CarteleraOutput
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
        if let manifest = Manifest.canonical(data) { return manifest }
        return try JSONCoding.decode(Manifest.self, from: data, file: Self.manifestName)
    }

    /// Throws `.schemaMismatch` when the manifest on disk names a schema version this build cannot read.
    func checkSchemaVersion() throws(StoreError) {
        guard let data = try POSIX.readFile(path(Self.manifestName)) else { return }
        try checkSchemaVersion(of: data)
    }

    private func checkSchemaVersion(of data: Data) throws(StoreError) {
        guard let version = Manifest.canonicalSchemaVersion(data) ?? (try? JSONDecoder().decode(SchemaProbe.self, from: data))?.schemaVersion,
              !Manifest.readableSchemaVersions.contains(version) else { return }
        throw StoreError(
            kind: .schemaMismatch, file: Self.manifestName,
            detail: "has schemaVersion \(version), this build reads \(Manifest.readableSchemaVersions)"
        )
    }

    /// The manifest to update in a commit: the one on disk, or one rebuilt from the shard files when it is
    /// missing or corrupt, so a damaged index heals on the next write instead of blocking it. `rebuilt` says
    /// the manifest must be written even if the commit changes no shard.
    func manifestForWriting(at time: Timestamp) throws(StoreError) -> (manifest: Manifest, rebuilt: Bool) {
        do throws(StoreError) {
            if POSIX.exists(path(Self.manifestName)) {
                var manifest = try manifest()
                manifest.schemaVersion = Manifest.currentSchemaVersion
                return (manifest, false)
            }
        } catch let error where error.kind == .corrupt {
            logger.warning("rebuilding the manifest", metadata: ["store.file": "\(Self.manifestName)", "store.error": "\(error.detail)"])
            return (try rebuiltManifest(at: time, lostGeneration: true), true)
        }
        // No manifest at all: a new store (nothing to write) or one whose manifest was deleted (write the rebuilt one).
        let rebuilt = try rebuiltManifest(at: time, lostGeneration: false)
        return (rebuilt, !rebuilt.shards.isEmpty)
    }

    /// A manifest listing every readable shard file; corrupt shards are left out until they are rewritten.
    ///
    /// A store with shards but no readable manifest lost its generation: the rebuilt one takes the current
    /// time in seconds, larger than any count of commits, so no reader mistakes it for a generation it saw.
    func rebuiltManifest(at time: Timestamp, lostGeneration: Bool) throws(StoreError) -> Manifest {
        var manifest = Manifest()
        for key in try shardKeys() {
            if let entry = try entry(for: key, at: time) { manifest[key] = entry }
        }
        if lostGeneration || !manifest.shards.isEmpty {
            manifest.generation = Int(clamping: time.secondsSince1970)
            manifest.updated = time
        }
        return manifest
    }

    /// The manifest entry a shard file on disk deserves; nil when it is absent or corrupt (logged).
    func entry(for key: ShardKey, at time: Timestamp) throws(StoreError) -> Manifest.Entry? {
        guard let data = try POSIX.readFile(path(key.relativePath)) else { return nil }
        do {
            return Manifest.Entry(items: try ShardCodec.decode(data, for: key).itemCount, hash: FNV1a.hex(data), updated: time)
        } catch {
            logger.warning("left a corrupt shard out of the manifest", metadata: ["store.shard": "\(key)", "store.error": "\(error.detail)"])
            return nil
        }
    }

    /// Writes the manifest; called last in a commit so it never lists a shard not yet on disk.
    func writeManifest(_ manifest: Manifest) throws(StoreError) {
        let data: Data
        do {
            data = try JSONCoding.encode(manifest)
        } catch {
            throw StoreError(kind: .io, file: Self.manifestName, detail: "cannot encode: \(error)")
        }
        try storing { () throws(OutputError) in try PublishedFile.write(data, to: path(Self.manifestName)) }
    }
}
