/// Fetches one request; every policy wraps another Fetcher and is one itself.
///
/// Implementations return responses with status below 400 and throw `FetchError`
/// for everything else, so a policy can decide from the error alone.
public protocol Fetcher: Sendable {
    /// Fetches the request, reading the whole body once.
    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse
}
