import Foundation

/// Compressed bodies for the loopback server, made with the system's gzip so the tests do not decode with the code under test.
enum Compression {
    /// The gzip stream of `bytes` (no file name or time stamp, so its header is 10 bytes).
    static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-c", "-n"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(bytes))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Array(data)
    }

    /// The raw deflate data inside the gzip stream: without its 10-byte header and 8-byte trailer.
    static func rawDeflate(_ bytes: [UInt8]) throws -> [UInt8] {
        let gzipped = try gzip(bytes)
        return Array(gzipped.dropFirst(10).dropLast(8))
    }

    /// The zlib stream (RFC 1950) that HTTP's "deflate" names: a 2-byte header, raw deflate, then Adler-32.
    static func zlib(_ bytes: [UInt8]) throws -> [UInt8] {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        let adler = b << 16 | a
        return [0x78, 0x9c] + (try rawDeflate(bytes)) + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: adler >> $0) }
    }
}
