import CarteleraCore

/// One page to publish: where it goes, the template that renders it and the values the template reads.
///
/// The context holds only strings, numbers, booleans and arrays and dictionaries of them, built fresh for the page and
/// never mutated after, so pages cross threads while rendering in parallel.
struct SitePage: @unchecked Sendable {
    /// The file, relative to the output folder (`en/tv/index.html`).
    let path: String
    /// The template's name, without `.mustache`.
    let template: String
    /// What the template reads; `t` holds the language's labels and is left out of the hash (the fingerprint covers it).
    let context: [String: Any]

    /// A hash of everything the page shows: equal hashes render equal pages with the same templates.
    var inputHash: String {
        var hash = FNV1a()
        hash.combine(Array(template.utf8))
        Self.combine(context, skipping: "t", into: &hash)
        return hash.hex
    }

    private static func combine(_ value: Any, skipping: String? = nil, into hash: inout FNV1a) {
        switch value {
        case let text as String:
            hash.combine([0x01])
            hash.combine(text.utf8)
            hash.combine([0x00])
        case let flag as Bool:
            hash.combine([0x02, flag ? 1 : 0])
        case let number as Int:
            hash.combine([0x03])
            withUnsafeBytes(of: number.littleEndian) { hash.combine($0) }
        case let number as Double:
            hash.combine([0x04])
            withUnsafeBytes(of: number.bitPattern.littleEndian) { hash.combine($0) }
        case let dictionary as [String: Any]:
            hash.combine([0x05])
            for key in dictionary.keys.sorted() where key != skipping {
                hash.combine(key.utf8)
                hash.combine([0x00])
                if let element = dictionary[key] { combine(element, into: &hash) }
            }
            hash.combine([0x06])
        case let array as [Any]:
            hash.combine([0x07])
            for element in array { combine(element, into: &hash) }
            hash.combine([0x08])
        default:
            hash.combine(String(describing: value).utf8)
        }
    }
}

/// A file published as it is (an asset, the search index, the sitemap, the 404 page).
struct SiteFile: Sendable {
    /// The file, relative to the output folder.
    let path: String
    /// Its bytes.
    let bytes: [UInt8]

    /// A hash of the bytes.
    var hash: String { FNV1a.hex(bytes) }
}
