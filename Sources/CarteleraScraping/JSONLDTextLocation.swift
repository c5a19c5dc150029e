/// A location or address written as text that names its city: "Bilbao, Bizkaia, ES", "Austin, TX, US",
/// "The Mohawk, Austin, TX, US", "Sala Dos, Madrid", "Calle Mayor 1, 28013 Madrid".
///
/// The text is read from its end: a country (a name, or an ISO code after a city and a region), then a region (any part
/// before a country, or an upper-case code such as `TX`), and the part before them is the city, without the words
/// that hold digits (a postal code). A text of one part ("Plaza Nueva") names no city.
struct JSONLDTextLocation: Equatable, Sendable {
    var city: String
    var region: String?
    var country: String?

    /// The city, region and country `text` names, or nil when it has fewer than two comma-separated parts or no city.
    init?(_ text: String) {
        var parts = text.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
        guard parts.count >= 2 else { return nil }
        // A two-letter code alone after a city is a region as often as a country ("Boston, MA", "Denver, CO").
        if let last = parts.last, !CountryZones.candidates(last).isEmpty, parts.count >= 3 || !Self.isCode(last) {
            country = parts.removeLast()
        }
        if parts.count >= 2, let last = parts.last, country != nil || Self.isCode(last) {
            region = parts.removeLast()
        }
        let words = (parts.last ?? "").split(whereSeparator: \.isWhitespace).filter { !$0.contains(where: \.isNumber) }
        guard !words.isEmpty else { return nil }
        city = words.joined(separator: " ")
    }

    /// Two or three upper-case letters: `TX`, `NSW`, `ES`.
    private static func isCode(_ text: String) -> Bool {
        (2...3).contains(text.count) && text.allSatisfy { $0.isASCII && $0.isUppercase }
    }
}
