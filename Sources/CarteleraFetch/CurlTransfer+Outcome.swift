import CLibcurl

extension CurlTransfer {
    /// Turns curl's result code and the transfer's info into a response or a `FetchError`.
    func outcome(of code: CURLcode, handle: UnsafeMutableRawPointer, errorBuffer: UnsafeMutablePointer<CChar>) -> Result<FetchResponse, FetchError> {
        var status = 0
        _ = cartelera_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var finalURL: UnsafeMutablePointer<CChar>?
        _ = cartelera_curl_getinfo_string(handle, CURLINFO_EFFECTIVE_URL, &finalURL)
        var bodyBytes: curl_off_t = 0
        _ = cartelera_curl_getinfo_offset(handle, CURLINFO_SIZE_DOWNLOAD_T, &bodyBytes)
        var headerBytes = 0
        _ = cartelera_curl_getinfo_long(handle, CURLINFO_HEADER_SIZE, &headerBytes)

        let message = errorBuffer.pointee != 0 ? String(cString: errorBuffer) : String(cString: curl_easy_strerror(code))
        func failure(_ kind: FetchError.Kind, _ detail: String, status: Int? = nil) -> Result<FetchResponse, FetchError> {
            .failure(FetchError(kind, request: request, status: status, detail: detail))
        }
        switch code {
        case CURLE_OK:
            break
        case CURLE_OPERATION_TIMEDOUT:
            return failure(.timeout, message)
        case CURLE_PARTIAL_FILE:
            return failure(.truncated, "body truncated: \(message)")
        case CURLE_FILESIZE_EXCEEDED:
            return failure(.tooLarge, "body larger than \(limits.maxBodyBytes) bytes (Content-Length)")
        case CURLE_WRITE_ERROR where bodyFailure == .tooLarge:
            return failure(.tooLarge, "body larger than \(limits.maxBodyBytes) bytes")
        case CURLE_WRITE_ERROR:
            if case .undecodable(let reason) = bodyFailure { return failure(.decoding, reason) }
            return failure(.connection, message)
        case CURLE_ABORTED_BY_CALLBACK:
            return failure(.cancelled, "cancelled")
        case CURLE_TOO_MANY_REDIRECTS:
            return failure(.httpStatus, "too many redirects (more than 5)", status: status)
        case CURLE_FILE_COULDNT_READ_FILE:
            return failure(.fileNotFound, message)
        case CURLE_UNSUPPORTED_PROTOCOL:
            return failure(.unsupportedScheme, message)
        case CURLE_URL_MALFORMAT:
            return failure(.invalidURL, message)
        case CURLE_BAD_CONTENT_ENCODING:
            return failure(.decoding, message)
        default:
            return failure(.connection, message)
        }

        if let decoder, !decoder.isComplete {
            return failure(
                .truncated,
                "\(decoder.coding.rawValue) body ends before its compressed stream does (\(bodyBytes) bytes received)")
        }
        let url = finalURL.map { String(cString: $0) } ?? request.url
        if isFile {
            return .success(FetchResponse(url: url, status: 200, headers: [:], body: body))
        }
        guard status < 400 else {
            var error = FetchError(.httpStatus, request: request, status: status, detail: "HTTP \(status)")
            error.retryAfterSeconds = RetryAfter.seconds(in: headers)
            return .failure(error)
        }
        // Both counts come from curl and cannot be negative or near Int's range, but a total conversion costs nothing.
        let transferred = Int(clamping: max(0, bodyBytes)).addingReportingOverflow(max(0, headerBytes))
        return .success(
            FetchResponse(
                url: url, status: status, headers: headers, body: body,
                bytesTransferred: transferred.overflow ? Int.max : transferred.partialValue))
    }
}
