import CarteleraCore

/// The timeouts and body limit one transfer runs with: the configuration's, with the request's policy on top.
///
/// Every value is held to `FetchLimits`; a nonsense timeout falls back to the configuration's value, and a
/// nonsense one there to the engine default, so what reaches curl is always a whole, positive number of milliseconds.
struct TransferLimits: Equatable {
    /// CURLOPT_TIMEOUT_MS: at least 1, since 0 would mean no timeout at all.
    var timeoutMilliseconds: Int
    /// CURLOPT_CONNECTTIMEOUT_MS: at least 1.
    var connectTimeoutMilliseconds: Int
    /// The largest body accepted after decompression, at most `FetchPolicy.maxBodyBytesCeiling`.
    var maxBodyBytes: Int

    init(configuration: FetchConfiguration, policy: FetchPolicy) {
        let engine = FetchConfiguration()
        let configured = FetchLimits.timeout(configuration.timeoutSeconds, fallback: engine.timeoutSeconds)
        let timeout = FetchLimits.timeout(policy.timeoutSeconds ?? configured, fallback: configured)
        let connect = FetchLimits.timeout(configuration.connectTimeoutSeconds, fallback: engine.connectTimeoutSeconds)
        timeoutMilliseconds = max(1, Checked.milliseconds(timeout))
        connectTimeoutMilliseconds = max(1, Checked.milliseconds(connect))
        maxBodyBytes = FetchLimits.bodyBytes(policy.maxBodyBytes ?? configuration.maxBodyBytes)
    }
}
