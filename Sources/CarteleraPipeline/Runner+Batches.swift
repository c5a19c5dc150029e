import CarteleraModel
import CarteleraScraping
import CarteleraStore
import Foundation

extension Runner {
    /// Scrapes this shard's part of the configured sources into `folder`, one batch file per source, without opening the store.
    ///
    /// Nothing here takes the store's lock or reads the store: workers on several machines run at once, and the
    /// sanity floor, merging and last good data are decided when the batches are committed. A worker run again
    /// replaces its own files, each atomically. `progress` hears about each source once its file is written.
    public func scrape(shard: Shard, into folder: String, progress: @escaping @Sendable (SourceReport) -> Void = { _ in }) async throws(RunError) -> BatchReport {
        let mine = shard.select(try selectedSources())
        let (definitions, invalid) = try definitions(mine)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .batch(BatchError(file: folder, detail: "cannot create the folder (a file in the way, or not writable by this user)"))
        }
        let started = ContinuousClock.now
        var report = BatchReport(started: configuration.now, shard: shard.description, folder: folder)
        func write(_ scraped: ScrapedSource) -> SourceReport {
            var source = SourceReport(scraped)
            do {
                report.files.append(try SourceBatch.write(scraped, into: folder))
            } catch {
                source.status = .failed
                source.errors.append("\(scraped.source): \(error.description)")
                report.problems.append(error.description)
            }
            progress(source)
            return source
        }
        var sources = invalid.map { write(.invalid($0, at: configuration.now)) }
        sources += await scrape(definitions, handle: write)
        report.sources = sources.sorted { $0.source < $1.source }
        report.seconds = (ContinuousClock.now - started).seconds
        return report
    }

    /// Commits the batches in `paths` (folders of `*.batch.json`, or files) under the store's lock, as a run commits what it scraped.
    ///
    /// Every configured source is accounted for, in id order: its batch is committed (sanity floor, merging, last good
    /// data exactly as a local run), or, when none arrived, it is reported failed and keeps its data. A batch already
    /// committed (scraped at the source's last recorded attempt) is not committed twice, so a commit can be retried; an
    /// older one is refused. A batch that cannot be read, or of a source the configuration does not run, is a problem of
    /// the run and stays where it is. Committed batch files are deleted unless `keep`.
    public func commit(batches paths: [String], keep: Bool = false,
                       progress: @escaping @Sendable (SourceReport) -> Void = { _ in }) async throws(RunError) -> RunReport {
        let expected = try selectedSources()
        let files: [String]
        do { files = try SourceBatch.files(in: paths) } catch { throw .batch(error) }
        var problems: [String] = []
        var arrived: [SourceID: (scraped: ScrapedSource, file: String)] = [:]
        var unreadable: [SourceID: String] = [:]
        for file in files {
            do {
                let scraped = try SourceBatch.read(file)
                guard expected.contains(scraped.source) else {
                    problems.append("batch \(file): \(scraped.source) is not among the sources this configuration runs; not committed")
                    continue
                }
                if let other = arrived[scraped.source], scraped.scrapedAt <= other.scraped.scrapedAt {
                    logger.info("two batches of one source: the newer is committed", metadata: ["batch.file": "\(file)"])
                } else {
                    arrived[scraped.source] = (scraped, file)
                }
            } catch {
                problems.append(error.description)
                let name = (file as NSString).lastPathComponent
                if name.hasSuffix(SourceBatch.fileSuffix) {
                    unreadable[SourceID(String(name.dropLast(SourceBatch.fileSuffix.count)))] = error.description
                }
            }
        }
        let committer = try StoreCommitter.open(configuration, logger: logger)
        defer { committer.lock.release() }
        let started = ContinuousClock.now
        var reports: [SourceReport] = []
        var consumed: [String] = []
        for source in expected {
            let report: SourceReport
            if let (scraped, file) = arrived[source] {
                let chosen = configuration.channels[source].map { Set($0).sorted() }
                if scraped.invalidDefinition == nil, scraped.channels != chosen {
                    report = committer.recordMissing(source, because: "its batch \(file) was scraped for channels "
                        + "\(scraped.channels.map { $0.map(\.rawValue).joined(separator: ",") } ?? "all") but the configuration keeps "
                        + "\(chosen.map { $0.map(\.rawValue).joined(separator: ",") } ?? "all"); not committed", at: configuration.now)
                } else {
                    report = commitOnce(scraped, file: file, committer: committer)
                    consumed.append(file)
                }
            } else {
                let reason = unreadable[source].map { "its batch could not be read (\($0))" } ?? "no batch arrived (its shard failed or has not finished)"
                report = committer.recordMissing(source, because: reason, at: configuration.now)
            }
            progress(report)
            reports.append(report)
        }
        let report = committer.finish(reports, at: configuration.now, started: started, problems: problems)
        if !keep {
            for file in consumed where unlink(file) != 0 && errno != ENOENT {
                logger.notice("could not delete a committed batch", metadata: ["batch.file": "\(file)"])
            }
        }
        return report
    }

    /// Commits a batch unless the store already holds this attempt of its source (a retried commit) or a later one.
    private func commitOnce(_ scraped: ScrapedSource, file: String, committer: StoreCommitter) -> SourceReport {
        let state: SourceState?
        do {
            state = try committer.store.sourceState(scraped.source)
        } catch {
            // The writer sets a damaged state aside and says so.
            return committer.commit(scraped)
        }
        guard let attempted = state?.lastAttempt, scraped.scrapedAt <= attempted, scraped.invalidDefinition == nil else {
            return committer.commit(scraped)
        }
        var report = SourceReport(scraped)
        if scraped.scrapedAt < attempted {
            report.status = .failed
            report.errors = ["\(scraped.source): batch \(file) was scraped at \(scraped.scrapedAt), before the store's last attempt "
                             + "at \(attempted); not committed, the store's data is newer"]
            return report
        }
        // The same attempt, committed by an earlier commit that was retried: report what that commit decided.
        switch state?.status {
        case .belowSanityFloor?: report.status = .belowSanityFloor
        case .failed?: report.status = report.status == .ok ? .partial : report.status
        default: break
        }
        if let error = state?.lastError, report.status != .ok, !report.errors.contains(error) { report.errors.append(error) }
        report.warnings.append("\(scraped.source): batch \(file) was already committed; nothing changed")
        return report
    }
}

/// What a worker wrote: one batch file per source of its shard.
public struct BatchReport: Codable, Sendable {
    /// When the scrape started.
    public var started: Timestamp
    /// How long it took.
    public var seconds: Double = 0
    /// The part of the sources scraped, `K/N`.
    public var shard: String
    /// The batch folder.
    public var folder: String
    /// What each source yielded, with the status its scrape alone gives it (the commit weighs it against the store).
    public var sources: [SourceReport] = []
    /// The batch files written.
    public var files: [String] = []
    /// Batch files that could not be written.
    public var problems: [String] = []

    /// A report of a shard's scrape into a folder, filled in as it runs.
    public init(started: Timestamp, shard: String, folder: String) {
        self.started = started
        self.shard = shard
        self.folder = folder
    }

    /// Whether every source scraped well and every file was written.
    public var allSucceeded: Bool { problems.isEmpty && sources.allSatisfy { $0.status == .ok } }

    /// Whether some source's definition is invalid (a configuration error, exit code 2).
    public var hasInvalidDefinitions: Bool { sources.contains { $0.status == .invalid } }
}
