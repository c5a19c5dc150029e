import CarteleraModel
import Foundation

extension Manifest {
    /// The manifest in `data` when it is in the canonical form the store writes (sorted keys, no whitespace);
    /// nil for any other bytes, which `JSONDecoder` then reads or explains.
    ///
    /// Every reader opens the manifest first, and a store of a million programmes lists 12,600 shards in it:
    /// `JSONDecoder` took tens of milliseconds over it, most of a fresh query process's start.
    static func canonical(_ data: Data) -> Manifest? {
        data.withUnsafeBytes { raw -> Manifest? in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
            var reader = CanonicalJSONReader(base, count: raw.count)
            return try? read(&reader)
        }
    }

    /// The schema version at the head of a canonical manifest, read without the rest; nil when the head is not canonical.
    static func canonicalSchemaVersion(_ data: Data) -> Int? {
        data.withUnsafeBytes { raw -> Int? in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
            var reader = CanonicalJSONReader(base, count: raw.count)
            guard reader.take(#"{"generation":"#), (try? reader.int()) != nil, reader.take(#","schemaVersion":"#) else { return nil }
            return try? reader.int()
        }
    }

    private static func read(_ reader: inout CanonicalJSONReader) throws(CanonicalRefusal) -> Manifest {
        try reader.expect(#"{"generation":"#)
        let generation = try reader.int()
        try reader.expect(#","schemaVersion":"#)
        let schemaVersion = try reader.int()
        try reader.expect(#","shards":{"#)
        var shards: [String: Entry] = [:]
        // An entry takes at least 76 bytes: room for every one at once, rather than growing (and rehashing) a dozen times.
        shards.reserveCapacity(reader.remaining / 76)
        if !reader.take(byte: UInt8(ascii: "}")) {
            repeat {
                let path = try reader.string()
                try reader.expect(#":{"hash":"#)
                let hash = try reader.string()
                try reader.expect(#","items":"#)
                let items = try reader.int()
                try reader.expect(#","updated":"#)
                let updated = try reader.timestamp()
                try reader.expect("}")
                // A repeated path is left to JSONDecoder, whose choice between the two this reader does not guess.
                guard shards.updateValue(Entry(items: items, hash: hash, updated: updated), forKey: path) == nil else { throw CanonicalRefusal() }
            } while reader.take(byte: UInt8(ascii: ","))
            try reader.expect("}")
        }
        let updated = try reader.timestamp(ifKey: #","updated":"#)
        try reader.expect("}")
        _ = reader.take(byte: UInt8(ascii: "\n"))
        guard reader.atEnd else { throw CanonicalRefusal() }
        return Manifest(schemaVersion: schemaVersion, generation: generation, shards: shards, updated: updated)
    }
}
