import CarteleraModel

extension VenueMerger {
    /// Merges a source's new listing of one city into the stored venues of that city.
    ///
    /// Venues listed again lose `notSeenSince`. A venue the source listed before
    /// but not now is never deleted: when only this source had it, it is marked `notSeenSince = now`
    /// (the first time); when another source has it too, this source just leaves its provenance. Only a
    /// complete listing (`listingComplete`) says anything about missing venues: after a failed page, the
    /// venues not read are left as they were.
    public static func replace(existing: [Venue], incoming: [Venue], from source: SourceID, now: Timestamp, listingComplete: Bool) -> Result {
        var venues = existing
        var storedIDs: [VenueID: VenueID] = [:]
        var listed: Set<VenueID> = []
        for venue in incoming {
            let index = add(venue, to: &venues, freshFrom: source)
            venues[index].notSeenSince = nil
            storedIDs[venue.id] = venues[index].id
            listed.insert(venues[index].id)
        }
        if listingComplete {
            for index in venues.indices where !listed.contains(venues[index].id) && venues[index].provenance.contains(where: { $0.source == source }) {
                if venues[index].provenance.contains(where: { $0.source != source }) {
                    venues[index].provenance.removeAll { $0.source == source }
                } else if venues[index].notSeenSince == nil {
                    venues[index].notSeenSince = now
                }
            }
        }
        return Result(venues: venues.sorted { $0.id < $1.id }, storedIDs: storedIDs)
    }
}
