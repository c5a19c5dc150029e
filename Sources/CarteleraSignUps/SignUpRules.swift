import Foundation
import CarteleraCore
import CarteleraModel

/// The checks a sign-up passes before it touches a list: field shapes and the list's own conditions.
public enum SignUpRules {
    /// The longest name accepted, in characters.
    public static let maximumNameLength = 80
    /// The longest contact accepted, in characters.
    public static let maximumContactLength = 120
    /// The largest party when the list's conditions name no limit.
    public static let defaultMaximumParty = 10

    /// A checked request: trimmed name and contact, the contact's comparison key and the party size.
    struct Checked {
        var name: String
        var contact: String
        var contactKey: String
        var partySize: Int
    }

    /// Checks every field of `request` against `list`; the first bad field is named in the error.
    static func check(_ request: SignUpRequest, list: GuestList) throws(SignUpError) -> Checked {
        let name = try checkName(request.name)
        let (contact, key) = try checkContact(request.contact)
        let maximum = maximumParty(list)
        let sizeText = request.partySize.trimmingCharacters(in: .whitespaces)
        guard !sizeText.isEmpty else { throw .invalid("party_size", "is required: how many people, you included") }
        guard sizeText.utf8.count <= 4, sizeText.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let size = Int(sizeText), size >= 1 else {
            throw .invalid("party_size", "must be a whole number from 1 to \(maximum)")
        }
        guard size <= maximum else { throw .invalid("party_size", "this list takes parties of at most \(maximum)") }
        return Checked(name: name, contact: contact, contactKey: key, partySize: size)
    }

    /// The largest party the list's conditions allow ("máximo 4 personas", "up to 6 people"), else `defaultMaximumParty`.
    public static func maximumParty(_ list: GuestList) -> Int {
        var limit = defaultMaximumParty
        for condition in list.conditions {
            let words = TextFolding.fold(condition).split { !$0.isLetter && !$0.isNumber }.map(String.init)
            for (position, word) in words.enumerated() {
                guard let number = Int(word), (1...100).contains(number), position + 1 < words.count,
                      ["personas", "persona", "people", "persons", "pax", "invitados", "guests"].contains(words[position + 1]) else { continue }
                let before = words[max(0, position - 2)..<position]
                if before.contains(where: { ["maximo", "max", "hasta", "up", "maximum", "most"].contains($0) }) {
                    limit = min(limit, number)
                }
            }
        }
        return limit
    }

    /// A trimmed name of 1 to `maximumNameLength` characters with a letter and no control or markup characters.
    static func checkName(_ raw: String) throws(SignUpError) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw .invalid("name", "is required: the name to give at the door") }
        guard name.count <= maximumNameLength else { throw .invalid("name", "is longer than \(maximumNameLength) characters") }
        guard name.unicodeScalars.allSatisfy(isAllowedInName) else {
            throw .invalid("name", "may hold letters, digits, spaces and . , ' - only")
        }
        guard name.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) else { throw .invalid("name", "must contain a letter") }
        return name
    }

    /// An e-mail address (lower-cased key) or a phone number of 7 to 15 digits (digits key, `+` kept).
    static func checkContact(_ raw: String) throws(SignUpError) -> (contact: String, key: String) {
        let contact = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !contact.isEmpty else { throw .invalid("contact", "is required: an e-mail address or a phone number") }
        guard contact.count <= maximumContactLength else { throw .invalid("contact", "is longer than \(maximumContactLength) characters") }
        if contact.contains("@") {
            guard isEmailAddress(contact) else { throw .invalid("contact", "is not an e-mail address such as ana@example.com") }
            return (contact, contact.lowercased())
        }
        let allowed = Set("0123456789+ -.()")
        guard contact.allSatisfy({ allowed.contains($0) }), contact.dropFirst().allSatisfy({ $0 != "+" }) else {
            throw .invalid("contact", "is neither an e-mail address nor a phone number such as +34 600 123 456")
        }
        let digits = contact.filter(\.isNumber)
        guard (7...15).contains(digits.count) else { throw .invalid("contact", "a phone number has 7 to 15 digits") }
        return (contact, (contact.hasPrefix("+") ? "+" : "") + digits)
    }

    /// Letters, marks, digits, spaces and a few punctuation marks names use.
    private static func isAllowedInName(_ scalar: Unicode.Scalar) -> Bool {
        if " .,'-’".unicodeScalars.contains(scalar) { return true }
        let properties = scalar.properties
        return properties.isAlphabetic || properties.generalCategory == .decimalNumber
            || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
    }

    /// `local@domain.tld` in printable ASCII, without spaces, quotes or angle brackets.
    private static func isEmailAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let local = parts.first, let domain = parts.last, !local.isEmpty, local.count <= 64 else { return false }
        let localAllowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.!#$%&*+/=?^_`{|}~-")
        let domainAllowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-")
        guard local.allSatisfy({ localAllowed.contains($0) }), domain.allSatisfy({ domainAllowed.contains($0) }) else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty && !$0.hasPrefix("-") && !$0.hasSuffix("-") }
            && (labels.last?.count ?? 0) >= 2
    }
}
