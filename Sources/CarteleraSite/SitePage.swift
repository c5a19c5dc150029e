import CarteleraCore

/// One page to publish: where it goes, the template that renders it and the values the template reads.
///
/// The value holds only strings, numbers, booleans and lists and objects of them, so pages cross threads while rendering
/// in parallel.
struct SitePage: Sendable {
    /// The file, relative to the output folder (`en/tv/index.html`).
    let path: String
    /// The template's name, without `.mustache`.
    let template: String
    /// What the template reads, sorted by kind: what the page is hashed from and the compiled templates render; `t` holds
    /// the language's labels and is left out of the hash (the fingerprint covers it).
    let value: PageValue

    /// A page at `path` rendered by `template` from `value`.
    init(path: String, template: String, value: PageValue) {
        self.path = path
        self.template = template
        self.value = value
    }

    /// A hash of everything the page shows: equal hashes render equal pages with the same templates.
    var inputHash: String {
        var hash = FNV1a()
        hash.combine(Array(template.utf8))
        Self.combine(value, skipping: "t", into: &hash)
        return hash.hex
    }

    /// Mixes a context value in. An object's entries are hashed one by one and summed, so their order does not matter
    /// and no keys are sorted.
    private static func combine(_ value: PageValue, skipping: String? = nil, into hash: inout FNV1a) {
        switch value {
        case .text(let text):
            hash.combine(byte: 0x01)
            hash.combine(text.utf8)
            hash.combine(byte: 0x00)
        case .flag(let flag):
            hash.combine(byte: 0x02)
            hash.combine(byte: flag ? 1 : 0)
        case .integer(let number):
            hash.combine(byte: 0x03)
            hash.combine(littleEndian: UInt64(bitPattern: Int64(number)))
        case .real(let number):
            hash.combine(byte: 0x04)
            hash.combine(littleEndian: number.bitPattern)
        case .object(let entries):
            combine(entries: entries.lazy.map { ($0.key, $0.value) }, skipping: skipping, into: &hash)
        case .labels(let dictionary):
            combine(entries: dictionary.lazy.map { ($0.key, PageValue.text($0.value)) }, skipping: skipping, into: &hash)
        case .list(let list):
            hash.combine(byte: 0x07)
            for element in list { combine(element, into: &hash) }
            hash.combine(byte: 0x08)
        }
    }

    private static func combine(entries: some Sequence<(String, PageValue)>, skipping: String?, into hash: inout FNV1a) {
        var sum: UInt64 = 0
        for (key, element) in entries where key != skipping {
            var entry = FNV1a()
            entry.combine(key.utf8)
            entry.combine(byte: 0x00)
            combine(element, into: &entry)
            sum &+= entry.value
        }
        hash.combine(byte: 0x05)
        hash.combine(littleEndian: sum)
        hash.combine(byte: 0x06)
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
