import CarteleraModel

/// An item that several sources may list, with a string id: a night, a guest list or a promotion.
public protocol SourcedItem {
    /// The item's stable id.
    var id: String { get }
    /// The sources that list it.
    var provenance: [Provenance] { get set }
}

extension Night: SourcedItem {}
extension GuestList: SourcedItem {}
extension Promotion: SourcedItem {}

/// An item exactly one source lists: an audience entry, a channel share, a news item.
public protocol SingleSourcedItem {
    /// The source and page it came from.
    var provenance: Provenance { get }
}

extension AudienceEntry: SingleSourcedItem {}
extension ChannelShare: SingleSourcedItem {}
extension NewsItem: SingleSourcedItem {}

extension Array where Element: SourcedItem {
    /// The items without what `source` said: an item only it listed goes, one other sources list too just loses `source` from its provenance.
    public func removing(_ source: SourceID) -> [Element] {
        compactMap { item in
            guard item.provenance.contains(where: { $0.source == source }) else { return item }
            var kept = item
            kept.provenance.removeAll { $0.source == source }
            return kept.provenance.isEmpty ? nil : kept
        }
    }

    /// `incoming` added to the items: an item with the same id is replaced by the newer one, which keeps the other sources' provenance too.
    public func upserting(_ incoming: [Element]) -> [Element] {
        var result = self
        var position: [String: Int] = [:]
        for (index, item) in result.enumerated() { position[item.id] = index }
        for item in incoming {
            guard let index = position[item.id] else {
                position[item.id] = result.count
                result.append(item)
                continue
            }
            var newer = item
            newer.provenance = Provenances.union(item.provenance, result[index].provenance)
            result[index] = newer
        }
        return result
    }
}

extension Array where Element: SingleSourcedItem {
    /// The items of other sources, plus `incoming`: what `source` says now replaces all it said before.
    public func replacing(from source: SourceID, with incoming: [Element]) -> [Element] {
        filter { $0.provenance.source != source } + incoming
    }
}
