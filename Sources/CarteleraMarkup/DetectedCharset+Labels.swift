extension DetectedCharset {
    /// The canonical name for a charset label as found in headers and markup, or nil when it is unknown.
    ///
    /// Follows the WHATWG Encoding Standard where browsers deliberately differ from the IANA registry:
    /// ISO-8859-1 and ASCII mean windows-1252, ISO-8859-9 means windows-1254, and so on.
    static func canonicalName(forLabel label: String) -> String? {
        let key = label.trimmingASCIIWhitespaceAndQuotes().lowercased()
        if let name = aliases[key] { return name }
        if key.hasPrefix("iso-8859-") || key.hasPrefix("iso8859-") || key.hasPrefix("iso_8859-") {
            let number = key.split(separator: "-").last.flatMap { Int($0) } ?? 0
            if [2, 3, 4, 5, 6, 7, 8, 10, 13, 14, 15, 16].contains(number) { return "ISO-8859-\(number)" }
        }
        if key.hasPrefix("windows-") || key.hasPrefix("cp125") || key.hasPrefix("x-cp125") {
            let digits = key.filter(\.isNumber)
            if let number = Int(digits), (1250...1258).contains(number) { return "windows-\(number)" }
        }
        return nil
    }

    /// Whether a canonical charset uses one byte per character, the kind that pages mislabel most often.
    static func isSingleByte(_ name: String) -> Bool {
        name.hasPrefix("windows-") || name.hasPrefix("ISO-8859-") || name.hasPrefix("KOI8")
            || name == "macintosh" || name == "IBM866"
    }

    private static let aliases: [String: String] = [
        "utf-8": "UTF-8", "utf8": "UTF-8", "unicode-1-1-utf-8": "UTF-8", "x-unicode20utf8": "UTF-8",
        "utf-16": "UTF-16LE", "utf-16le": "UTF-16LE", "unicode": "UTF-16LE", "ucs-2": "UTF-16LE",
        "utf-16be": "UTF-16BE", "unicodefffe": "UTF-16BE",
        "us-ascii": "windows-1252", "ascii": "windows-1252", "ansi_x3.4-1968": "windows-1252",
        "iso-8859-1": "windows-1252", "iso8859-1": "windows-1252", "iso_8859-1": "windows-1252",
        "iso-ir-100": "windows-1252", "latin1": "windows-1252", "l1": "windows-1252", "cp819": "windows-1252",
        "ibm819": "windows-1252", "csisolatin1": "windows-1252", "x-cp1252": "windows-1252",
        "iso-8859-9": "windows-1254", "iso8859-9": "windows-1254", "latin5": "windows-1254",
        "iso-8859-11": "windows-874", "tis-620": "windows-874", "windows-874": "windows-874",
        "latin2": "ISO-8859-2", "l2": "ISO-8859-2", "latin3": "ISO-8859-3", "latin4": "ISO-8859-4",
        "cyrillic": "ISO-8859-5", "greek": "ISO-8859-7", "hebrew": "ISO-8859-8", "iso-8859-8-i": "ISO-8859-8",
        "latin6": "ISO-8859-10", "latin9": "ISO-8859-15",
        "koi8-r": "KOI8-R", "koi8": "KOI8-R", "koi": "KOI8-R", "koi8-u": "KOI8-U", "koi8-ru": "KOI8-U",
        "macintosh": "macintosh", "mac": "macintosh", "x-mac-roman": "macintosh",
        "ibm866": "IBM866", "cp866": "IBM866", "866": "IBM866",
        "shift_jis": "Shift_JIS", "shift-jis": "Shift_JIS", "sjis": "Shift_JIS", "ms_kanji": "Shift_JIS",
        "windows-31j": "Shift_JIS", "x-sjis": "Shift_JIS",
        "euc-jp": "EUC-JP", "x-euc-jp": "EUC-JP", "iso-2022-jp": "ISO-2022-JP",
        "euc-kr": "EUC-KR", "ks_c_5601-1987": "EUC-KR", "korean": "EUC-KR", "windows-949": "EUC-KR",
        "gb2312": "GBK", "gbk": "GBK", "x-gbk": "GBK", "chinese": "GBK", "cp936": "GBK", "gb18030": "GB18030",
        "big5": "Big5", "big5-hkscs": "Big5", "x-x-big5": "Big5", "cn-big5": "Big5",
    ]
}

extension String {
    /// The label without surrounding whitespace and quotes, as found in `charset="utf-8"`.
    func trimmingASCIIWhitespaceAndQuotes() -> String {
        let junk: Set<Character> = [" ", "\t", "\n", "\r", "\u{0C}", "\"", "'"]
        return String(drop(while: junk.contains).reversed().drop(while: junk.contains).reversed())
    }
}
