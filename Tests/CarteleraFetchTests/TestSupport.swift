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

/// A fresh empty directory under the system's temporary directory.
func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "cartelera-fetch-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
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
