import CLibcurl
import Synchronization

/// One libcurl transfer: the options, the callbacks' buffers, and the mapping of the outcome.
///
/// Unchecked Sendable: `body`, `headers`, `decoder` and `bodyFailure` are touched only by the curl thread
/// while `perform()` runs and read by it afterwards; only `cancelled` crosses threads, and it is atomic.
final class CurlTransfer: @unchecked Sendable {
    /// Why the body callback stopped the transfer.
    enum BodyFailure: Equatable {
        case tooLarge
        case undecodable(String)
    }

    let request: FetchRequest
    let isFile: Bool
    let configuration: FetchConfiguration
    /// The configuration's timeouts and body limit with the request's policy applied.
    let limits: TransferLimits
    private(set) var body: [UInt8] = []
    private(set) var headers: [String: String] = [:]
    /// The status of the response whose headers are being read, from its status line.
    private var responseStatus = 0
    /// Set up at the first body byte when the response is gzip or deflate, since curl's own decoding is off.
    private(set) var decoder: ContentDecoder?
    private var bodyStarted = false
    private(set) var bodyFailure: BodyFailure?
    private let cancelled = Atomic<Bool>(false)

    init(request: FetchRequest, isFile: Bool, configuration: FetchConfiguration) {
        self.request = request
        self.isFile = isFile
        self.configuration = configuration
        self.limits = TransferLimits(configuration: configuration, policy: request.policy)
    }

    /// Asks the running transfer to stop at its next progress callback.
    func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }

    /// Runs the transfer to completion, blocking the calling thread.
    func perform() -> Result<FetchResponse, FetchError> {
        guard let handle = curl_easy_init() else {
            return .failure(FetchError(.connection, request: request, detail: "could not create a curl handle"))
        }
        defer { curl_easy_cleanup(handle) }
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(to: 0)
        defer { errorBuffer.deallocate() }
        var headerList: UnsafeMutablePointer<curl_slist>?
        for (name, value) in request.headers { headerList = curl_slist_append(headerList, "\(name): \(value)") }
        // Without this, curl waits a second for "100 Continue" before sending larger bodies.
        headerList = curl_slist_append(headerList, "Expect:")
        defer { curl_slist_free_all(headerList) }

        configure(handle, headerList: headerList, errorBuffer: errorBuffer)
        let code = curl_easy_perform(handle)
        return outcome(of: code, handle: handle, errorBuffer: errorBuffer)
    }

    private func configure(_ handle: UnsafeMutableRawPointer, headerList: UnsafeMutablePointer<curl_slist>?, errorBuffer: UnsafeMutablePointer<CChar>) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = cartelera_curl_setopt_string(handle, CURLOPT_URL, request.url)
        _ = cartelera_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
        _ = cartelera_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        // file:// only when asked for directly, so a redirect can never read local files.
        _ = cartelera_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, isFile ? "file" : "http,https")
        _ = cartelera_curl_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        _ = cartelera_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1)
        _ = cartelera_curl_setopt_long(handle, CURLOPT_MAXREDIRS, 5)
        // Asks for what ContentDecoder reads and leaves the bytes alone: curl would pass a cut stream as a whole one.
        _ = cartelera_curl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "gzip, deflate")
        _ = cartelera_curl_setopt_long(handle, CURLOPT_HTTP_CONTENT_DECODING, 0)
        _ = cartelera_curl_setopt_string(handle, CURLOPT_USERAGENT, configuration.userAgent)
        // Loopback is never worth a proxy, and the demo and tests live there.
        _ = cartelera_curl_setopt_string(handle, CURLOPT_NOPROXY, "127.0.0.1,localhost,::1")
        _ = cartelera_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, limits.timeoutMilliseconds)
        _ = cartelera_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, limits.connectTimeoutMilliseconds)
        _ = cartelera_curl_setopt_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limits.maxBodyBytes))
        _ = cartelera_curl_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList)

        let method = request.method.uppercased()
        if let body = request.body {
            _ = cartelera_curl_setopt_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
            if body.isEmpty {
                _ = cartelera_curl_setopt_string(handle, CURLOPT_COPYPOSTFIELDS, "")
            } else {
                body.withUnsafeBytes { bytes in
                    _ = cartelera_curl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
                }
            }
        }
        if method == "HEAD" {
            _ = cartelera_curl_setopt_long(handle, CURLOPT_NOBODY, 1)
        } else if method != "GET" && !(method == "POST" && request.body != nil) {
            _ = cartelera_curl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method)
        }

        _ = cartelera_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
        _ = cartelera_curl_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            guard let data, let context, case (let length, false) = size.multipliedReportingOverflow(by: count) else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: length))
        }
        _ = cartelera_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
        _ = cartelera_curl_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            guard let data, let context, case (let length, false) = size.multipliedReportingOverflow(by: count) else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: data, count: length))
            return length
        }
        // The shim has no typed setter for the progress callback; a C function pointer fits in void *.
        let progress: curl_xferinfo_callback = { context, _, _, _, _ in
            guard let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.cancelled.load(ordering: .relaxed) ? 1 : 0
        }
        _ = cartelera_curl_setopt_pointer(handle, CURLOPT_XFERINFOFUNCTION, unsafeBitCast(progress, to: UnsafeMutableRawPointer.self))
        _ = cartelera_curl_setopt_pointer(handle, CURLOPT_XFERINFODATA, context)
        _ = cartelera_curl_setopt_long(handle, CURLOPT_NOPROGRESS, 0)
    }

    /// Takes the next piece of the body as sent; returning less than its length makes curl stop with a write error.
    private func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
        // An error page is never returned, so it is neither decoded nor kept.
        guard responseStatus < 400 else { return bytes.count }
        if !bodyStarted {
            bodyStarted = true
            startDecoding()
        }
        guard bodyFailure == nil else { return 0 }
        guard let decoder else { return keep(bytes) ? bytes.count : 0 }
        do throws(ContentDecoder.Failure) {
            try decoder.decode(bytes) { keep($0) }
            return bytes.count
        } catch {
            if case .corrupt(let reason) = error { bodyFailure = .undecodable(reason) }
            return 0
        }
    }

    /// Chooses how the body is decoded from its Content-Encoding; a coding we cannot read fails the transfer.
    private func startDecoding() {
        let codings = ContentDecoder.codings(contentEncoding: headers["content-encoding"] ?? "")
        switch codings.first {
        case nil:
            break
        case let coding?? where codings.count == 1:
            decoder = ContentDecoder(coding)
        default:
            bodyFailure = .undecodable("Content-Encoding \(headers["content-encoding"] ?? "") is not supported")
        }
    }

    /// Appends decoded bytes, or refuses them when the body would grow past its limit.
    private func keep(_ bytes: UnsafeRawBufferPointer) -> Bool {
        // Counted after decompression, so a small gzip bomb is stopped too.
        guard bytes.count <= limits.maxBodyBytes - body.count else {
            bodyFailure = .tooLarge
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    private func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        let line = String(decoding: bytes, as: UTF8.self)
        // Each response in a redirect chain starts with a status line; keep only the last one's headers.
        if line.hasPrefix("HTTP/") {
            headers = [:]
            responseStatus = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingSpaces().lowercased()
        let value = line[line.index(after: colon)...].trimmingSpaces()
        guard !name.isEmpty else { return }
        if let existing = headers[name] {
            headers[name] = existing + ", " + value
        } else {
            headers[name] = value
        }
    }
}
