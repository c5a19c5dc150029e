import Foundation

/// A point on the Earth in decimal degrees (WGS 84).
public struct GeoPoint: Hashable, Codable, Sendable, CustomStringConvertible {
    public var latitude: Double
    public var longitude: Double

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

    public var description: String { String(format: "%.6f,%.6f", latitude, longitude) }
}
