import CarteleraModel

/// Venues near a point: the "near (lat, lon) within R km" of the query engine.
public enum Proximity {
    /// The venues within `withinKilometres` of `point` (inclusive), nearest first, each with its great-circle distance;
    /// venues without coordinates are left out. Ties keep id order, so results are stable.
    public static func nearby(_ point: GeoPoint, withinKilometres radius: Double, in venues: [Venue]) -> [(venue: Venue, distanceKilometres: Double)] {
        venues.compactMap { venue -> (venue: Venue, distanceKilometres: Double)? in
            guard let location = venue.location else { return nil }
            let distance = point.distanceKilometres(to: location)
            return distance <= radius ? (venue, distance) : nil
        }
        .sorted { ($0.distanceKilometres, $0.venue.id) < ($1.distanceKilometres, $1.venue.id) }
    }
}
