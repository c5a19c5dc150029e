import Foundation

/// A point on the Earth in decimal degrees (WGS 84).
public struct GeoPoint: Hashable, Codable, Sendable, CustomStringConvertible {
    /// Degrees north, -90 to 90.
    public private(set) var latitude: Double
    /// Degrees east, -180 to 180.
    public private(set) var longitude: Double

    /// Fails for coordinates outside ±90° latitude or ±180° longitude.
    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The mean Earth radius (IUGG), in kilometres.
    public static let earthRadiusKilometres = 6371.0088

    /// Great-circle distance in kilometres (haversine formula).
    public func distanceKilometres(to other: GeoPoint) -> Double {
        let lat1 = latitude * .pi / 180, lat2 = other.latitude * .pi / 180
        let dLat = lat2 - lat1
        let dLon = (other.longitude - longitude) * .pi / 180
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * Self.earthRadiusKilometres * asin(min(1, sqrt(a)))
    }

    /// `lat,lon` with six decimals (about 10 cm).
    public var description: String { String(format: "%.6f,%.6f", latitude, longitude) }

    private enum CodingKeys: String, CodingKey { case latitude, longitude }

    /// Decodes a point, refusing what `init?(latitude:longitude:)` refuses, so a damaged file cannot put a venue off the globe.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let latitude = try container.decode(Double.self, forKey: .latitude)
        let longitude = try container.decode(Double.self, forKey: .longitude)
        guard let point = GeoPoint(latitude: latitude, longitude: longitude) else {
            throw DecodingError.dataCorruptedError(forKey: .latitude, in: container, debugDescription: "\(latitude),\(longitude) is not on the globe")
        }
        self = point
    }
}
