/// Keeps files derived from the shards (the query index) in step with them, inside each commit.
///
/// The store writes what the indexer returns atomically into `index/`, after the commit's shards and before
/// its manifest, in the order given: readers that check the last file first see either the old derived files
/// or the new ones. When updating fails the commit still stands; the store removes the indexer's `marker` so
/// readers know the files are stale, and the next lock rebuilds them.
public protocol StoreIndexer: Sendable {
    /// The file readers check first: removed when the derived files cannot be trusted.
    var marker: String { get }
    /// The derived files to write after a commit changed `changed` (new content; empty for a removed shard) at `generation`,
    /// in order; `store` reads the shards as they now are and the derived files as they were.
    func update(_ store: any StoreReader & DerivedFileReader, changed: [ShardKey: ShardContent], generation: Int) throws -> [(name: String, bytes: [UInt8])]
    /// Every derived file built from the shards `store` reads, at `generation`, in order.
    func rebuild(_ store: any StoreReader, generation: Int) throws -> [(name: String, bytes: [UInt8])]
    /// Whether the derived files `store` reads reflect `generation`.
    func isCurrent(_ store: any DerivedFileReader, generation: Int) -> Bool
    /// What is wrong with each derived file `store` reads at `generation`, one line naming it under `folder`; empty when
    /// they are current.
    func problems(_ store: any DerivedFileReader, folder: String, generation: Int) -> [String]
}

extension StoreIndexer {
    /// The default says only that the files are behind; an indexer that can tell its files apart names the one at fault.
    public func problems(_ store: any DerivedFileReader, folder: String, generation: Int) -> [String] {
        isCurrent(store, generation: generation) ? [] : ["\(folder): the derived files do not reflect generation \(generation)"]
    }
}
