import CarteleraQuery
import Logging
import NIOPosix
import ServiceLifecycle

/// The service that keeps `StoreSnapshots` current: it compares the manifest's identity every `interval` and, when a
/// commit changed it, opens the new generation on a thread of the blocking pool while requests go on with the old one.
struct StoreReloadService: Service {
    let snapshots: StoreSnapshots
    /// How often the manifest's identity is compared: a `stat`, so a fraction of a second costs nothing.
    let interval: Duration
    let logger: Logger

    /// Opens the first snapshot: run before the server listens, so the first requests find one.
    func openFirst() async {
        await reload()
    }

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled else { return }
                await reload()
            }
        }
    }

    private func reload() async {
        let snapshots = self.snapshots
        let metadata: Logger.Metadata = ["store.root": .string(snapshots.storeRoot)]
        do {
            switch try await NIOThreadPool.singleton.runIfActive({ snapshots.refresh() }) {
            case .unchanged: break
            case .opened(let generation, let index):
                logger.info("store opened", metadata: metadata.merging(["store.generation": .stringConvertible(generation)]) { $1 })
                // Once per generation opened: a store whose index files are not used builds the index again at each reload.
                if case .shards(let fallback) = index, fallback.lasts { logger.warning("\(fallback.notice(store: snapshots.storeRoot))") }
            case .failed(let problem): logger.error("store cannot be opened", metadata: metadata.merging(["store.problem": .string(problem)]) { $1 })
            }
        } catch {
            logger.error("store reload failed", metadata: metadata.merging(["error": .string(String(describing: error))]) { $1 })
        }
    }
}
