import CarteleraCore
import CarteleraModel
import CarteleraQuery
import Foundation

/// Runs q1–q5 over data set G: the answers' fingerprints, warm p50 and p99, and the same shapes as a plain linear
/// scan over the same records in memory, in the same run, as the baseline.
public struct QueryBenchmark {
    /// One shape's figures.
    public struct Result: Sendable {
        /// The shape measured.
        public var shape: QueryShapes.Shape
        /// The ids of the first run's answer, in order.
        public var firstIDs: [String]
        /// Rows of the first run's answer.
        public var rows: Int { firstIDs.count }
        /// The engine's median, in seconds.
        public var p50: Double
        /// The engine's 99th percentile, in seconds.
        public var p99: Double
        /// The linear scan's median, in seconds.
        public var baselineP50: Double
        /// The linear scan's 99th percentile, in seconds.
        public var baselineP99: Double
        /// Whether the engine and the scan gave the same ids on every run.
        public var agreesWithBaseline: Bool
    }

    let engine: QueryEngine
    let baseline: LinearScan
    let runs: Int

    /// A benchmark over the engine's snapshot; builds the baseline's records from it.
    public init(engine: QueryEngine, runs: Int) {
        self.engine = engine
        self.baseline = LinearScan(engine: engine)
        self.runs = runs
    }

    /// Each shape run `runs` times, warm: the engine's runs back to back, as the peer times its own, then the scan's
    /// runs of the same questions. A scan between two runs of the engine would sweep a million records through the
    /// caches and leave each of the engine's runs to start cold.
    public func measure() -> [Result] {
        QueryShapes.Shape.allCases.map { shape in
            var stream = SplitMix64(5, 3)
            let queries = (0..<runs).map { QueryShapes.parameters(shape, run: $0, q3Stream: &stream) }
            let clock = ContinuousClock()
            var engineTimes: [Double] = [], answers: [[String]] = []
            for (run, query) in queries.enumerated() {
                var ours: [String] = []
                var seeded = SplitMix64(seed: UInt64(run))
                engineTimes.append(clock.measure { ours = answer(shape, query, &seeded) }.seconds)
                answers.append(ours)
            }
            var scanTimes: [Double] = []
            var agrees = true
            for (run, query) in queries.enumerated() {
                var theirs: [String] = []
                var seeded = SplitMix64(seed: UInt64(run))
                scanTimes.append(clock.measure { theirs = baseline.answer(shape, query, &seeded) }.seconds)
                if theirs != answers[run] { agrees = false }
            }
            return Result(shape: shape, firstIDs: answers.first ?? [], p50: Self.percentile(engineTimes, 0.5), p99: Self.percentile(engineTimes, 0.99),
                          baselineP50: Self.percentile(scanTimes, 0.5), baselineP99: Self.percentile(scanTimes, 0.99), agreesWithBaseline: agrees)
        }
    }

    /// The ids the engine answers a shape with; q5 is one pick among q2's matches.
    func answer(_ shape: QueryShapes.Shape, _ query: Query, _ random: inout SplitMix64) -> [String] {
        guard shape == .q5 else { return QueryShapes.ids(query, engine: engine) }
        guard case .programmes(let page)? = engine.shake(query, using: &random), let row = page.rows.first else { return [] }
        return [row.externalID ?? row.id.rawValue]
    }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }
}

/// The baseline: every record in an array of plain structs, each shape a filter over all of them and a sort.
struct LinearScan {
    struct Record {
        var id: String
        var channel: String
        var start: Int64
        var stop: Int64
        var titleWords: Set<String>
        var type: ProgrammeType?
        var genres: [Genre]
        var year: Int?
    }

    struct Place {
        var id: String
        var point: GeoPoint
    }

    let records: [Record]
    let places: [Place]

    init(engine: QueryEngine) {
        var records: [Record] = []
        records.reserveCapacity(1_100_000)
        var wordsOfTitle: [String: Set<String>] = [:]
        engine.forEachProgramme { row in
            let words = wordsOfTitle[row.title] ?? {
                let words = Set(TextFolding.words(row.title))
                wordsOfTitle[row.title] = words
                return words
            }()
            records.append(Record(id: row.externalID ?? row.id.rawValue, channel: row.channel.rawValue, start: row.start.secondsSince1970,
                                  stop: row.stop?.secondsSince1970 ?? row.start.secondsSince1970, titleWords: words, type: row.type,
                                  genres: row.genres, year: row.year))
        }
        self.records = records
        var everyVenue = Query(kind: .venues, at: Timestamp(secondsSince1970: DataSetG.now))
        everyVenue.limit = QueryParameters.maximumLimit
        places = engine.venues(everyVenue).rows.compactMap { row in
            row.venue.location.map { Place(id: row.venue.externalID ?? row.venue.id.rawValue, point: $0) }
        }
    }

    /// The ids a shape's plain scan gives, ordered as the shape says.
    func answer(_ shape: QueryShapes.Shape, _ query: Query, _ random: inout SplitMix64) -> [String] {
        switch shape {
        case .q1:
            return records.filter { $0.titleWords.contains("accion") }.sorted { ($0.start, $0.channel) < ($1.start, $1.channel) }.map(\.id)
        case .q2, .q5:
            guard let window = query.window, let years = query.years else { return [] }
            let matches = records.filter { record in
                record.type == .film && record.year.map(years.contains) == true && record.genres.contains(where: query.genres.contains)
                    && record.start >= window.from.secondsSince1970 && record.start < window.to.secondsSince1970
            }.sorted { ($0.start, $0.channel) < ($1.start, $1.channel) }.map(\.id)
            guard shape == .q5 else { return matches }
            return matches.isEmpty ? [] : [matches[Int.random(in: 0..<matches.count, using: &random)]]
        case .q3:
            guard let window = query.window, let channel = query.channels?.first?.rawValue else { return [] }
            return records.filter { $0.channel == channel && $0.start < window.to.secondsSince1970 && $0.stop > window.from.secondsSince1970 }
                .sorted { $0.start < $1.start }.map(\.id)
        case .q4:
            guard let point = query.near, let radius = query.withinKilometres else { return [] }
            return places.map { ($0.id, point.distanceKilometres(to: $0.point)) }.filter { $0.1 <= radius }
                .sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
        }
    }
}
