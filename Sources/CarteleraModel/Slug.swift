import CarteleraCore
import Foundation

/// URL- and file-safe slugs for ids: lowercase ASCII letters and digits joined by dashes.
public enum Slug {
    /// "Sala El Sol (Madrid)" → "sala-el-sol-madrid"; folded first, so "Acción" → "accion" and "Straße" → "strasse".
    ///
    /// Letters of other scripts (Greek, Cyrillic, Hangul, Han, kana, Arabic, Hebrew) are transliterated to Latin first,
    /// so "Москва" → "moskva" and "서울" → "seoul": two clubs or cities named only in those scripts keep distinct ids.
    public static func make(_ text: String) -> String {
        let (slug, skippedLetters) = latinSlug(TextFolding.fold(text))
        // ICU's transliteration is slow beside folding, so it runs only for text that needs it.
        guard skippedLetters, let latin = text.applyingTransform(.toLatin, reverse: false) else { return slug }
        return latinSlug(TextFolding.fold(latin)).slug
    }

    /// The ASCII letters and digits of folded text joined by dashes, and whether letters of other scripts were left out.
    private static func latinSlug(_ folded: String) -> (slug: String, skippedLetters: Bool) {
        var slug = ""
        var pendingDash = false
        var skippedLetters = false
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingDash, !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
            } else {
                if !scalar.isASCII, scalar.properties.isAlphabetic || scalar.properties.numericType != nil { skippedLetters = true }
                pendingDash = true
            }
        }
        return (slug, skippedLetters)
    }
}
