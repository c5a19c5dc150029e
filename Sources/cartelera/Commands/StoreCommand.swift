import ArgumentParser
import CarteleraModel
import CarteleraQuery
import CarteleraSignUps
import CarteleraStore
import Foundation

extension Cartelera {
    /// `cartelera store`: look after the store itself.
    struct StoreCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "store",
            abstract: "Check the store's files against its manifest, or rebuild its query index.",
            subcommands: [Check.self, Reindex.self])
    }
}

extension Cartelera.StoreCommand {
    /// `cartelera store check`.
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Decode and hash every shard and compare it with the manifest; check the other files of the store.",
            discussion: """
                Also reads every per-source state file (sources/<id>.json), every sign-up file (signups/) and every query \
                index file (index/), naming each one that cannot be read or does not reflect the manifest's generation. \
                Read-only unless --heal is given: then it first takes the writer lock and heals what a killed run left \
                (as every run does, the index included), so it exits 3 while a run holds the lock. Exits 0 when the store \
                is healthy, 1 otherwise.
                """)

        @OptionGroup var global: GlobalOptions

        @Flag(name: .long, help: "Take the writer lock and heal an interrupted run's leftovers first.")
        var heal = false

        func run() async throws {
            global.bootstrapLogging()
            let store: FileStore
            do {
                store = try FileStore(root: global.storeDirectory, creating: false, indexer: QueryIndexer())
                if heal { try store.lock(at: Timestamp(Date())).release() }
            } catch {
                throw CommandFailure(description: error.description, status: error.kind == .locked ? .locked : .failed)
            }
            let check: StoreCheck
            do {
                check = StoreCheck(verification: try store.verify(), signUps: try SignUpBook(store: store.root).check().map(\.description))
            } catch let error as StoreError {
                throw CommandFailure(description: error.description, status: .failed)
            } catch {
                throw CommandFailure(description: "\(error)", status: .failed)
            }
            let verification = check.verification
            if global.json {
                try GlobalOptions.printJSON(check)
            } else {
                for problem in verification.undecodable { print("undecodable  \(problem)") }
                for problem in verification.manifestMismatches { print("manifest     \(problem)") }
                for file in verification.temporaryFiles { print("temporary    \(file)") }
                if verification.interruptedCommit { print("journal      an interrupted commit waits to be healed (run `cartelera store check --heal` or the next run)") }
                for problem in verification.sourceStates { print("state        \(problem) (the next run sets it aside and starts its history afresh)") }
                for problem in check.signUps { print("sign-ups     \(problem)") }
                for problem in verification.indexProblems { print("index        \(problem)") }
                if verification.indexCurrent == false {
                    print("index        behind the shards: queries build it in memory until `cartelera store reindex` or the next run rebuilds it")
                }
                print("store \(store.root): \(verification.shards) shards, \(verification.items) items, generation \(verification.generation): "
                      + (check.isHealthy ? "healthy" : "NOT healthy"))
            }
            if !check.isHealthy { throw ExitCode(ExitStatus.failed.rawValue) }
        }
    }
}

/// What `store check` found: the store's own verification, and the sign-up files beside it.
struct StoreCheck: Encodable {
    /// Shards, manifest, state and index files.
    var verification: StoreVerification
    /// Sign-up files that cannot be read, each naming its file.
    var signUps: [String]

    /// Whether nothing is wrong.
    var isHealthy: Bool { verification.isHealthy && signUps.isEmpty }

    private enum CodingKeys: String, CodingKey { case signUps, healthy }

    /// The verification's keys as they were, plus `signUps` and `healthy`.
    func encode(to encoder: any Encoder) throws {
        try verification.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(signUps, forKey: .signUps)
        try container.encode(isHealthy, forKey: .healthy)
    }
}

extension Cartelera.StoreCommand {
    /// `cartelera store reindex`.
    struct Reindex: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reindex",
            abstract: "Rebuild the query index (index/) from the shards.",
            discussion: """
                Runs and commits keep the index up to date, and a writer rebuilds a missing, stale or damaged one when it \
                takes the lock; this does it now. Takes the writer lock, so it exits 3 while a run holds it.
                """)

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            global.bootstrapLogging()
            let started = ContinuousClock.now
            do {
                let store = try FileStore(root: global.storeDirectory, creating: false, indexer: QueryIndexer())
                let lock = try store.lock(at: Timestamp(Date()))
                defer { lock.release() }
                // Taking the lock already rebuilds an index that is missing, stale or damaged: once is enough.
                let generation = lock.recovery.indexRebuilt ? try store.manifest().generation : try store.rebuildIndex(lock: lock)
                let seconds = (ContinuousClock.now - started) / .milliseconds(1) / 1000
                print("index of \(store.root) rebuilt at generation \(generation) in \(String(format: "%.1f", seconds)) s")
            } catch {
                throw CommandFailure(description: error.description, status: error.kind == .locked ? .locked : .failed)
            }
        }
    }
}
