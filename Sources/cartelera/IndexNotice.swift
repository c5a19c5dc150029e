import CarteleraQuery
import Foundation
import Synchronization

/// Tells the operator, once per process, that the store's index files are not used, so that every command builds the
/// index from the shards in memory until `cartelera store reindex` writes them.
///
/// A process started with `CARTELERA_INDEX_NOTICE_GIVEN` set says nothing: whoever started it (a benchmark timing many
/// such processes) has said it once already.
enum IndexNotice {
    private static let told = Atomic<Bool>(getenv(IndexFallback.noticeGivenVariable) != nil)

    /// Writes the notice to standard error when `origin` is a fallback that lasts and none was written yet.
    static func tell(_ origin: QueryIndex.Origin, store: String) {
        guard case .shards(let fallback) = origin, fallback.lasts, !told.exchange(true, ordering: .relaxed) else { return }
        FileHandle.standardError.write(Data("cartelera: \(fallback.notice(store: store))\n".utf8))
    }

    /// The same for an opened index, naming its store.
    static func tell(_ index: QueryIndex) {
        tell(index.origin, store: index.snapshot.location)
    }
}
