import CarteleraModel

/// Merges items one source yielded twice (the same airing on two pages, the same night on two listings).
///
/// Pages overlap: a day's page often repeats the evening before. The same id twice is one item, its
/// gaps filled from the repeat, so the store never holds a source's item twice and counts stay honest.
public struct DuplicateMerger: NormalizeStep {
    /// The merger.
    public init() {}

    /// Merges programmes, nights, guest lists and promotions that share an id, keeping first-seen order; venues are left to `VenueMerger`, which tells two places of one name apart.
    public func apply(to extraction: inout Extraction, warnings: inout [String]) {
        extraction.programmes = Self.merged(extraction.programmes, id: \.id, combine: ProgrammeMerger.combine)
        extraction.nights = Self.merged(extraction.nights, id: \.id) { first, _ in first }
        extraction.guestLists = Self.merged(extraction.guestLists, id: \.id) { first, _ in first }
        extraction.promotions = Self.merged(extraction.promotions, id: \.id) { first, _ in first }
    }

    private static func merged<Item, ID: Hashable>(_ items: [Item], id: KeyPath<Item, ID>, combine: (Item, Item) -> Item) -> [Item] {
        var position: [ID: Int] = [:]
        var result: [Item] = []
        result.reserveCapacity(items.count)
        for item in items {
            if let index = position[item[keyPath: id]] {
                result[index] = combine(result[index], item)
            } else {
                position[item[keyPath: id]] = result.count
                result.append(item)
            }
        }
        return result
    }
}
