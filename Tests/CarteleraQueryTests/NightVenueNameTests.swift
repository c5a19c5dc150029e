@testable import CarteleraQuery
import CarteleraModel
import Foundation
import Testing

/// A night's venue name is read from the venue's stored JSON alone: the name the venue has, whatever it holds, and what
/// looks like a name elsewhere in the venue is not taken for it.
@Suite struct NightVenueNameTests {
    static let names = [
        "Sala El Sol", "Club \"Malasaña\"", #"Back\slash / and slash"#, "Tab\there, line\nbreak, \u{01} and \u{7F}", "Café ñu 🎧 \u{2028} \u{1F469}\u{200D}\u{1F3A4}",
        "</script><script>alert(1)</script>", "",
    ]

    @Test func aNightsVenueNameIsTheVenuesNameInEveryAnswer() throws {
        let fixture = try QueryStore()
        let source = [Provenance(source: "clubs.example")]
        let evening = Day("2026-11-20")!
        let venues = Self.names.enumerated().map { number, name in
            // A member before the name whose text looks like a name member, and keywords that do too.
            Venue(id: VenueID(rawValue: "madrid/venue-\(number)"), name: name, address: #"{"name":"not this one"}, \"name\":"#, city: "Madrid",
                  location: GeoPoint(latitude: 40.4, longitude: -3.7), keywords: [#""name":"nor this""#], provenance: source)
        }
        let nights = venues.enumerated().map { number, venue in
            Night(venue: venue.id, date: evening, title: "Noche \(number)", doors: fixture.madrid("2026-11-20 23:\(10 + number)"),
                  timeZone: "Europe/Madrid", provenance: source)
        }
        try fixture.commit(venues: venues, evenings: [NightsDay(nights: nights, guestLists: [])])
        let engine = try fixture.engine()
        var parameters = QueryParameters()
        parameters[.day] = ["2026-11-20"]
        let query = try parameters.query(kind: .nights, context: fixture.context("2026-11-20 20:00"))

        let expected = Dictionary(uniqueKeysWithValues: venues.map { ($0.id, $0.name) })
        let rows = engine.nights(query).rows
        #expect(rows.count == venues.count)
        for row in rows {
            #expect(row.venueName == expected[row.night.venue], "\(row.night.title)")
            #expect(engine.night(row.night.id, at: query.at)?.venueName == expected[row.night.venue])
        }
        // The API's bytes carry the same names, escaped for JSON.
        let answer = try JSONSerialization.jsonObject(with: Data(engine.answerJSON(query))) as? [String: Any]
        let written = (answer?["rows"] as? [[String: Any]] ?? []).map { $0["venueName"] as? String }
        #expect(written == rows.map(\.venueName))
        #expect(Set(written.compactMap { $0 }) == Set(Self.names))
    }

    @Test func theStoredNameIsReadAsJSONDecoderReadsIt() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for name in Self.names {
            let venue = Venue(id: VenueID(rawValue: "madrid/x"), name: name, address: "\"name\":\"x\"", city: "Madrid", provenance: [])
            let bytes = try encoder.encode(venue)
            #expect(bytes.withUnsafeBytes { StoredVenueName.read($0) } == name, "\(name)")
        }
        // Escapes JSON allows that the encoder does not write, and bytes the reader leaves to the decoder (surrogate
        // escapes among them, as the store's own reader does).
        let readable = [#"{"city":"M","name":"a\/b \u00e9 \"q\""}"#: "a/b é \"q\"", #"{"a":[{"name":"no"},"]"],"name":"yes"}"#: "yes"]
        for (json, name) in readable {
            #expect(Array(json.utf8).withUnsafeBytes { StoredVenueName.read($0) } == name, "\(json)")
        }
        for json in [#"{"city":"M"}"#, #"{"name":"a\x"}"#, #"{"name":"\ud83c"}"#, #"{"name":"\ud83c\udfa7"}"#, "{\"name\":\"a\u{01}\"}", #"["name"]"#, #"{"name":1}"#, #"{"name":"open"#, ""] {
            #expect(Array(json.utf8).withUnsafeBytes { StoredVenueName.read($0) } == nil, "\(json)")
        }
    }
}
