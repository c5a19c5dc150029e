import CarteleraModel
import Foundation

/// Reads shard files of earlier schema versions as the current one, so upgrading loses nothing.
///
/// Version 1 items carried fetch times (`fetchedAt` in provenance, `lastSeen` on venues), which the
/// decoder ignores, and had no `keywords` on venues and nights, which this adds as empty lists.
enum ShardMigration {
    /// The file's bytes in the current schema; unchanged when they already are (or are not JSON, for the decoder to explain).
    static func current(_ data: Data, for key: ShardKey) throws(StoreError) -> Data {
        guard ShardCodec.schemaVersion(of: data) == 1 else { return data }
        guard var envelope = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return data }
        envelope["schemaVersion"] = Manifest.currentSchemaVersion
        switch key {
        case .venues:
            envelope["items"] = addingKeywords(to: envelope["items"])
        case .nights:
            if var evening = envelope["items"] as? [String: Any] {
                evening["nights"] = addingKeywords(to: evening["nights"])
                envelope["items"] = evening
            }
        default:
            break
        }
        do {
            return try JSONSerialization.data(withJSONObject: envelope)
        } catch {
            throw StoreError(kind: .corrupt, file: key.relativePath, detail: "cannot read schema version 1: \(error)")
        }
    }

    private static func addingKeywords(to items: Any?) -> Any? {
        guard let list = items as? [[String: Any]] else { return items }
        return list.map { item in
            var item = item
            if item["keywords"] == nil { item["keywords"] = [String]() }
            return item
        }
    }
}
