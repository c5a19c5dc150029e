import CarteleraCore
import CarteleraModel
import CarteleraQuery
import Crypto
import Foundation

/// The query shapes q1–q5 of `../shared/BENCHMARKS.md` over data set G, as `Query` values, with the reference answers.
public enum QueryShapes {
    /// One shape.
    public enum Shape: String, CaseIterable, Sendable {
        case q1, q2, q3, q4, q5
    }

    /// A reference row of BENCHMARKS.md: parameters, rows, first id, fingerprint.
    public struct Reference: Sendable {
        /// The shape.
        public var shape: Shape
        /// Its parameters as BENCHMARKS.md writes them.
        public var parameters: String
        /// Rows of the answer.
        public var rows: Int
        /// The first id of the answer.
        public var firstID: String
        /// The answer's fingerprint.
        public var fingerprint: String
        /// The query that reproduces it.
        public var query: Query
    }

    static let now = Timestamp(secondsSince1970: DataSetG.now)

    /// q1: programmes whose folded title has the word "accion", by (start, id).
    public static func q1() -> Query {
        var query = Query(kind: .programmes, at: now)
        query.text = "accion"
        query.textMatch = .word
        query.sorts = [.time]
        query.limit = QueryParameters.maximumLimit
        return query
    }

    /// q2: films of a genre (G's label), made 1990–2005, starting in the week from NOW, by (start, id).
    public static func q2(genreLabel: String) -> Query {
        var query = Query(kind: .programmes, at: now)
        query.types = [.film]
        query.genres = Set(GenreCache().canonical([genreLabel]))
        query.years = 1990...2005
        query.window = Query.Window(from: now, to: now.adding(seconds: 7 * 86_400), mode: .starts)
        query.sorts = [.time]
        query.limit = QueryParameters.maximumLimit
        return query
    }

    /// q3: one channel overlapping 20:00–24:00 UTC of a day, by start.
    public static func q3(channel: String, day: Int64) -> Query {
        var query = Query(kind: .programmes, at: now)
        query.channels = [ChannelID(channel)]
        query.window = Query.Window(from: Timestamp(secondsSince1970: day + 20 * 3600), to: Timestamp(secondsSince1970: day + 24 * 3600))
        query.sorts = [.time]
        query.limit = QueryParameters.maximumLimit
        return query
    }

    /// q4: venues within 2 km of Puerta del Sol, by (distance, id).
    public static func q4() -> Query {
        var query = Query(kind: .venues, at: now)
        query.near = GeoPoint(latitude: 40.4168, longitude: -3.7038)
        query.withinKilometres = 2
        query.sorts = [.distance]
        query.limit = QueryParameters.maximumLimit
        return query
    }

    /// The parameters of run `run` of a shape: q2 cycles through the genres, q3 draws its channel and day from stream (5, 3).
    public static func parameters(_ shape: Shape, run: Int, q3Stream: inout SplitMix64) -> Query {
        switch shape {
        case .q1: return q1()
        case .q2, .q5: return q2(genreLabel: DataSetG.genres[run % DataSetG.genres.count])
        case .q3:
            let (channel, day) = q3Draw(&q3Stream)
            return q3(channel: channel, day: day)
        case .q4: return q4()
        }
    }

    /// The channel and day (epoch seconds of its midnight) of q3's first `runs` runs, as `parameters` draws them.
    public static func q3Draws(runs: Int) -> [(channel: String, day: Int64)] {
        var stream = SplitMix64(5, 3)
        return (0..<runs).map { _ in q3Draw(&stream) }
    }

    private static func q3Draw(_ stream: inout SplitMix64) -> (channel: String, day: Int64) {
        let channel = DataSetG.channelName(stream.below(DataSetG.channelCount))
        return (channel, DataSetG.base + 86_400 * Int64(stream.below(DataSetG.dayCount)))
    }

    /// The reference table of BENCHMARKS.md.
    public static let references: [Reference] = [
        Reference(shape: .q1, parameters: "\"accion\"", rows: 3091, firstID: "54926", fingerprint: "64774971f5b99204", query: q1()),
        Reference(shape: .q2, parameters: "genre Acción", rows: 1250, firstID: "189134", fingerprint: "69b87f1407ca18a3", query: q2(genreLabel: "Acción")),
        Reference(shape: .q2, parameters: "genre Comedia", rows: 1274, firstID: "208671", fingerprint: "8abf46a1bae14009", query: q2(genreLabel: "Comedia")),
        Reference(shape: .q3, parameters: "ch001, D = 2026-11-24", rows: 15, firstID: "71759", fingerprint: "b9aceacaf4a6e764",
                  query: q3(channel: "ch001", day: DataSetG.base + 86_400)),
        Reference(shape: .q4, parameters: "2 km of Puerta del Sol", rows: 238, firstID: "4401", fingerprint: "8edde0cca02e1da9", query: q4()),
    ]

    /// The ids a query answers with, in order: G's ids for programmes and venues.
    public static func ids(_ query: Query, engine: QueryEngine) -> [String] {
        query.kind == .venues ? engine.venueDistances(query).map(\.id) : engine.programmeIDs(query)
    }

    /// The first 16 hex digits of the SHA-256 of the ids, one per line, each followed by a newline.
    public static func fingerprint(_ ids: [String]) -> String {
        var bytes: [UInt8] = []
        for id in ids {
            bytes += id.utf8
            bytes.append(UInt8(ascii: "\n"))
        }
        return String(SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined().prefix(16))
    }
}
