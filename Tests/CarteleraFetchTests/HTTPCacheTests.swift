@testable import CarteleraFetch
import CarteleraTesting
import Foundation
import Testing

@Suite("HTTPCache files")
struct HTTPCacheTests {
    private let request = FetchRequest(url: "http://x/guia")
    private let entry = HTTPCache.Entry(
        url: "http://x/guia", status: 200, headers: ["etag": "\"1\""], body: Array(String(repeating: "programa ", count: 50).utf8))

    /// Ways a cache file can be damaged: a run killed mid-copy, a full disk, a stray edit.
    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case bodyCutShort, bodyExtended, bodyAltered, emptied, noMetadataLine, metadataNotJSON, metadataCutShort

        var testDescription: String { rawValue }

        func apply(to bytes: [UInt8]) -> [UInt8] {
            let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            switch self {
            case .bodyCutShort: return Array(bytes.dropLast(10))
            case .bodyExtended: return bytes + Array("<p>más</p>".utf8)
            case .bodyAltered:
                var altered = bytes
                altered[altered.count - 1] ^= 0x20
                return altered
            case .emptied: return []
            case .noMetadataLine: return Array("{\"method\":\"GET\"".utf8)
            case .metadataNotJSON: return Array("not json\n".utf8) + bytes[(newline + 1)...]
            case .metadataCutShort: return Array(bytes.prefix(newline / 2))
            }
        }
    }

    @Test("a damaged cache file is a miss and is removed, never a short or wrong page", arguments: Damage.allCases)
    func damagedFile(damage: Damage) async throws {
        try await withTemporaryDirectory { directory in
            let cache = HTTPCache(directory: directory)
            try cache.store(entry, for: request)
            let path = cache.path(for: request)
            let stored = try #require(FileManager.default.contents(atPath: path))
            try Data(damage.apply(to: Array(stored))).write(to: URL(fileURLWithPath: path))

            guard case .unreadable(let reason) = cache.lookup(request) else {
                Issue.record("a damaged file was read as \(cache.lookup(request))")
                return
            }
            #expect(!reason.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: path))
            #expect(cache.entry(for: request) == nil)
        }
    }

    @Test("a sound file belonging to another request is a miss and is left alone")
    func otherRequestsFile() async throws {
        try await withTemporaryDirectory { directory in
            let cache = HTTPCache(directory: directory)
            let other = FetchRequest(url: "http://x/otra")
            try cache.store(entry, for: request)
            try FileManager.default.copyItem(atPath: cache.path(for: request), toPath: cache.path(for: other))

            #expect(cache.lookup(other) == .miss)
            #expect(FileManager.default.fileExists(atPath: cache.path(for: other)))
            #expect(cache.lookup(request) == .hit(entry))
        }
    }

    @Test("a POST's cached page is found only for the same body")
    func requestBodyIsChecked() async throws {
        try await withTemporaryDirectory { directory in
            let cache = HTTPCache(directory: directory)
            let search = FetchRequest(url: "http://x/buscar", method: "POST", body: Array("q=cine".utf8))
            try cache.store(entry, for: search)
            let otherBody = FetchRequest(url: "http://x/buscar", method: "POST", body: Array("q=teatro".utf8))
            try FileManager.default.copyItem(atPath: cache.path(for: search), toPath: cache.path(for: otherBody))

            #expect(cache.entry(for: search) == entry)
            #expect(cache.lookup(otherBody) == .miss)
        }
    }

    @Test("leftover temporary files are removed and counted, and nothing else is touched")
    func leftovers() async throws {
        try await withTemporaryDirectory { directory in
            let cache = HTTPCache(directory: directory)
            try cache.store(entry, for: request)
            let leftovers = [".0123456789abcdef.cache.tmp-42-7", ".fedcba9876543210.cache.tmp-1-18446744073709551615"]
            let others = ["notes.tmp", ".hidden", ".0123456789abcdef.tmp", ".0123456789abcdef.x1.tmp", "a.cache.tmp"]
            for name in leftovers + others {
                try Data("half".utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
            }

            let removed = cache.removeLeftoverTemporaryFiles()

            #expect(removed == 2)
            let remaining = Set(try FileManager.default.contentsOfDirectory(atPath: directory))
            #expect(remaining == Set(others + [URL(fileURLWithPath: cache.path(for: request)).lastPathComponent]))
            #expect(cache.entry(for: request) == entry)
            #expect(cache.removeLeftoverTemporaryFiles() == 0)
        }
    }

    @Test("cleaning a cache folder that does not exist yet removes nothing")
    func leftoversWithoutFolder() {
        let cache = HTTPCache(directory: NSTemporaryDirectory() + "cartelera-fetch-tests-absent-" + UUID().uuidString)
        #expect(cache.removeLeftoverTemporaryFiles() == 0)
    }
}
