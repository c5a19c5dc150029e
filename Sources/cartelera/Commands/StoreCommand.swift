import ArgumentParser
import CarteleraModel
import CarteleraStore
import Foundation

extension Cartelera {
    /// `cartelera store`: look after the store itself.
    struct StoreCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "store",
            abstract: "Check the store's files against its manifest.",
            subcommands: [Check.self])
    }
}

extension Cartelera.StoreCommand {
    /// `cartelera store check`.
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Decode and hash every shard and compare it with the manifest.",
            discussion: """
                Read-only unless --heal is given: then it first takes the writer lock and heals what a killed run left \
                (as every run does), so it exits 3 while a run holds the lock. Exits 0 when the store is healthy, 1 otherwise.
                """)

        @OptionGroup var global: GlobalOptions

        @Flag(name: .long, help: "Take the writer lock and heal an interrupted run's leftovers first.")
        var heal = false

        func run() async throws {
            let store: FileStore
            do {
                store = try FileStore(root: global.storeDirectory, creating: false)
                if heal { try store.lock(at: Timestamp(Date())).release() }
            } catch {
                throw CommandFailure(description: error.description, status: error.kind == .locked ? .locked : .sourcesFailed)
            }
            let verification: StoreVerification
            do {
                verification = try store.verify()
            } catch {
                throw CommandFailure(description: error.description, status: .sourcesFailed)
            }
            if global.json {
                try GlobalOptions.printJSON(verification)
            } else {
                for problem in verification.undecodable { print("undecodable  \(problem)") }
                for problem in verification.manifestMismatches { print("manifest     \(problem)") }
                for file in verification.temporaryFiles { print("temporary    \(file)") }
                if verification.interruptedCommit { print("journal      an interrupted commit waits to be healed (run `cartelera store check --heal` or the next run)") }
                print("store \(store.root): \(verification.shards) shards, \(verification.items) items, generation \(verification.generation): "
                      + (verification.isHealthy ? "healthy" : "NOT healthy"))
            }
            if !verification.isHealthy { throw ExitCode(ExitStatus.sourcesFailed.rawValue) }
        }
    }
}
