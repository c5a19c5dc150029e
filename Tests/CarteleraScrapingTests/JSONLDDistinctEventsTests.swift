import CarteleraModel
import CarteleraScraping
import Testing

/// Distinct events stay distinct and in page order: another title, page, start, evening or venue is another event;
/// only listings of the same event merge.
@Suite struct JSONLDDistinctEventsTests {
    private func event(_ name: String, _ start: String, url: String? = nil, location: String = "Sala Uno", performer: String? = nil) -> String {
        var members = [#""@type": "MusicEvent""#, #""name": "\#(name)""#, #""startDate": "\#(start)""#, #""location": "\#(location)""#]
        if let url { members.append(#""url": "\#(url)""#) }
        if let performer { members.append(#""performer": "\#(performer)""#) }
        return "{" + members.joined(separator: ", ") + "}"
    }

    @Test func anotherPageOrStartOnTheSameEveningIsAnotherEvent() async throws {
        let outcome = try await JSONLDPage.scrape("[" + [
            event("Festival de invierno", "2026-11-27T18:00:00+01:00", url: "https://venue.example/festival/dia-1"),
            event("Festival de invierno", "2026-11-27T18:00:00+01:00", url: "https://venue.example/festival/escenario-2"),
            event("Festival de invierno", "2026-11-27T23:00:00+01:00"),
        ].joined(separator: ",") + "]")
        #expect(outcome.failures.isEmpty)
        let nights = outcome.extraction.nights
        #expect(nights.map(\.url) == ["https://venue.example/festival/dia-1", "https://venue.example/festival/escenario-2", nil])
        #expect(Set(nights.map(\.id)).count == 3)
        // The first keeps the plain id, so a page listing the event once gives the id it always gave.
        #expect(nights.first?.id == "madrid/sala-uno@2026-11-27#festival-de-invierno")
        #expect(nights.allSatisfy { $0.otherURLs == nil })
    }

    @Test func titlesAnIdCannotTellApartAreStillTwoEvents() async throws {
        // Slugs keep Latin letters only: both titles slug to nothing, as "Rock!" and "Rock?" slug alike.
        let outcome = try await JSONLDPage.scrape("[" + [
            event("東京公演", "2026-11-27T19:00:00+01:00"),
            event("大阪公演", "2026-11-27T19:00:00+01:00"),
            event("Rock!", "2026-11-27T21:00:00+01:00"),
            event("Rock?", "2026-11-27T21:00:00+01:00"),
        ].joined(separator: ",") + "]")
        let nights = outcome.extraction.nights
        #expect(nights.map(\.title) == ["東京公演", "大阪公演", "Rock!", "Rock?"])
        #expect(Set(nights.map(\.id)).count == 4)
    }

    @Test func listingsOfTheSameEventMergeTheirPerformersAndLinks() async throws {
        let outcome = try await JSONLDPage.scrape("[" + [
            event("Impro libre", "2026-11-27T21:30:00+01:00", url: "https://venue.example/impro", performer: "Compañía Txalo"),
            event("Impro Libre", "2026-11-27T21:30:00+01:00", url: "https://venue.example/impro", performer: "Invitada sorpresa"),
            event("Impro libre", "2026-11-27T21:30:00+01:00", performer: "Compañía Txalo"),
        ].joined(separator: ",") + "]")
        #expect(outcome.extraction.nights.count == 1)
        #expect(outcome.extraction.nights.first?.lineup == ["Compañía Txalo", "Invitada sorpresa"])
        #expect(outcome.extraction.nights.first?.url == "https://venue.example/impro")
    }

    /// An artist's tour history: forty dates over two years in many cities, some on the same evening at the same
    /// venue (a matinée and a night show, two festival stages), every one kept in the page's order.
    @Test func aPageOfDozensOfEventsKeepsEveryDistinctOneInPageOrder() async throws {
        let cities = ["Austin, TX, US", "Denver, CO, US", "Bilbao, Bizkaia, ES", "Sala Uno"]
        var events: [String] = []
        var urls: [String] = []
        for index in 0..<40 {
            let day = 1 + (index / 4) % 28
            let month = 1 + (index / 4) / 28
            let date = "2026-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
            // Four listings a day at one venue: two stages of one festival, then a later show twice under its own pages.
            let hour = index % 4 < 2 ? "18:00" : "22:00"
            let url = "https://venue.example/tour/\(index)"
            urls.append(url)
            events.append(event(index % 4 < 2 ? "Festival \(day)" : "Noche \(day)", "\(date)T\(hour):00+01:00", url: url, location: cities[(index / 4) % cities.count]))
        }
        // The same dates listed again further down (a "past shows" box): the same events, merged into the first listings.
        events += (0..<4).map { index in
            event(index % 4 < 2 ? "Festival 1" : "Noche 1", "2026-01-01T\(index % 4 < 2 ? "18:00" : "22:00"):00+01:00", url: urls[index], location: cities[0])
        }
        let outcome = try await JSONLDPage.scrape("[" + events.joined(separator: ",\n") + "]", definition: JSONLDPage.definition + "country: ES\n")
        #expect(outcome.failures.isEmpty)
        #expect(outcome.extraction.nights.count == 40)
        #expect(outcome.extraction.nights.map(\.url) == urls)
        #expect(Set(outcome.extraction.nights.map(\.id)).count == 40)
    }
}
