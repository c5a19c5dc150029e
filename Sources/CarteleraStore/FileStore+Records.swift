import CarteleraModel
import CarteleraOutput
import Foundation

extension FileStore {
    /// How many run reports `saveReport` keeps.
    public static let reportsKept = 50

    /// Reads `sources/<source>.json`; nil when absent.
    public func sourceState(_ id: SourceID) throws(StoreError) -> SourceState? {
        let relative = Self.sourceStatePath(id)
        guard let data = try POSIX.readFile(path(relative)) else { return nil }
        return try JSONCoding.decode(SourceState.self, from: data, file: relative)
    }

    /// Every `sources/<source>.json`, by source id; a folder that cannot be listed is an error.
    public func sourceStates() throws(StoreError) -> [SourceState] {
        var states: [SourceState] = []
        for name in try POSIX.list(path("sources")).sorted() {
            guard let stem = FileName.stem(ofJSON: name), let id = FileName.decode(stem), let state = try sourceState(SourceID(rawValue: id)) else { continue }
            states.append(state)
        }
        return states.sorted { $0.source.rawValue < $1.source.rawValue }
    }

    /// Replaces `sources/<source>.json` atomically.
    public func saveSourceState(_ state: SourceState, lock: StoreLock) throws(StoreError) {
        try checkHeld(lock)
        let relative = Self.sourceStatePath(state.source)
        let data: Data
        do {
            data = try JSONCoding.encode(state)
        } catch {
            throw StoreError(kind: .invalidContent, file: relative, detail: "cannot encode: \(error)")
        }
        try writeGate.withLock { _ throws(StoreError) in
            try POSIX.makeDirectory(path("sources"))
            if try POSIX.readFile(path(relative)) == data { return }
            try storing { () throws(OutputError) in try PublishedFile.write(data, to: path(relative)) }
        }
    }

    /// Moves `sources/<source>.json` to `quarantine/<stamp>/sources/<source>.json`, kept for the operator, and returns that path.
    public func setAsideSourceState(_ id: SourceID, at time: Timestamp, lock: StoreLock) throws(StoreError) -> String? {
        try checkHeld(lock)
        let relative = Self.sourceStatePath(id)
        return try writeGate.withLock { _ throws(StoreError) -> String? in
            guard POSIX.exists(path(relative)) else { return nil }
            let moved = "quarantine/\(ReportName.stamp(time))/\(relative)"
            try POSIX.makeDirectory((path(moved) as NSString).deletingLastPathComponent)
            try POSIX.move(path(relative), to: path(moved))
            try POSIX.syncDirectory(path("sources"))
            logger.warning("set a corrupt source state aside", metadata: ["store.file": "\(moved)"])
            return moved
        }
    }

    /// Writes `reports/<YYYY-MM-DDTHHMMSSZ>.json` (with `-2`, `-3`… for a second report in the same
    /// second) and deletes all but the newest `reportsKept`.
    public func saveReport(_ json: [UInt8], at time: Timestamp, lock: StoreLock) throws(StoreError) -> String {
        try checkHeld(lock)
        return try writeGate.withLock { _ throws(StoreError) -> String in
            try POSIX.makeDirectory(path("reports"))
            let stamp = ReportName.stamp(time)
            var name = "\(stamp).json"
            var copy = 1
            while POSIX.exists(path("reports/\(name)")) {
                copy += 1
                name = "\(stamp)-\(copy).json"
            }
            let file = path("reports/\(name)")
            try storing { () throws(OutputError) in try PublishedFile.write(json, to: file) }
            let reports = try POSIX.list(path("reports")).compactMap { name in ReportName.order(name).map { (name, $0) } }
                .sorted { $0.1 < $1.1 }
            for (old, _) in reports.dropLast(Self.reportsKept) {
                try POSIX.remove(path("reports/\(old)"))
            }
            return file
        }
    }

    private static func sourceStatePath(_ id: SourceID) -> String {
        "sources/\(FileName.encode(id.rawValue)).json"
    }
}
