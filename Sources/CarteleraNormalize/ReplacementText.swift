import CarteleraModel

/// Text that went through a failed decoding carries U+FFFD (�) where letters were; it must never replace good text silently.
public enum ReplacementText {
    /// The character decoders put where bytes could not be read.
    public static let character: Character = "\u{FFFD}"

    /// Whether a text lost letters to decoding.
    public static func isDamaged(_ text: String?) -> Bool {
        text?.contains(character) ?? false
    }

    /// `incoming`, unless it is damaged and `stored` is not: then `stored`, with a warning naming what was kept.
    public static func keepingGood(_ incoming: String?, over stored: String?, item: String, field: String, warnings: inout [String]) -> String? {
        guard isDamaged(incoming) else { return incoming }
        if let stored, !isDamaged(stored) {
            warnings.append("\(item): the new \(field) has unreadable characters (U+FFFD); kept the stored \"\(stored)\"")
            return stored
        }
        warnings.append("\(item): \(field) stored with unreadable characters (U+FFFD): \"\(incoming ?? "")\"")
        return incoming
    }
}
