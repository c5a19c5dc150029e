/// A body as the UTF-8 text libxml2 reads, with the charset it came from and what decoding it took.
struct DecodedBody {
    /// The charset the text was decoded from and the evidence for it.
    var charset: DetectedCharset
    /// The converted text, or nil when the body's own bytes after `skip` are valid UTF-8 and are read as they are.
    var converted: Transcoded?
    /// Bytes to skip at the start of the body when it is read as is (a UTF-8 byte order mark).
    var skip = 0
    /// What decoding had to get past, in the order it happened.
    var warnings: [MarkupWarning] = []
    /// Set when the body cannot be trusted as text in any charset.
    var refusal: MarkupError?
}
