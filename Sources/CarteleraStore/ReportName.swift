import CarteleraModel
import Foundation

/// Names of run reports: the run's instant without colons, so they sort by time and suit every file system.
enum ReportName {
    /// `2026-11-22T160000Z` for 16:00:00 UTC.
    static func stamp(_ time: Timestamp) -> String {
        time.iso8601.replacingOccurrences(of: ":", with: "")
    }

    /// The sort order of a report file name: its stamp, then its copy number (1 for none); nil for other files.
    static func order(_ name: String) -> ReportOrder? {
        guard let stem = FileName.stem(ofJSON: name), stem.count >= 18 else { return nil }
        let stamp = String(stem.prefix(18))
        let rest = stem.dropFirst(18)
        if rest.isEmpty { return ReportOrder(stamp: stamp, copy: 1) }
        guard rest.first == "-", let copy = Int(rest.dropFirst()) else { return nil }
        return ReportOrder(stamp: stamp, copy: copy)
    }

    /// Where a report sorts among the others.
    struct ReportOrder: Comparable {
        var stamp: String
        var copy: Int
        static func < (lhs: ReportOrder, rhs: ReportOrder) -> Bool { (lhs.stamp, lhs.copy) < (rhs.stamp, rhs.copy) }
    }
}
