import CarteleraCore

/// URL- and file-safe slugs for ids: lowercase ASCII letters and digits joined by dashes.
public enum Slug {
    /// "Sala El Sol (Madrid)" → "sala-el-sol-madrid"; folded first, so "Acción" → "accion" and "Straße" → "strasse".
    ///
    /// Letters outside ASCII after folding (Greek, Cyrillic, CJK) are left out, like punctuation.
    public static func make(_ text: String) -> String {
        var slug = ""
        var pendingDash = false
        for scalar in TextFolding.fold(text).unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingDash, !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return slug
    }
}
