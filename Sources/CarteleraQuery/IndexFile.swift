import CarteleraModel
import CarteleraStore
import Foundation

/// A compact, versioned file of named columns, read from its mapping: the query index of one kind.
///
/// ```
/// "CARTIDX5"            8 bytes  magic and format version
/// kind                  u32      which kind of items the columns describe
/// generation            i64      the store generation the index reflects
/// count                 u32      number of columns
/// table                 count × (name 24 bytes, offset u64, byteCount u64, element u32)
/// column bytes          each 8-byte aligned, little-endian
/// ```
/// Opening checks every column lies inside the file and every string column's offsets are in order and inside
/// its text, so a truncated or damaged file is refused as a whole (`IndexError.corrupt`) and rebuilt; after
/// that, reads are plain loads from the mapping, bounds-checked by the callers' indices.
final class IndexFile: @unchecked Sendable {
    /// The file's first bytes: name and format version. A new version means a rebuild, never a misread.
    static let magic = Array("CARTIDX5".utf8)

    /// The kinds of index file.
    enum Kind: UInt32, Sendable {
        case programmes = 1, nightlife = 2, audiences = 3
    }

    /// How a column's elements are stored.
    enum Element: UInt32, Sendable {
        case int64 = 1, int32 = 2, uint8 = 3, double = 4, strings = 5
    }

    /// One column's place in the file.
    struct Entry {
        var offset: Int
        var byteCount: Int
        var element: Element
    }

    let kind: Kind
    let generation: Int
    private let base: UnsafeRawPointer
    private let size: Int
    private let entries: [String: Entry]
    /// Unmaps the file (or frees the buffer) when the index goes.
    private let release: () -> Void

    private init(kind: Kind, generation: Int, base: UnsafeRawPointer, size: Int, entries: [String: Entry], release: @escaping () -> Void) {
        self.kind = kind
        self.generation = generation
        self.base = base
        self.size = size
        self.entries = entries
        self.release = release
    }

    deinit { release() }

    /// Reads an index from a mapped file (kept mapped while the index lives); `.corrupt` when it is not a whole index of `kind`.
    static func read(_ mapped: MappedFile, kind: Kind, file: String) throws(IndexError) -> IndexFile {
        guard let base = mapped.bytes.baseAddress else { throw IndexError(kind: .corrupt, file: file, detail: "empty") }
        return try parse(base: base, size: mapped.bytes.count, kind: kind, file: file) { withExtendedLifetime(mapped) {} }
    }

    /// Reads an index from bytes in memory (a freshly built one, or a test's).
    static func read(_ bytes: [UInt8], kind: Kind, file: String) throws(IndexError) -> IndexFile {
        try read(MappedFile(copying: bytes), kind: kind, file: file)
    }

    private static func parse(
        base: UnsafeRawPointer, size: Int, kind: Kind, file: String, release: @escaping () -> Void
    ) throws(IndexError) -> IndexFile {
        func corrupt(_ detail: String) -> IndexError { IndexError(kind: .corrupt, file: file, detail: detail) }
        guard size >= 24, (0..<8).allSatisfy({ base.load(fromByteOffset: $0, as: UInt8.self) == magic[$0] }) else {
            let head = (0..<min(size, 8)).map { base.load(fromByteOffset: $0, as: UInt8.self) }
            // "CARTIDX" and a version digit: another release's index, whole or not.
            if head.count == 8, Array(head.prefix(7)) == Array(magic.prefix(7)), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(head[7]) {
                throw IndexError(kind: .format, file: file,
                                 detail: "of format \(String(decoding: head, as: UTF8.self)); this release reads \(String(decoding: magic, as: UTF8.self))")
            }
            throw corrupt("not a Cartelera index")
        }
        guard base.loadUnaligned(fromByteOffset: 8, as: UInt32.self) == kind.rawValue else { throw corrupt("holds another kind") }
        let generation = Int(base.loadUnaligned(fromByteOffset: 12, as: Int64.self))
        let count = Int(base.loadUnaligned(fromByteOffset: 20, as: UInt32.self))
        let tableEnd = 24 + count * 44
        guard count <= 256, tableEnd <= size else { throw corrupt("its column table runs past the end") }
        var entries: [String: Entry] = [:]
        for index in 0..<count {
            let at = 24 + index * 44
            let nameBytes = (0..<24).map { base.load(fromByteOffset: at + $0, as: UInt8.self) }.prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            let offset = base.loadUnaligned(fromByteOffset: at + 24, as: UInt64.self)
            let byteCount = base.loadUnaligned(fromByteOffset: at + 32, as: UInt64.self)
            guard let element = Element(rawValue: base.loadUnaligned(fromByteOffset: at + 40, as: UInt32.self)),
                  offset <= UInt64(size), byteCount <= UInt64(size) - offset, offset % 8 == 0 else {
                throw corrupt("column \(name) lies outside the file")
            }
            entries[name] = Entry(offset: Int(offset), byteCount: Int(byteCount), element: element)
        }
        let file = IndexFile(kind: kind, generation: generation, base: base, size: size, entries: entries, release: release)
        for (name, entry) in entries where entry.element == .strings {
            try file.checkStrings(name, entry, corrupt: corrupt)
        }
        return file
    }

    /// A string column: count u32, then count+1 u32 offsets into the text that follows, non-decreasing.
    private func checkStrings(_ name: String, _ entry: Entry, corrupt: (String) -> IndexError) throws(IndexError) {
        guard entry.byteCount >= 8 else { throw corrupt("string column \(name) is cut short") }
        let count = Int(base.loadUnaligned(fromByteOffset: entry.offset, as: UInt32.self))
        let textStart = 4 + (count + 1) * 4
        guard textStart <= entry.byteCount else { throw corrupt("string column \(name) is cut short") }
        // One pass without early exit, which the compiler vectorises: a million offsets are checked in a millisecond.
        let offsets = NumberColumn<UInt32>(base: base + entry.offset + 4, count: count + 1, owner: self)
        guard offsets.isNondecreasing, textStart + Int(offsets[count]) <= entry.byteCount else {
            throw corrupt("string column \(name) has offsets out of order")
        }
    }

    /// Whether the file has the column.
    func has(_ name: String) -> Bool { entries[name] != nil }

    /// A numeric column; `.corrupt` when it is missing or of another type.
    func column<Value: FixedWidthInteger>(_ name: String, _ type: Value.Type) throws(IndexError) -> NumberColumn<Value> {
        let wanted: Element = switch Value.self {
        case is Int64.Type: .int64
        case is Int32.Type, is UInt32.Type: .int32
        default: .uint8
        }
        guard let entry = entries[name], entry.element == wanted else {
            throw IndexError(kind: .corrupt, file: nil, detail: "the index has no \(name) column")
        }
        return NumberColumn(base: base + entry.offset, count: entry.byteCount / MemoryLayout<Value>.size, owner: self)
    }

    /// A column of doubles.
    func doubles(_ name: String) throws(IndexError) -> DoubleColumn {
        guard let entry = entries[name], entry.element == .double else {
            throw IndexError(kind: .corrupt, file: nil, detail: "the index has no \(name) column")
        }
        return DoubleColumn(base: base + entry.offset, count: entry.byteCount / 8, owner: self)
    }

    /// A column of strings.
    func strings(_ name: String) throws(IndexError) -> StringColumn {
        guard let entry = entries[name], entry.element == .strings else {
            throw IndexError(kind: .corrupt, file: nil, detail: "the index has no \(name) column")
        }
        let count = Int(base.loadUnaligned(fromByteOffset: entry.offset, as: UInt32.self))
        return StringColumn(base: base + entry.offset, count: count, owner: self)
    }
}

/// Fixed-width integers, read straight from the mapping.
struct NumberColumn<Value: FixedWidthInteger>: @unchecked Sendable {
    let base: UnsafeRawPointer
    let count: Int
    /// Keeps the mapping alive while the column is used.
    let owner: IndexFile

    subscript(index: Int) -> Value {
        precondition(index >= 0 && index < count, "index column read out of bounds")
        return base.loadUnaligned(fromByteOffset: index * MemoryLayout<Value>.size, as: Value.self)
    }
}

extension NumberColumn {
    /// Whether every value is below `bound`: one pass over the mapped bytes, which the compiler vectorises.
    func allBelow(_ bound: Value) -> Bool {
        guard count > 0 else { return true }
        // Columns start 8-byte aligned in a page-aligned mapping (or an 8-byte aligned buffer).
        return base.withMemoryRebound(to: Value.self, capacity: count) { values in
            var largest = values[0]
            for index in 1..<count { largest = Swift.max(largest, values[index]) }
            return largest < bound
        }
    }

    /// Whether the values at `positions` (inside the column) rise strictly: one pass, which the compiler vectorises.
    func isIncreasing(_ positions: Range<Int>) -> Bool {
        precondition(positions.lowerBound >= 0 && positions.upperBound <= count, "index column read out of bounds")
        guard positions.count > 1 else { return true }
        return base.withMemoryRebound(to: Value.self, capacity: count) { values in
            var falls = false
            for index in positions.dropFirst() { falls = falls || values[index] <= values[index - 1] }
            return !falls
        }
    }

    /// Whether the values never decrease.
    var isNondecreasing: Bool {
        guard count > 1 else { return true }
        return base.withMemoryRebound(to: Value.self, capacity: count) { values in
            var decreases = false
            for index in 1..<count { decreases = decreases || values[index] < values[index - 1] }
            return !decreases
        }
    }
}

/// Doubles, read straight from the mapping.
struct DoubleColumn: @unchecked Sendable {
    let base: UnsafeRawPointer
    let count: Int
    let owner: IndexFile

    subscript(index: Int) -> Double {
        precondition(index >= 0 && index < count, "index column read out of bounds")
        return base.loadUnaligned(fromByteOffset: index * 8, as: Double.self)
    }
}

/// Strings: offsets checked when the file opened, text decoded on demand.
struct StringColumn: @unchecked Sendable {
    let base: UnsafeRawPointer
    let count: Int
    let owner: IndexFile

    subscript(index: Int) -> String {
        String(decoding: bytes(index), as: UTF8.self)
    }

    /// The UTF-8 bytes of string `index`, in the mapping: valid while the column is.
    @inline(__always)
    func bytes(_ index: Int) -> UnsafeRawBufferPointer {
        precondition(index >= 0 && index < count, "index column read out of bounds")
        let start = Int(base.loadUnaligned(fromByteOffset: 4 + index * 4, as: UInt32.self))
        let end = Int(base.loadUnaligned(fromByteOffset: 4 + (index + 1) * 4, as: UInt32.self))
        return UnsafeRawBufferPointer(start: base + 4 + (count + 1) * 4 + start, count: end - start)
    }

    /// Every string, in order.
    var all: [String] { (0..<count).map { self[$0] } }

    /// Hands the UTF-8 bytes of string `index` to `body` without making a string.
    func withBytes(_ index: Int, _ body: (UnsafeRawBufferPointer) -> Void) {
        body(bytes(index))
    }
}
