/// URL- and file-safe slugs for ids: lowercase ASCII letters and digits joined by dashes.
public enum Slug {
    /// "Sala El Sol (Madrid)" → "sala-el-sol-madrid"; accents are dropped ("Acción" → "accion").
    public static func make(_ text: String) -> String {
        var slug = ""
        var pendingDash = false
        for scalar in text.lowercased().unicodeScalars {
            let base = Self.base(of: scalar)
            if let base, base.isASCII, base.properties.isAlphabetic || ("0"..."9").contains(base) {
                if pendingDash, !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(base)
            } else if base != nil || scalar.properties.isWhitespace || scalar.isASCII {
                pendingDash = true
            }
        }
        return slug
    }

    /// The unaccented letter of common Latin accented letters, the scalar itself otherwise, nil for combining marks.
    private static func base(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        if (0x0300...0x036F).contains(scalar.value) { return nil }
        let table: [Character: Unicode.Scalar] = [
            "á": "a", "à": "a", "â": "a", "ä": "a", "ã": "a", "å": "a", "é": "e", "è": "e", "ê": "e", "ë": "e",
            "í": "i", "ì": "i", "î": "i", "ï": "i", "ó": "o", "ò": "o", "ô": "o", "ö": "o", "õ": "o", "ú": "u",
            "ù": "u", "û": "u", "ü": "u", "ñ": "n", "ç": "c", "ß": "s", "ø": "o", "æ": "a", "œ": "o",
        ]
        return table[Character(scalar)] ?? scalar
    }
}
