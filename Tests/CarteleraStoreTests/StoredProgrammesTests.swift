@testable import CarteleraStore
import CarteleraModel
import Foundation
import Testing

/// A programme's stored bytes are spliced only when they are exactly its encoding, so an output is the same bytes
/// whether it spliced or encoded.
@Suite struct StoredProgrammesTests {
    /// Shards served from bytes given by the test, as a store would hand them over.
    private struct Shards: StoreReader {
        var files: [ShardKey: Data]
        func shardData(_ key: ShardKey) throws(StoreError) -> Data? { files[key] }
        func shardKeys() throws(StoreError) -> [ShardKey] { files.keys.sorted() }
        func sourceState(_ id: SourceID) throws(StoreError) -> SourceState? { nil }
    }

    private static let day = Day("2026-11-22")!
    private static let key = ShardKey.programmes(day: day, channel: "La1.es")

    private func encoded(_ programme: Programme) -> [UInt8] {
        var out: [UInt8] = []
        ProgrammeJSON.append(programme, to: &out)
        return out
    }

    private func spliced(_ stored: StoredProgramme) -> [UInt8] {
        var out: [UInt8] = []
        stored.appendJSON(to: &out)
        return out
    }

    private func read(_ data: Data) throws -> (stored: [StoredProgramme], programmes: [Programme]) {
        let shards = Shards(files: [Self.key: data])
        return (try shards.storedProgrammes(day: Self.day, channel: "La1.es"), try shards.programmes(day: Self.day, channel: "La1.es"))
    }

    @Test func programmesAsTheStoreWritesThemAreSlicedUnlessTheyHoldAnEscape() throws {
        let data = try ShardCodec.encode(.programmes(CanonicalShardReaderTests.programmes()), for: Self.key)
        let (stored, programmes) = try read(data)
        #expect(stored.map(\.programme) == programmes)
        #expect(stored.count == 9)
        for item in stored {
            #expect(spliced(item) == encoded(item.programme), "\(item.programme.title)")
            let hasEscape = encoded(item.programme).contains(UInt8(ascii: "\\"))
            #expect(item.isSliced == !hasEscape, "\(item.programme.title)")
        }
        #expect(stored.filter(\.isSliced).count >= 4)
    }

    @Test func bytesTheReaderAcceptsInAnotherFormAreEncodedAgain() throws {
        let programme = Programme(
            channel: "La1.es", start: Self.day.startUTC.adding(seconds: 6 * 3600), stop: Self.day.startUTC.adding(seconds: 7 * 3600), timeZone: "Europe/Madrid",
            title: "Telediario", subtitle: "Matinal", type: .news, year: 2004, season: 3, url: "https://tv.example/p/1", score: 7.3,
            provenance: [Provenance(source: "a.example", url: "https://a.example/x")])
        let canonical = String(decoding: try ShardCodec.encode(.programmes([programme]), for: Self.key), as: UTF8.self)
        #expect(try read(Data(canonical.utf8)).stored.allSatisfy(\.isSliced))
        let variants: [(String, String)] = [
            (#""title":"Telediario""#, #""title":"Tele\u0064iario""#),
            (#""title":"Telediario""#, #""title":"Tele\/diario""#),
            (#""start":"2026-11-22T06:00:00Z""#, #""start":"2026-11-22T07:00:00+01:00""#),
            (#""start":"2026-11-22T06:00:00Z""#, #""start":"2026-11-22T06:00Z""#),
            (#""start":"2026-11-22T06:00:00Z""#, #""start":"2026-11-22T05:59:60Z""#),
            (#""stop":"2026-11-22T07:00:00Z""#, #""stop":"2026-11-22T07:00:00.000Z""#),
            (#""stop":"2026-11-22T07:00:00Z""#, #""stop":"2026-11-22 07:00:00Z""#),
            (#""score":7.3"#, #""score":7.30"#),
            (#""score":7.3"#, #""score":73e-1"#),
            (#""season":3"#, #""season":-0"#),
            (#""year":2004"#, #""year":-0"#),
        ]
        for (original, replacement) in variants {
            #expect(canonical.contains(original), "\(original)")
            let (stored, programmes) = try read(Data(canonical.replacingOccurrences(of: original, with: replacement).utf8))
            #expect(stored.map(\.programme) == programmes, "\(replacement)")
            let item = try #require(stored.first)
            #expect(!item.isSliced, "\(replacement)")
            #expect(spliced(item) == encoded(item.programme), "\(replacement)")
        }
    }

    @Test func aShardOnlyJSONDecoderReadsHasEveryProgrammeEncoded() throws {
        let programmes = Array(CanonicalShardReaderTests.programmes().prefix(3))
        let canonical = String(decoding: try ShardCodec.encode(.programmes(programmes), for: Self.key), as: UTF8.self)
        let spaced = canonical.replacingOccurrences(of: #","items":["#, with: #", "items": ["#)
        let (stored, read) = try read(Data(spaced.utf8))
        #expect(read.count == 3)
        #expect(stored.map(\.programme) == read)
        #expect(stored.allSatisfy { !$0.isSliced })
        #expect(stored.allSatisfy { spliced($0) == encoded($0.programme) })
        #expect(throws: StoreError.self) { try self.read(Data("{\"channel\":".utf8)) }
        #expect(try Shards(files: [:]).storedProgrammes(day: Self.day, channel: "La1.es").isEmpty)
    }

    @Test func everyProgrammeShardOfTheFuzzSeedsSplicesToItsEncoding() throws {
        for seed in CanonicalShardReaderTests.seeds {
            guard case .programmes(let day, let channel) = seed.key else { continue }
            let shards = Shards(files: [seed.key: seed.data])
            let stored = try shards.storedProgrammes(day: day, channel: channel)
            #expect(stored.map(\.programme) == (try shards.programmes(day: day, channel: channel)), "\(seed.name)")
            for item in stored { #expect(spliced(item) == encoded(item.programme), "\(seed.name)") }
        }
    }
}
