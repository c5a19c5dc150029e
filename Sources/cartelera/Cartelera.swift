import ArgumentParser
import Foundation

/// The `cartelera` command.
@main
struct Cartelera: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cartelera",
        abstract: "Scrapes TV listings, audiences and nightlife listings into a JSON store on disk.",
        discussion: """
            Sources are folders under Scrapers/ holding a source.yaml definition, captured pages and the items \
            they must yield. The store is a folder of JSON files (see the README for its layout).

            \(ExitStatus.help)
            """,
        version: CarteleraVersion.string,
        subcommands: [Run.self, Scrape.self, Commit.self, Build.self, QueryCommand.self, Shake.self, Now.self, Airings.self, Serve.self, GuestListCommand.self, Sources.self, Corpus.self, StoreCommand.self, Demo.self]
    )

    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as CommandFailure {
            FileHandle.standardError.write(Data("cartelera: \(failure.description)\n".utf8))
            Foundation.exit(failure.status.rawValue)
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message) }
                Foundation.exit(0)
            }
            if !message.isEmpty { FileHandle.standardError.write(Data("\(message)\n".utf8)) }
            // ArgumentParser's own usage errors exit 64; Cartelera documents 2 for every usage error.
            Foundation.exit(code == .validationFailure ? ExitStatus.usage.rawValue : code.rawValue)
        }
    }
}
