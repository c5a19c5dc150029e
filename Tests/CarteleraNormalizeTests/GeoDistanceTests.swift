import CarteleraModel
import CarteleraNormalize
import Testing

@Suite struct GeoDistanceTests {
    /// A city pair, the distance usually quoted for it, and the WGS 84 geodesic distance between the same points.
    struct CityPair: Sendable, CustomTestStringConvertible {
        var from: String, to: String
        var a: GeoPoint, b: GeoPoint
        /// The figure commonly quoted (and given in issue 3): itself a spherical great-circle value.
        var quoted: Double
        /// Vincenty's inverse formula on the WGS 84 ellipsoid, computed outside this code base.
        var geodesic: Double
        var testDescription: String { "\(from)–\(to)" }
    }

    static let madrid = GeoPoint(latitude: 40.4168, longitude: -3.7038)!
    static let pairs = [
        CityPair(from: "Madrid", to: "Barcelona", a: madrid, b: GeoPoint(latitude: 41.3874, longitude: 2.1686)!, quoted: 505, geodesic: 506.30),
        CityPair(from: "Madrid", to: "Paris", a: madrid, b: GeoPoint(latitude: 48.8566, longitude: 2.3522)!, quoted: 1053, geodesic: 1052.97),
        CityPair(from: "London", to: "New York", a: GeoPoint(latitude: 51.5074, longitude: -0.1278)!,
                 b: GeoPoint(latitude: 40.7128, longitude: -74.0060)!, quoted: 5570, geodesic: 5585.23),
        CityPair(from: "Sydney", to: "Melbourne", a: GeoPoint(latitude: -33.8688, longitude: 151.2093)!,
                 b: GeoPoint(latitude: -37.8136, longitude: 144.9631)!, quoted: 713, geodesic: 713.86),
    ]

    @Test("the haversine distance between known city pairs is within 0.5 % of the quoted and the geodesic distance", arguments: pairs)
    func knownCityPairs(pair: CityPair) {
        let distance = pair.a.distanceKilometres(to: pair.b)
        #expect(abs(distance - pair.quoted) / pair.quoted < 0.005)
        #expect(abs(distance - pair.geodesic) / pair.geodesic < 0.005)
        #expect(pair.b.distanceKilometres(to: pair.a) == distance)
    }

    @Test("a point is at zero distance from itself")
    func zeroDistance() {
        #expect(Self.madrid.distanceKilometres(to: Self.madrid) == 0)
    }

    @Test("antipodes are half the Earth's circumference apart")
    func antipodes() {
        let halfCircumference = Double.pi * GeoPoint.earthRadiusKilometres
        let antipode = GeoPoint(latitude: -40.4168, longitude: 176.2962)!
        #expect(abs(Self.madrid.distanceKilometres(to: antipode) - halfCircumference) < 0.001)
        let pole = GeoPoint(latitude: 90, longitude: 0)!, otherPole = GeoPoint(latitude: -90, longitude: 45)!
        #expect(abs(pole.distanceKilometres(to: otherPole) - halfCircumference) < 0.001)
        #expect(abs(halfCircumference - 20_015.1) < 0.1)
    }
}
