import CLibcurl
import Foundation

/// libcurl's process-wide setup, run once before the first handle is made.
private let curlGlobalInit: Void = {
    _ = curl_global_init(Int(CURL_GLOBAL_DEFAULT))
}()

/// libcurl transport for http, https and file.
///
/// One easy handle per request. Redirects are followed (at most 5, http and https only),
/// gzip and deflate are decoded (a stream cut short is `.truncated`), and bodies over the limit are refused
/// while they arrive. The request's `FetchPolicy` may change the timeout and the body limit.
/// Statuses of 400 and above are thrown as `.httpStatus`; whether to retry is the caller's call.
public struct CurlFetcher: Fetcher {
    /// The timeouts, size limit and User-Agent used for every transfer.
    public let configuration: FetchConfiguration

    /// Creates a transport with the given settings.
    public init(configuration: FetchConfiguration = FetchConfiguration()) {
        curlGlobalInit
        self.configuration = configuration
    }

    /// Performs the transfer on a thread of its own; cancelling the task aborts it.
    ///
    /// curl_easy_perform blocks, so it must stay off Swift's cooperative pool; and not on a shared
    /// Dispatch queue either, whose limited width would hold transfers back and undo the throttle's spacing.
    public func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        guard let parts = RequestURL(request.url) else {
            throw FetchError(.invalidURL, request: request, detail: "not an absolute URL, or it holds a space or control character")
        }
        guard ["http", "https", "file"].contains(parts.scheme) else {
            throw FetchError(.unsupportedScheme, request: request, detail: "\(parts.scheme): is not supported")
        }
        guard parts.scheme == "file" || !parts.authority.isEmpty else {
            throw FetchError(.invalidURL, request: request, detail: "no host")
        }
        guard !Task.isCancelled else { throw FetchError(.cancelled, request: request, detail: "cancelled") }

        let transfer = CurlTransfer(request: request, isFile: parts.scheme == "file", configuration: configuration)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread { continuation.resume(returning: transfer.perform()) }
            }
        } onCancel: {
            transfer.cancel()
        }
        return try result.get()
    }
}
