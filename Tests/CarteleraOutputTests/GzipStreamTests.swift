import CarteleraOutput
import CarteleraTesting
import Foundation
import Testing

/// gzip that `gzip -d` reads back, and the same bytes for the same input.
@Suite struct GzipStreamTests {
    @Test func streamedGzipDecompressesToTheInputAndIsReproducible() throws {
        let folder = try TemporaryFolder()
        let input = (0..<20_000).map { "<programme start=\"\($0)\">Ñandú &amp; 🎬</programme>\n" }.joined()
        let bytes = Array(input.utf8)

        let stream = try #require(GzipStream())
        var streamed: [UInt8] = []
        for start in stride(from: 0, to: bytes.count, by: 70_000) {
            try stream.compress(Array(bytes[start..<min(start + 70_000, bytes.count)])) { streamed += $0 }
        }
        try stream.finish { streamed += $0 }

        // Piece by piece or whole, the bytes are the same: the header holds no time and no name.
        #expect(streamed == (try GzipStream.compress(bytes)))
        #expect(Array(streamed.prefix(2)) == [0x1F, 0x8B])
        #expect(Array(streamed[4..<8]) == [0, 0, 0, 0])
        #expect(streamed.count < bytes.count / 5)

        let path = folder.path + "/guide.xml.gz"
        try PublishedFile.write(streamed, to: path)
        let result = try ExternalCommand.run("gzip", ["-dc", path])
        #expect(result.status == 0)
        #expect(result.output == input)
    }

    @Test func emptyInputIsAValidEmptyGzip() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/empty.gz"
        try PublishedFile.write(try GzipStream.compress([]), to: path)
        let result = try ExternalCommand.run("gzip", ["-dc", path])
        #expect(result.status == 0)
        #expect(result.output.isEmpty)
    }
}
