#if canImport(Glibc)
import Glibc
#endif
import CarteleraOutput
import CarteleraStore
import Foundation
import Synchronization

/// A build's failure to write or read a file, naming it.
public struct BuildError: Error, CustomStringConvertible, Sendable {
    /// The file or folder at fault.
    public var file: String
    /// What went wrong.
    public var message: String

    /// True when a commit replaced the snapshot being published: publish again from a new one.
    public var isSuperseded = false
    /// For a superseded build, what it had already written or removed.
    public var partialReport: BuildReport?

    /// An error about `file`.
    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    /// A store read's failure, naming the store file (under `location`, the store's folder).
    init(_ error: StoreError, in location: String = "store") {
        self.init(file: error.file ?? location, message: error.detail)
        isSuperseded = error.kind == .superseded
    }

    /// The output layer's failure to write a file, naming it.
    init(_ error: OutputError) {
        self.init(file: error.file, message: error.detail)
    }

    /// One line: `out/public/feeds/cine.ics: cannot be written: …`.
    public var description: String { "\(file): \(message)" }
}

/// The folder a build publishes into: each file written atomically and only when its bytes change (so an
/// unchanged feed keeps its modification time for HTTP caches), and the files an earlier build wrote that this
/// one did not are removed. What the builds wrote is listed in `.cartelera/build.json`; other files are left alone.
///
/// Published files are renamed into place unsynced, as the site's pages are: a build writes thousands of them, and
/// one `syncfs` in `finish()` makes them all durable before the list and the build's record vouch for them. Every
/// `flushEvery` bytes a `syncfs` is started in the background, so the disk writes while the build renders and the last
/// one has little left to wait for.
final class OutputFolder {
    private static let flushEvery = 64 << 20

    /// The folder.
    let root: String
    /// Files this build wrote, unchanged, and removed, relative to `root`.
    private(set) var written: [String] = []
    private(set) var unchanged: [String] = []
    private(set) var removed: [String] = []
    private var previous: Set<String> = []
    private var kept: Set<String> = []
    /// Folders known to exist, so each is made once per build, not once per file.
    private var folders: Set<String> = []
    /// Whether a file was put in place unsynced since the last sync.
    private var unsynced = false
    /// Bytes written unsynced since the last background flush started.
    private var unflushed = 0
    private lazy var flusher = BackgroundFlush(root: root)
    /// The files this build wrote, found unchanged or kept, in that order.
    private var claimed: [String] = []

    /// The list of files builds wrote, relative to `root`.
    static let listFile = ".cartelera/build.json"

    /// The folder at `root`, created when missing.
    init(root: String) throws(BuildError) {
        self.root = root
        do {
            try FileManager.default.createDirectory(atPath: root + "/.cartelera", withIntermediateDirectories: true)
        } catch {
            throw BuildError(file: root, message: "cannot be created: \(error.localizedDescription)")
        }
        if let data = FileManager.default.contents(atPath: root + "/" + Self.listFile),
           let files = try? JSONDecoder().decode([String].self, from: data) {
            previous = Set(files.filter(Self.isOwnable))
        }
    }

    /// The bytes of a file an earlier build wrote, nil when there is none.
    func existing(_ relative: String) -> Data? {
        FileManager.default.contents(atPath: root + "/" + relative)
    }

    /// Whether the file at `relative` exists.
    func exists(_ relative: String) -> Bool {
        access(root + "/" + relative, F_OK) == 0
    }

    /// Keeps files an earlier build wrote as they are, counted unchanged.
    func keep(_ files: [String]) {
        for relative in files where kept.insert(relative).inserted {
            claimed.append(relative)
            unchanged.append(relative)
        }
    }

    /// How many files this build has claimed so far.
    var claimedCount: Int { claimed.count }

    /// The files claimed after the first `mark`.
    func claimed(since mark: Int) -> [String] { Array(claimed[mark...]) }

    /// Writes `bytes` at `relative` unless the file already holds them; durable once `finish()` has synced.
    func write(_ bytes: [UInt8], to relative: String) throws(BuildError) {
        claim(relative)
        let path = root + "/" + relative
        if let current = existing(relative), current.elementsEqual(bytes) {
            unchanged.append(relative)
            return
        }
        do {
            try makeFolder(of: relative)
            try PublishedFile.replace(bytes, at: path)
        } catch {
            throw BuildError(file: path, message: "cannot be written: \(error.detail)")
        }
        wroteUnsynced(bytes.count)
        written.append(relative)
    }

    /// Counts `count` bytes written to a file of this folder without a sync, starting a background flush every `flushEvery`.
    func wroteUnsynced(_ count: Int) {
        unsynced = true
        unflushed += count
        guard unflushed >= Self.flushEvery else { return }
        unflushed = 0
        flusher.start()
    }

    /// Writes the build's own state at `relative` (a calendar's ledger) synced on its own, unless it already holds `bytes`:
    /// what the next build reads back must not wait for the end of this one.
    func writeSynced(_ bytes: [UInt8], to relative: String) throws(BuildError) {
        claim(relative)
        let path = root + "/" + relative
        let changed: Bool
        do {
            changed = try PublishedFile.writeIfChanged(bytes, to: path)
        } catch {
            throw BuildError(file: path, message: "cannot be written: \(error.detail)")
        }
        if changed { written.append(relative) } else { unchanged.append(relative) }
    }

    /// A file at `relative` to write piece by piece; `finish(_:)` puts it in place (or keeps the old one when equal).
    func stream(_ relative: String) throws(BuildError) -> sending StreamedFile {
        claim(relative)
        do { return try StreamedFile(path: root + "/" + relative) } catch { throw BuildError(error) }
    }

    /// Counts a streamed file its owner ended (`StreamedFile.finish()`) as written or unchanged.
    func finished(_ relative: String, changed: Bool) {
        if changed {
            wroteUnsynced(0)
            written.append(relative)
        } else {
            unchanged.append(relative)
        }
    }

    /// Makes every file written so far durable with one `syncfs`, when any was put in place unsynced.
    func sync() throws(BuildError) {
        guard unsynced else { return }
        do throws(OutputError) {
            try flusher.wait()
            try PublishedFile.syncFileSystem(containing: root)
        } catch {
            throw BuildError(error)
        }
        unsynced = false
    }

    /// Syncs what this build wrote, removes what earlier builds wrote and this one did not, then saves the list of files
    /// this build owns.
    func finish() throws(BuildError) {
        try sync()
        for relative in previous.subtracting(kept).sorted() {
            let path = root + "/" + relative
            guard FileManager.default.fileExists(atPath: path) else { continue }
            do {
                try FileManager.default.removeItem(atPath: path)
            } catch {
                throw BuildError(file: path, message: "is no longer published but cannot be removed: \(error.localizedDescription)")
            }
            removed.append(relative)
        }
        let list: [UInt8]
        do {
            list = Array(try PublishedJSON.encoder.encode(kept.sorted()))
        } catch {
            throw BuildError(file: root + "/" + Self.listFile, message: "cannot be encoded: \(error)")
        }
        let path = root + "/" + Self.listFile
        do { try PublishedFile.writeIfChanged(list, to: path) } catch { throw BuildError(file: path, message: "cannot be written: \(error.detail)") }
    }

    /// Makes the folder of `relative` and those above it, once per build.
    private func makeFolder(of relative: String) throws(OutputError) {
        let folder = (relative as NSString).deletingLastPathComponent
        guard !folder.isEmpty, !folders.contains(folder) else { return }
        try PublishedFile.makeFolder(root + "/" + folder)
        folders.insert(folder)
    }

    private func claim(_ relative: String) {
        if kept.insert(relative).inserted { claimed.append(relative) }
    }

    /// Only plain relative paths inside the folder may be removed, whatever the list file says.
    private static func isOwnable(_ relative: String) -> Bool {
        !relative.isEmpty && !relative.hasPrefix("/") && !relative.split(separator: "/").contains("..")
    }
}

/// `syncfs` calls run one after another on a queue of their own while the build goes on; the first failure is kept for
/// `wait()`, since a later call on a new descriptor need not report it again.
private final class BackgroundFlush: Sendable {
    private let root: String
    private let queue = DispatchQueue(label: "cartelera.flush")
    private let failure = Mutex<OutputError?>(nil)

    init(root: String) {
        self.root = root
    }

    /// Starts a flush of the file system holding `root`, after those already started.
    func start() {
        queue.async { [self] in
            do throws(OutputError) {
                try PublishedFile.syncFileSystem(containing: root)
            } catch {
                failure.withLock { $0 = $0 ?? error }
            }
        }
    }

    /// Waits for the flushes started; throws the first that failed.
    func wait() throws(OutputError) {
        queue.sync {}
        if let failure = failure.withLock({ $0 }) { throw failure }
    }
}
