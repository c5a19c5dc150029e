import Foundation

/// Load runs for `cartelera-bench serve`: the shapes' URLs on each server, wrk's figures, and ids read back from answers.
public enum HTTPLoad {
    /// One wrk run's figures.
    public struct Result: Sendable {
        /// Completed requests per second.
        public var requestsPerSecond: Double
        /// Median latency.
        public var p50Milliseconds: Double
        /// 99th-percentile latency.
        public var p99Milliseconds: Double
        /// Answers that were not 2xx or 3xx, plus socket errors.
        public var failures: Int
    }

    private static let week = "from=2026-11-25T18:00Z&to=2026-12-02T18:00Z&window=starts"

    /// The shapes as `cartelera serve` API requests, with the parameters of BENCHMARKS.md's reference rows.
    public static let carteleraTargets: [QueryShapes.Shape: String] = [
        .q1: "/api/query/programmes?text=accion&match=word&sort=time&limit=10000",
        .q2: "/api/query/programmes?type=film&genre=Acci%C3%B3n&year=1990-2005&\(week)&sort=time&limit=10000",
        .q3: "/api/query/programmes?channel=ch001&from=2026-11-24T20:00Z&to=2026-11-25T00:00Z&sort=time&limit=10000",
        .q4: "/api/query/venues?near=40.4168,-3.7038&within=2km&sort=distance&limit=10000",
        .q5: "/api/shake/programmes?type=film&genre=Acci%C3%B3n&year=1990-2005&\(week)",
    ]

    /// The same shapes on the Python/SQLite baseline (Bench/sqlite_api.py).
    public static let peerTargets: [QueryShapes.Shape: String] = [
        .q1: "/q1", .q2: "/q2?genre=Acci%C3%B3n", .q3: "/q3?channel=ch001&day=1795478400", .q4: "/q4", .q5: "/q5?genre=Acci%C3%B3n",
    ]

    /// Data set G's ids of the rows in a JSON answer of either server (`externalID` on Cartelera's rows, `id` on the baseline's).
    public static func ids(_ body: [UInt8]) -> [String] {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any],
              let rows = object["rows"] as? [[String: Any]] else { return [] }
        return rows.compactMap { row in
            if let venue = row["venue"] as? [String: Any] { return venue["externalID"] as? String }
            if let external = row["externalID"] as? String { return external }
            return (row["id"] as? Int).map(String.init)
        }
    }

    /// Runs `wrk --latency` on `url` and reads its figures.
    public static func run(wrk: String, url: String, connections: Int, seconds: Int) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: wrk)
        process.arguments = ["-t2", "-c\(connections)", "-d\(seconds)s", "--timeout", "30s", "--latency", url]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return parse(text)
    }

    /// wrk's `Requests/sec`, its 50 % and 99 % latency lines, and its error counts.
    static func parse(_ text: String) -> Result {
        var result = Result(requestsPerSecond: 0, p50Milliseconds: 0, p99Milliseconds: 0, failures: 0)
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            if line.hasPrefix("Requests/sec:"), let value = parts.last.flatMap({ Double($0) }) { result.requestsPerSecond = value }
            if parts.first == "50%", let value = parts.last { result.p50Milliseconds = milliseconds(String(value)) }
            if parts.first == "99%", let value = parts.last { result.p99Milliseconds = milliseconds(String(value)) }
            if line.hasPrefix("Non-2xx or 3xx responses:"), let value = parts.last.flatMap({ Int($0) }) { result.failures += value }
            if line.hasPrefix("Socket errors:") {
                result.failures += line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }.reduce(0, +)
            }
        }
        return result
    }

    /// "812.00us", "1.23ms", "2.01s" in milliseconds.
    static func milliseconds(_ text: String) -> Double {
        for (unit, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(unit) {
            return (Double(text.dropLast(unit.count)) ?? 0) * scale
        }
        return 0
    }
}
