/// Builds the bytes of an `IndexFile`: named columns of numbers or strings, laid out as `IndexFile` reads them.
struct IndexFileWriter {
    private var columns: [(name: String, element: IndexFile.Element, bytes: [UInt8])] = []

    /// A column of 64-bit integers.
    mutating func add(_ name: String, int64s values: [Int64]) {
        columns.append((name, .int64, Self.bytes(of: values)))
    }

    /// A column of 32-bit unsigned integers.
    mutating func add(_ name: String, uint32s values: [UInt32]) {
        columns.append((name, .int32, Self.bytes(of: values)))
    }

    /// A column of bytes.
    mutating func add(_ name: String, uint8s values: [UInt8]) {
        columns.append((name, .uint8, values))
    }

    /// A column of doubles.
    mutating func add(_ name: String, doubles values: [Double]) {
        columns.append((name, .double, Self.bytes(of: values.map(\.bitPattern))))
    }

    /// A column of strings: count, count + 1 offsets, then the UTF-8 text.
    mutating func add(_ name: String, strings values: [String]) {
        var offsets: [UInt32] = [UInt32(values.count), 0]
        var text: [UInt8] = []
        for value in values {
            text += value.utf8
            offsets.append(UInt32(clamping: text.count))
        }
        columns.append((name, .strings, Self.bytes(of: offsets) + text))
    }

    /// A column of strings given as UTF-8 bytes and the `count + 1` offsets that cut them.
    mutating func add(_ name: String, rawStrings offsets: [UInt32], bytes text: [UInt8]) {
        columns.append((name, .strings, Self.bytes(of: [UInt32(offsets.count - 1)] + offsets) + text))
    }

    /// The file's bytes for `kind` at `generation`.
    func bytes(kind: IndexFile.Kind, generation: Int) -> [UInt8] {
        var header = IndexFile.magic
        header += Self.bytes(of: [kind.rawValue])
        header += Self.bytes(of: [Int64(generation)])
        header += Self.bytes(of: [UInt32(columns.count)])
        var offset = Self.aligned(header.count + columns.count * 44)
        var table: [UInt8] = []
        var body: [UInt8] = []
        for column in columns {
            var name = Array(column.name.utf8.prefix(23))
            name += Array(repeating: 0, count: 24 - name.count)
            table += name + Self.bytes(of: [UInt64(offset), UInt64(column.bytes.count)]) + Self.bytes(of: [column.element.rawValue])
            body += column.bytes
            let padded = Self.aligned(column.bytes.count)
            body += Array(repeating: 0, count: padded - column.bytes.count)
            offset += padded
        }
        let start = header.count + table.count
        return header + table + Array(repeating: 0, count: Self.aligned(start) - start) + body
    }

    private static func aligned(_ count: Int) -> Int { (count + 7) / 8 * 8 }

    private static func bytes<Value: FixedWidthInteger>(of values: [Value]) -> [UInt8] {
        values.map(\.littleEndian).withUnsafeBytes { Array($0) }
    }
}
