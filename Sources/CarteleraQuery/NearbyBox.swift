import CarteleraModel
import Foundation

/// The latitudes and longitudes around a point that hold every place within a radius of it, so that places outside
/// skip the great-circle distance (three sines, two cosines and an arcsine each) that would only find them too far.
///
/// Haversine: a place is within `r` when `sin²(Δφ/2) + cos φ₁ cos φ₂ sin²(Δλ/2) ≤ sin²(r/2R)`. The first term alone
/// bounds the latitude; in that band `cos φ₂` is at least its value at the band's edge nearer a pole, which bounds the
/// longitude. Both reaches are widened by a margin far above the formula's rounding, so the box never leaves out a
/// place the distance would keep: the matches are the same, fewer places are measured.
struct NearbyBox {
    private let latitude: Double, longitude: Double
    /// Degrees of latitude either side of the point; infinite when any latitude may be near enough.
    private let latitudeReach: Double
    /// Degrees of longitude either side of the point (across the antimeridian too); infinite when any longitude may be.
    private let longitudeReach: Double

    /// The box around `point` holding every place within `kilometres` of it.
    init(around point: GeoPoint, within kilometres: Double) {
        latitude = point.latitude
        longitude = point.longitude
        let halfAngle = kilometres / (2 * GeoPoint.earthRadiusKilometres)
        latitudeReach = kilometres / GeoPoint.earthRadiusKilometres * 180 / .pi * (1 + 1e-9) + 1e-9
        // Past a quarter turn the sine no longer grows with the angle: no longitude can be left out.
        guard halfAngle.isFinite, halfAngle >= 0, halfAngle < .pi / 2 else {
            longitudeReach = .infinity
            return
        }
        let nearestPole = min(90, abs(point.latitude) + latitudeReach) * .pi / 180
        let cosines = cos(point.latitude * .pi / 180) * cos(nearestPole)
        let ratio = sin(halfAngle) / cosines.squareRoot()
        guard cosines > 1e-12, ratio.isFinite, ratio < 0.999 else {
            longitudeReach = .infinity
            return
        }
        longitudeReach = 2 * asin(ratio) * 180 / .pi * (1 + 1e-6) + 1e-9
    }

    /// The latitudes (degrees) a place may have to be within the radius: places outside need not be visited at all.
    /// Nil when no place can be (a radius below zero, or not a number).
    var latitudes: ClosedRange<Double>? {
        guard latitudeReach >= 0 else { return nil }
        return (latitude - latitudeReach)...(latitude + latitudeReach)
    }

    /// Whether a place at these coordinates (degrees) may be within the radius; false only for places that are not.
    func mayHold(latitude placeLatitude: Double, longitude placeLongitude: Double) -> Bool {
        guard abs(placeLatitude - latitude) <= latitudeReach else { return false }
        var difference = abs(placeLongitude - longitude)
        if difference > 180 { difference = 360 - difference }
        return difference <= longitudeReach
    }
}
