import CarteleraModel

/// A nightlife item with a string id and the sources it came from: a night, a guest list or a promotion.
protocol SourcedItem {
    var id: String { get }
    var provenance: [Provenance] { get set }
}

extension Night: SourcedItem {}
extension GuestList: SourcedItem {}
extension Promotion: SourcedItem {}

extension Array where Element: SourcedItem {
    /// The items without what `source` said: an item only it listed goes, one other sources list too just loses `source` from its provenance.
    func removing(_ source: SourceID) -> [Element] {
        compactMap { item in
            guard item.provenance.contains(where: { $0.source == source }) else { return item }
            var kept = item
            kept.provenance.removeAll { $0.source == source }
            return kept.provenance.isEmpty ? nil : kept
        }
    }

    /// `incoming` added to the items: an item with the same id is replaced by the newer one, which also keeps the other sources' provenance.
    func upserting(_ incoming: [Element]) -> [Element] {
        var result = self
        for item in incoming {
            guard let index = result.firstIndex(where: { $0.id == item.id }) else {
                result.append(item)
                continue
            }
            var newer = item
            for provenance in result[index].provenance where !newer.provenance.contains(where: { $0.source == provenance.source }) {
                newer.provenance.append(provenance)
            }
            result[index] = newer
        }
        return result
    }
}
