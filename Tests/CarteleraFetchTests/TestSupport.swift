import CarteleraFetch
import CarteleraTesting
import Foundation
import Logging
import Synchronization

/// A logger that drops everything, so tests never touch process-wide logging.
let quietLogger = Logger(label: "cartelera.fetch.tests", factory: { _ in SwiftLogNoOpLogHandler() })

/// Settings with short timeouts and delays, so the suite stays fast.
func testConfiguration(
    timeoutSeconds: Double = 5, maxBodyBytes: Int = 1 << 20, cacheDirectory: String? = nil
) -> FetchConfiguration {
    FetchConfiguration(
        timeoutSeconds: timeoutSeconds, connectTimeoutSeconds: 2, maxBodyBytes: maxBodyBytes, maxRetries: 2,
        backoffBaseSeconds: 0.01, perHostConcurrency: 2, perHostDelaySeconds: 0.01, cacheDirectory: cacheDirectory)
}

/// Fetches and returns the `FetchError` thrown, or nil when the fetch succeeded.
func fetchError(_ fetcher: any Fetcher, _ request: FetchRequest) async -> FetchError? {
    do {
        _ = try await fetcher.fetch(request)
        return nil
    } catch {
        return error
    }
}

/// A fresh empty directory under the system's temporary directory; the caller removes it.
func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "cartelera-fetch-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Runs `body` with a fresh empty directory, removed afterwards whatever happens.
func withTemporaryDirectory<Result>(_ body: (String) async throws -> Result) async throws -> Result {
    let path = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try await body(path)
}

/// One line an in-memory logger received.
struct LogRecord: Sendable {
    var level: Logger.Level
    var message: String
    var metadata: [String: String]
}

/// Keeps every line at info and above, so tests can read what was logged without touching process-wide logging.
struct MemoryLogHandler: LogHandler {
    let records: Recorder<LogRecord>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let metadata = metadata.merging(event.metadata ?? [:]) { _, line in line }
        records.append(LogRecord(level: event.level, message: event.message.description, metadata: metadata.mapValues { "\($0)" }))
    }
}

/// A logger at info level, as `-v` sets it, and the lines it receives.
func memoryLogger() -> (logger: Logger, records: Recorder<LogRecord>) {
    let records = Recorder<LogRecord>()
    return (Logger(label: "cartelera.fetch.tests", factory: { _ in MemoryLogHandler(records: records) }), records)
}

/// A thread-safe list that handlers and injected closures append to.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])

    func append(_ value: Value) { values.withLock { $0.append(value) } }

    var all: [Value] { values.withLock { $0 } }
}

/// A counter a handler bumps to script "fail N times, then succeed".
final class Counter: Sendable {
    private let value = Mutex(0)

    /// Increments and returns the new value.
    func next() -> Int { value.withLock { $0 += 1; return $0 } }
}
