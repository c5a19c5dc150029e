import CarteleraModel
import Foundation
import Testing

@Suite struct IdentifierTests {
    @Test func aProgrammeIsKeyedByChannelAndStart() {
        let start = Timestamp(secondsSince1970: 1_795_379_400)
        let a = ProgrammeID(channel: "La1.es", start: start)
        let b = ProgrammeID(channel: "La2.es", start: start)
        let c = ProgrammeID(channel: "La1.es", start: start.adding(seconds: 60))
        #expect(a != b)
        #expect(a != c)
        #expect(a == ProgrammeID(channel: "La1.es", start: start))
    }

    @Test func programmesEncodeTimesAsISO8601() throws {
        let programme = Programme(channel: "La1.es", start: Timestamp(secondsSince1970: 0), timeZone: "Europe/Madrid", title: "Telediario",
                                  provenance: [Provenance(source: "guia-tv.example")])
        let json = String(decoding: try JSONEncoder().encode(programme), as: UTF8.self)
        #expect(json.contains("\"start\":\"1970-01-01T00:00:00Z\""))
        let decoded = try JSONDecoder().decode(Programme.self, from: Data(json.utf8))
        #expect(decoded == programme)
    }

    @Test func genresHaveSpanishAndEnglishLabels() {
        for genre in Genre.allCases {
            #expect(!genre.spanishLabel.isEmpty)
            #expect(!genre.englishLabel.isEmpty)
        }
        #expect(Genre.scienceFiction.spanishLabel == "Ciencia ficción")
        #expect(ProgrammeType.film.spanishLabel == "Película")
    }
}

@Suite struct SlugTests {
    @Test(arguments: [
        ("Sala El Sol (Madrid)", "sala-el-sol-madrid"), ("A Coruña", "a-coruna"), ("Straße 7", "strasse-7"),
        ("Œil de Bœuf", "oeil-de-boeuf"), ("Ærø Bar", "aero-bar"), ("Łódź", "lodz"), ("  --  ", ""),
    ])
    func slugsFoldLikeEveryOtherComparison(name: String, slug: String) {
        #expect(Slug.make(name) == slug)
    }

    @Test(arguments: [("Москва", "moskva"), ("Αθήνα", "athena"), ("서울", "seoul"), ("東京", "dong-jing"), ("とうきょう", "toukyou"),
                      ("Club Берлин 2", "club-berlin-2")])
    func otherScriptsAreTransliteratedNotLeftOut(name: String, slug: String) {
        #expect(Slug.make(name) == slug)
    }

    @Test func clubsNamedOnlyInOtherScriptsKeepDistinctIDs() {
        let ids = [VenueID(name: "クラブ月", city: "東京"), VenueID(name: "クラブ星", city: "東京"), VenueID(name: "Арена", city: "Москва"),
                   VenueID(name: "Студия", city: "Москва")]
        #expect(Set(ids).count == ids.count, "\(ids)")
        #expect(ids.allSatisfy { id in id.rawValue.split(separator: "/").count == 2 }, "\(ids)")
    }

    @Test func aVenueIDIsTheSameWhateverTheAccents() {
        #expect(VenueID(name: "Café Straße", city: "Málaga") == VenueID(name: "cafe strasse", city: "malaga"))
    }
}

@Suite struct TotalTimeTests {
    @Test func daysAndInstantsNeverLeaveYearsOneTo9999() {
        #expect(Day(daysSince1970: .max).description == "9999-12-31")
        #expect(Day(daysSince1970: .min).description == "0001-01-01")
        #expect(Day("2026-11-23")!.advanced(by: .max).description == "9999-12-31")
        #expect(Day(year: 10_000, month: 1, day: 1) == nil)
        #expect(Timestamp(secondsSince1970: .max).adding(seconds: 1).secondsSince1970 == .max)
        #expect(Timestamp(checkedSecondsSince1970: 300_000_000_000) == nil)
        #expect(Timestamp(Date(timeIntervalSince1970: 1e300)).iso8601 == "9999-12-31T23:59:59Z")
        #expect(Timestamp(Date(timeIntervalSince1970: .nan)).iso8601 == "0001-01-01T00:00:00Z")
    }

    @Test func instantsFormatLikeFoundationsISO8601() throws {
        // From 1600: Foundation switches to the Julian calendar before 1582, ISO 8601 stays Gregorian.
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        var seconds: Int64 = -11_676_096_000
        while seconds < 253_402_300_799 {
            let instant = Timestamp(secondsSince1970: seconds)
            #expect(instant.iso8601 == formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds))))
            #expect(Timestamp(iso8601: instant.iso8601) == instant)
            #expect(instant.utcDay.description == String(instant.iso8601.prefix(10)))
            seconds += 1_919_993_261
        }
    }

    @Test func anInstantNeedsItsZoneButNotItsSeconds() {
        #expect(Timestamp(iso8601: "2026-11-25T18:00Z") == Timestamp(iso8601: "2026-11-25T18:00:00Z"))
        #expect(Timestamp(iso8601: "2026-11-25T19:00+01:00")?.iso8601 == "2026-11-25T18:00:00Z")
        #expect(Timestamp(iso8601: "2026-11-25T18:00:30.250Z")?.iso8601 == "2026-11-25T18:00:30Z")
        #expect(Timestamp(iso8601: "2026-11-25T18:00:00") == nil)
        #expect(Timestamp(iso8601: "2026-11-25T18:00") == nil)
        #expect(Timestamp(iso8601: "2026-11-25T18:00.5Z") == nil)
        #expect(Timestamp(iso8601: "2026-11-25T18:00:61Z") == nil)
    }

    @Test func aLocalTimeBeforeMidnightBelongsToTheDayBefore() {
        let day = Day("2026-11-23")!
        let before = LocalDateTime(day: day, secondOfDay: -60)
        #expect(before.day == Day("2026-11-22")! && before.secondOfDay == 86_340)
        let after = LocalDateTime(day: day, hour: 25, minute: 30)
        #expect(after.day == Day("2026-11-24")! && after.secondOfDay == 5_400)
    }
}

@Suite struct GeoPointDecodingTests {
    @Test func aPointOffTheGlobeDoesNotDecode() throws {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(GeoPoint.self, from: Data(#"{"latitude": 91, "longitude": 0}"#.utf8)) }
        let point = try JSONDecoder().decode(GeoPoint.self, from: Data(#"{"latitude": 40.4, "longitude": -3.7}"#.utf8))
        #expect(point == GeoPoint(latitude: 40.4, longitude: -3.7))
    }
}
