import CarteleraModel
import CarteleraQuery
import Foundation
import Testing

/// A search for venues near a point measures only those in a box around it; the box must never leave out a venue the
/// great-circle distance keeps: near the poles, across the antimeridian, at the equator, at every radius.
@Suite struct VenuesNearbyTests {
    /// Where the venues cluster and the queries ask from.
    static let centres = [(40.4168, -3.7038), (0, 0), (89.2, 30), (-89.7, -120), (12.5, 179.95), (-33.9, -179.99), (64.1, -21.9)]
    /// The radii asked for.
    static let radii = [0.2, 3, 40, 400, 3000, 20_000.0]

    @Test func everyVenueWithinTheRadiusIsFoundAndNoOther() throws {
        let fixture = try QueryStore()
        var venues: [Venue] = []
        var places: [String: GeoPoint] = [:]
        // Quasi-random spreads of a few hundred kilometres to a few metres around each centre, the same in every run.
        for (number, centre) in Self.centres.enumerated() {
            for step in 0..<60 {
                let u = (Double(step) * 0.618_033_988_75 + Double(number) * 0.1).truncatingRemainder(dividingBy: 1)
                let v = (Double(step) * 0.754_877_666_25 + Double(number) * 0.3).truncatingRemainder(dividingBy: 1)
                let spread = [4.0, 0.5, 0.05, 0.001][step % 4]
                let latitude = min(90, max(-90, centre.0 + (u - 0.5) * 2 * spread))
                var longitude = centre.1 + (v - 0.5) * 2 * spread * 3
                if longitude > 180 { longitude -= 360 }
                if longitude < -180 { longitude += 360 }
                let name = "Sala \(number)-\(step)"
                let location = try #require(GeoPoint(latitude: latitude, longitude: longitude))
                venues.append(Venue(id: VenueID(name: name, city: "Mundo"), name: name, city: "Mundo", location: location, provenance: [Provenance(source: "clubs.example")]))
                places[name] = location
            }
            // Due east and west on the centre's parallel, just inside and just outside each radius: the box's edge.
            for (ring, kilometres) in Self.radii.enumerated() {
                for factor in [0.999, 1.001] {
                    let ratio = sin(kilometres * factor / (2 * GeoPoint.earthRadiusKilometres)) / cos(centre.0 * .pi / 180)
                    guard ratio < 1 else { continue }
                    let reach = 2 * asin(ratio) * 180 / .pi
                    for (side, sign) in [-1.0, 1].enumerated() {
                        var longitude = centre.1 + sign * reach
                        if longitude > 180 { longitude -= 360 }
                        if longitude < -180 { longitude += 360 }
                        let name = "Terraza \(number)-\(ring)-\(factor)-\(side)"
                        let location = try #require(GeoPoint(latitude: centre.0, longitude: longitude))
                        venues.append(Venue(id: VenueID(name: name, city: "Mundo"), name: name, city: "Mundo", location: location, provenance: [Provenance(source: "clubs.example")]))
                        places[name] = location
                    }
                }
            }
        }
        try fixture.commit(venues: venues)
        let engine = try fixture.engine()
        var found = 0
        for centre in Self.centres {
            let point = try #require(GeoPoint(latitude: centre.0, longitude: centre.1))
            for kilometres in Self.radii {
                var parameters = QueryParameters()
                parameters[.near] = ["\(centre.0),\(centre.1)"]
                parameters[.within] = ["\(kilometres)km"]
                parameters[.limit] = ["10000"]
                let page = engine.venues(try parameters.query(kind: .venues, context: fixture.context("2026-11-20 23:00")))
                let expected = places.filter { point.distanceKilometres(to: $0.value) <= kilometres }.keys.sorted()
                #expect(page.rows.map(\.venue.name).sorted() == expected, "\(centre) within \(kilometres) km")
                found += expected.count
            }
        }
        // The radii range from none of a cluster to all of it: the comparison covered venues on both sides of the edge.
        #expect(found > 0 && found < Self.centres.count * Self.radii.count * venues.count)
    }

    /// Venues are visited in their order of latitude, yet venues at the same distance come by id, whatever their
    /// latitude; venues without a location are never near, and a radius below zero finds nothing.
    @Test func venuesAtOneDistanceComeByIdAndUnplacedOnesAreNeverNear() throws {
        let fixture = try QueryStore()
        func venue(_ name: String, _ latitude: Double?) throws -> Venue {
            let location = try latitude.map { try #require(GeoPoint(latitude: $0, longitude: 0.01)) }
            return Venue(id: VenueID(name: name, city: "Mundo"), name: name, city: "Mundo", location: location, provenance: [Provenance(source: "clubs.example")])
        }
        // North and south of the equator by the same angle: the same great-circle distance from (0, 0.01).
        let venues = [try venue("B Norte", 0.02), try venue("A Sur", -0.02), try venue("C Norte", 0.02), try venue("D Sin sitio", nil),
                      try venue("E Cerca", 0.001)]
        try fixture.commit(venues: venues)
        let engine = try fixture.engine()
        var parameters = QueryParameters()
        parameters[.near] = ["0,0.01"]
        parameters[.within] = ["10km"]
        parameters[.sort] = ["distance"]
        var query = try parameters.query(kind: .venues, context: fixture.context("2026-11-20 23:00"))
        #expect(engine.venues(query).rows.map(\.venue.name) == ["E Cerca", "A Sur", "B Norte", "C Norte"])
        // Radii the parameters refuse, set on the query itself: nothing is near, and nothing traps.
        for radius in [-1, -Double.infinity, Double.nan] {
            query.withinKilometres = radius
            #expect(engine.venues(query).rows.isEmpty, "within \(radius)")
        }
    }
}
