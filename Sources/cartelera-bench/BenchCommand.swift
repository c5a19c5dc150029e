import ArgumentParser
import CarteleraQuery
import CarteleraStore
import Foundation

/// `cartelera-bench`: the benchmarks of ../shared/BENCHMARKS.md, apart from the `cartelera` binary, which they run.
@main
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cartelera-bench",
        abstract: "Benchmark Cartelera: parse the corpus, write data set G, query it, publish its feeds and website, load its HTTP API.",
        discussion: """
            Run it from a release build (`make bench`, `make bench-query`, …): debug builds are many times slower. The commands \
            over data set G time the `cartelera` binary beside this one in fresh processes.

            Exits 0 when every answer matched its reference, 1 when a measurement failed or an answer differed, 2 for bad \
            usage or a missing input (the corpus, data set G, wrk).
            """,
        subcommands: [Parse.self, Generate.self, Queries.self, Feeds.self, Readers.self, SiteBuild.self, Serve.self, FixedAnswer.self])

    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as BenchFailure {
            FileHandle.standardError.write(Data("cartelera-bench: \(failure.description)\n".utf8))
            Foundation.exit(failure.exitCode)
        } catch {
            exit(withError: error)
        }
    }

    /// The `cartelera` binary beside this one, which the benchmarks over data set G run.
    static func cartelera() throws -> String {
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let binary = URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent("cartelera").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchFailure("no cartelera binary beside this one at \(binary): build it with `swift build -c release --product cartelera`", exitCode: 2)
        }
        return binary
    }

    /// Throws, saying how to make it, unless `directory` holds data set G's store.
    static func requireDataSetG(_ directory: String) throws {
        guard FileManager.default.fileExists(atPath: directory + "/store/manifest.json") else {
            throw BenchFailure(
                "no data set G in \(directory) (its store/manifest.json is missing): write it with `cartelera-bench generate \(directory)` "
                    + "or `make bench-g` (about 25 s and 425 MB)", exitCode: 2)
        }
    }
}

extension BenchCommand {
    /// Warns once, before the benchmark starts `cartelera` processes over `directory`'s store, when each of them would build
    /// the query index from the shards (an index of an older format, damaged or behind the store): their times include it.
    static func warnUnlessIndexIsUsed(_ directory: String) {
        guard let snapshot = try? FileStore(root: directory + "/store", creating: false).snapshot(),
              let fallback = (try? QueryIndex.fallback(snapshot)) ?? nil, fallback.lasts else { return }
        FileHandle.standardError.write(Data("cartelera-bench: \(fallback.notice(store: snapshot.location))\n".utf8))
        // Said once for the run: the `cartelera` processes it starts inherit the variable and keep quiet about it.
        setenv(IndexFallback.noticeGivenVariable, "1", 1)
    }
}

/// A benchmark that could not run or whose answer was wrong: one line on standard error, and the exit code.
struct BenchFailure: Error, CustomStringConvertible {
    /// What went wrong and what to do about it.
    var description: String
    /// 1 for a failed measurement or a wrong answer, 2 for bad usage or a missing input.
    var exitCode: Int32

    init(_ description: String, exitCode: Int32 = 1) {
        self.description = description
        self.exitCode = exitCode
    }
}
