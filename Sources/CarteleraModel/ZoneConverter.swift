import Foundation

/// Converts wall-clock times of one IANA zone to UTC instants and back, resolving DST gaps and overlaps.
public struct ZoneConverter: Sendable {
    /// The IANA identifier, such as `Europe/Madrid`.
    public let identifier: String
    private let zone: TimeZone

    /// Fails for a zone identifier the system does not know.
    public init?(identifier: String) {
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        self.identifier = identifier
        self.zone = zone
    }

    /// The zone's offset from UTC in seconds at an instant.
    public func offset(at instant: Timestamp) -> Int {
        zone.secondsFromGMT(for: instant.date)
    }

    /// The wall-clock time at an instant.
    public func local(_ instant: Timestamp) -> LocalDateTime {
        let shifted = instant.adding(seconds: Int64(offset(at: instant)))
        return LocalDateTime(day: shifted.utcDay, secondOfDay: shifted.utcSecondOfDay)
    }

    /// The instant of a wall-clock time.
    ///
    /// In the autumn overlap a time happens twice: the earliest candidate not before `notBefore` wins,
    /// so a schedule that runs 01:30, 02:15, 02:30 … through the change stays in order. In the spring gap
    /// a time that never happens is read with the offset before the change (02:30 becomes 03:30).
    public func instant(_ local: LocalDateTime, notBefore: Timestamp? = nil) -> Timestamp {
        let naive = local.naiveSeconds
        let before = offset(at: Timestamp(secondsSince1970: naive - 86_400 / 2))
        let after = offset(at: Timestamp(secondsSince1970: naive + 86_400 / 2))
        let candidates = Set([before, after])
            .map { Timestamp(secondsSince1970: naive - Int64($0)) }
            .filter { Int64(offset(at: $0)) == naive - $0.secondsSince1970 }
            .sorted()
        guard !candidates.isEmpty else { return Timestamp(secondsSince1970: naive - Int64(before)) }
        if let notBefore, let first = candidates.first(where: { $0 >= notBefore }) { return first }
        return candidates[0]
    }
}
