import CarteleraModel
import CarteleraNormalize
import Testing

@Suite struct VenueMergerTests {
    static let fetched = Timestamp(iso8601: "2026-11-20T08:00:00Z")!
    static let sol = GeoPoint(latitude: 40.41953, longitude: -3.70220)!
    /// About 40 m north of `sol`.
    static let solNorth = GeoPoint(latitude: 40.41989, longitude: -3.70220)!
    /// About 2 km east of `sol`.
    static let twoKilometresEast = GeoPoint(latitude: 40.41953, longitude: -3.67857)!

    func venue(_ name: String, at location: GeoPoint?, source: SourceID, city: String = "Madrid", website: String? = nil,
               images: [String] = []) -> Venue {
        Venue(id: VenueID(name: name, city: city), name: name, city: city, location: location, images: images, website: website,
              provenance: [Provenance(source: source)])
    }

    @Test func theSameClubFromTwoSourcesFortyMetresApartIsMergedUnderTheFirstID() {
        #expect(abs(Self.sol.distanceKilometres(to: Self.solNorth) - 0.04) < 0.001)
        let listing = venue("Sala El Sol", at: Self.sol, source: "clubs.example", images: ["https://a/1.jpg"])
        let guide = venue("El Sol", at: Self.solNorth, source: "guide.example", website: "https://salaelsol.com", images: ["https://a/1.jpg", "https://b/2.jpg"])
        let result = VenueMerger.merge([listing], [guide])
        #expect(result.venues.count == 1)
        let merged = result.venues[0]
        #expect(merged.id.rawValue == "madrid/sala-el-sol")
        #expect(merged.name == "Sala El Sol")
        #expect(merged.location == Self.sol)
        #expect(merged.website == "https://salaelsol.com")
        #expect(merged.images == ["https://a/1.jpg", "https://b/2.jpg"])
        #expect(merged.provenance.map(\.source) == ["clubs.example", "guide.example"])
        #expect(result.storedIDs == [VenueID("madrid/el-sol"): VenueID("madrid/sala-el-sol")])
    }

    @Test func theSameNameTwoKilometresApartStaysTwoVenuesWithDistinctIDs() {
        #expect(abs(Self.sol.distanceKilometres(to: Self.twoKilometresEast) - 2) < 0.01)
        let centre = venue("Bar Sol", at: Self.sol, source: "clubs.example")
        let east = venue("Bar Sol", at: Self.twoKilometresEast, source: "guide.example")
        let result = VenueMerger.merge([centre], [east])
        #expect(result.venues.map(\.id.rawValue) == ["madrid/bar-sol", "madrid/bar-sol-2"])
        #expect(result.venues.map(\.location) == [Self.sol, Self.twoKilometresEast])
        #expect(result.storedIDs == [VenueID("madrid/bar-sol"): VenueID("madrid/bar-sol-2")])
    }

    @Test func differentNamesInTheSameBuildingAreNotMerged() {
        let upstairs = venue("Sala Wurlitzer Ballroom", at: Self.sol, source: "clubs.example")
        let downstairs = venue("Tempo Club", at: Self.sol, source: "guide.example")
        #expect(VenueMerger.merge([upstairs], [downstairs]).venues.count == 2)
    }

    @Test func namesMatchIgnoringCaseAccentsAndWordsForTheKindOfPlace() {
        #expect(VenueMerger.similarNames("Discoteca Fabrik", "FABRIK"))
        #expect(VenueMerger.similarNames("The Irish Rover", "Irish Rover Bar"))
        #expect(VenueMerger.similarNames("Sala Clamores", "Clamorés Jazz"))
        #expect(VenueMerger.similarNames("Mondo Disko", "MondoDisko"))
        #expect(!VenueMerger.similarNames("Sala El Sol", "Sala La Luna"))
        #expect(!VenueMerger.similarNames("Club", "Bar"))
    }

    @Test func withoutCoordinatesOnlyTheSameNameInTheSameCityIsMerged() {
        let listed = venue("Sala Razzmatazz", at: nil, source: "clubs.example", city: "Barcelona")
        let sameName = venue("Razzmatazz", at: GeoPoint(latitude: 41.3976, longitude: 2.1911), source: "guide.example", city: "Barcelona")
        let similarName = venue("Razzmatazz Club Barcelona", at: nil, source: "guide.example", city: "Barcelona")
        let otherCity = venue("Razzmatazz", at: nil, source: "guide.example", city: "Valencia")
        #expect(VenueMerger.sameVenue(listed, sameName))
        #expect(!VenueMerger.sameVenue(listed, similarName))
        #expect(!VenueMerger.sameVenue(listed, otherCity))
        let merged = VenueMerger.merge([listed], [sameName]).venues
        #expect(merged.count == 1)
        #expect(merged[0].location == sameName.location)
    }

    @Test func aVenueMissingFromACompleteListingIsKeptAndMarkedNotSeen() {
        let first = Timestamp(iso8601: "2026-11-20T08:00:00Z")!, second = first.adding(seconds: 86_400), third = second.adding(seconds: 86_400)
        let sol = venue("Sala El Sol", at: Self.sol, source: "clubs.example")
        let tempo = venue("Tempo Club", at: Self.twoKilometresEast, source: "clubs.example")
        let stored = VenueMerger.replace(existing: [], incoming: [sol, tempo], from: "clubs.example", now: first, listingComplete: true).venues

        let afterSecond = VenueMerger.replace(existing: stored, incoming: [sol], from: "clubs.example", now: second, listingComplete: true).venues
        #expect(afterSecond.map(\.name) == ["Sala El Sol", "Tempo Club"])
        #expect(afterSecond[1].notSeenSince == second)
        #expect(afterSecond[0].notSeenSince == nil)

        let afterThird = VenueMerger.replace(existing: afterSecond, incoming: [sol], from: "clubs.example", now: third, listingComplete: true).venues
        #expect(afterThird[1].notSeenSince == second)

        let back = VenueMerger.replace(existing: afterThird, incoming: [tempo], from: "clubs.example", now: third, listingComplete: true).venues
        #expect(back[1].notSeenSince == nil)
        #expect(back[0].notSeenSince == third)
    }

    @Test func aVenueAnotherSourceStillListsOnlyLosesTheMissingSource() {
        let merged = VenueMerger.merge([venue("Sala El Sol", at: Self.sol, source: "clubs.example")],
                                       [venue("El Sol", at: Self.solNorth, source: "guide.example")]).venues
        let later = Self.fetched.adding(seconds: 86_400)
        let result = VenueMerger.replace(existing: merged, incoming: [], from: "clubs.example", now: later, listingComplete: true).venues
        #expect(result.count == 1)
        #expect(result[0].provenance.map(\.source) == ["guide.example"])
        #expect(result[0].notSeenSince == nil)
    }

    @Test func anIncompleteListingMarksNothing() {
        let stored = [venue("Sala El Sol", at: Self.sol, source: "clubs.example")]
        let result = VenueMerger.replace(existing: stored, incoming: [], from: "clubs.example", now: Self.fetched.adding(seconds: 3600), listingComplete: false)
        #expect(result.venues == stored)
    }

    @Test func theOnlySourceOfAVenueUpdatesItsDataWhileAnotherSourceOnlyFillsGaps() {
        var before = venue("Sala El Sol", at: Self.sol, source: "clubs.example")
        before.priceRange = "10 €"
        var relisted = before
        relisted.priceRange = "12 €"
        let later = Self.fetched.adding(seconds: 86_400)
        let updated = VenueMerger.replace(existing: [before], incoming: [relisted], from: "clubs.example", now: later, listingComplete: true).venues
        #expect(updated.map(\.priceRange) == ["12 €"])

        var other = venue("El Sol", at: Self.solNorth, source: "guide.example")
        other.priceRange = "15 €"
        let shared = VenueMerger.replace(existing: updated, incoming: [other], from: "guide.example", now: later, listingComplete: true).venues
        #expect(shared.map(\.priceRange) == ["12 €"])
        #expect(shared[0].provenance.map(\.source) == ["clubs.example", "guide.example"])
    }
}
