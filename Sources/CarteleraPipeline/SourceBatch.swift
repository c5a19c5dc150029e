import CarteleraModel
import CarteleraNormalize
import CarteleraOutput
import CarteleraScraping
import CarteleraStore
import Foundation

/// One source's scrape as a file, `<id>.batch.json`: what a worker that holds no lock hands to the committer.
///
/// The file holds everything the commit needs and nothing it must look up elsewhere: the normalized items, the
/// windows and days they replace, what failed, the definition's sanity floor and the channels chosen, and when
/// it was scraped. It is written atomically (temp, fsync, rename), so a worker killed half way leaves the
/// previous file or none, and a retried worker replaces its own files.
struct SourceBatch: Codable {
    /// What the first key of every batch file says, so a stray JSON file is refused by name.
    static let formatName = "cartelera-batch"
    /// The format this build writes and reads.
    static let formatVersion = 1
    /// The suffix of batch files in a folder.
    static let fileSuffix = ".batch.json"

    /// One failed part of the scrape, as `ScrapeError` says it.
    struct Failure: Codable {
        var kind: String
        var url: String?
        var message: String
    }

    var format: String
    var version: Int
    var source: SourceID
    var scrapedAt: Timestamp
    var invalidDefinition: String?
    var sanityFloor: SanityFloor
    var channels: [ChannelID]?
    var extraction: Extraction
    var coverage: [Coverage]
    var audienceDays: [Day]
    var venueCities: [String]
    var nightDays: [Day]
    var promotionsRead: Bool
    var failures: [Failure]
    var detailFailures: [Failure]
    var warnings: [String]
    var requests: Int
    var bytes: Int
    var notModified: Int
    var seconds: Double

    /// The file form of a scraped source.
    init(_ scraped: ScrapedSource) {
        let outcome = scraped.outcome
        format = Self.formatName
        version = Self.formatVersion
        source = scraped.source
        scrapedAt = scraped.scrapedAt
        invalidDefinition = scraped.invalidDefinition
        sanityFloor = scraped.floor
        channels = scraped.channels
        extraction = outcome.extraction
        coverage = outcome.coverage
        audienceDays = outcome.audienceDays
        venueCities = outcome.venueCities
        nightDays = outcome.nightDays
        promotionsRead = outcome.promotionsRead
        failures = outcome.failures.map { Failure(kind: $0.kind.rawValue, url: $0.url, message: $0.message) }
        detailFailures = outcome.detailFailures.map { Failure(kind: $0.kind.rawValue, url: $0.url, message: $0.message) }
        warnings = outcome.warnings
        requests = scraped.requests
        bytes = scraped.bytes
        notModified = scraped.notModified
        seconds = scraped.seconds
    }

    /// The scraped source the file describes; the failures keep their kind, URL and words (not the errors behind them).
    var scraped: ScrapedSource {
        let source = source
        func error(_ failure: Failure) -> ScrapeError {
            ScrapeError(kind: ScrapeError.Kind(rawValue: failure.kind) ?? .fetch, source: source, url: failure.url, message: failure.message)
        }
        let outcome = ScrapeOutcome(
            extraction: extraction, coverage: coverage, audienceDays: audienceDays, venueCities: venueCities, nightDays: nightDays,
            promotionsRead: promotionsRead, failures: failures.map(error), detailFailures: detailFailures.map(error), warnings: warnings)
        return ScrapedSource(source: source, scrapedAt: scrapedAt, invalidDefinition: invalidDefinition, floor: sanityFloor, channels: channels,
                             outcome: outcome, requests: requests, bytes: bytes, notModified: notModified, seconds: seconds)
    }

    /// The file name of a source's batch in a folder.
    static func fileName(_ source: SourceID) -> String { source.rawValue + fileSuffix }

    /// Writes the batch of `scraped` into `folder` atomically, replacing an earlier one of the same source; returns its path.
    static func write(_ scraped: ScrapedSource, into folder: String) throws(BatchError) -> String {
        let path = folder + "/" + fileName(scraped.source)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(SourceBatch(scraped))
        } catch {
            throw BatchError(file: path, detail: "cannot encode: \(error)")
        }
        do {
            try PublishedFile.write(data, to: path)
        } catch {
            throw BatchError(file: path, detail: error.detail)
        }
        return path
    }

    /// Reads and checks the batch at `path`: its format and version, and that it speaks of one source, the one its name says.
    static func read(_ path: String) throws(BatchError) -> ScrapedSource {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BatchError(file: path, detail: "cannot read it (gone, or not readable by this user)")
        }
        struct Header: Decodable {
            var format: String?
            var version: Int?
        }
        guard let header = try? JSONDecoder().decode(Header.self, from: data), header.format == formatName else {
            throw BatchError(file: path, detail: "not a batch file (no \"format\": \"\(formatName)\"): truncated, damaged or something else")
        }
        guard header.version == formatVersion else {
            throw BatchError(file: path, detail: "batch format \(header.version.map(String.init) ?? "?") is not \(formatVersion), the one this build reads")
        }
        let batch: SourceBatch
        do {
            batch = try JSONDecoder().decode(SourceBatch.self, from: data)
        } catch {
            throw BatchError(file: path, detail: "cannot decode: \(error)")
        }
        let name = (path as NSString).lastPathComponent
        guard name == fileName(batch.source) else {
            throw BatchError(file: path, detail: "holds source \(batch.source), which its name does not say")
        }
        guard batch.extraction.source == batch.source else {
            throw BatchError(file: path, detail: "its items come from \(batch.extraction.source), not \(batch.source)")
        }
        return batch.scraped
    }

    /// The batch files a command line names: each folder's `*.batch.json`, and files as given, in the order named.
    static func files(in paths: [String]) throws(BatchError) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw BatchError(file: path, detail: "no such batch folder or file")
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
                throw BatchError(file: path, detail: "cannot list the folder (not readable by this user)")
            }
            files += names.filter { $0.hasSuffix(fileSuffix) && !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 }
        }
        return files
    }
}

/// A batch that cannot be written or read, naming its file.
public struct BatchError: Error, CustomStringConvertible, Sendable {
    /// The batch file or folder.
    public var file: String
    /// What is wrong with it.
    public var detail: String

    /// One line naming the file.
    public var description: String { "batch \(file): \(detail)" }
}
