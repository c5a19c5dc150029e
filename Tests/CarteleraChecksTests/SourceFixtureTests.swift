import CarteleraChecks
import CarteleraScraping
import CarteleraTesting
import Foundation
import Testing

/// Every source folder with captured pages passes its own expectations: a new folder is tested without new Swift.
/// Folders without captures (corpus sites) are covered by `CorpusTests` and `DefinitionLoaderTests`.
@Suite struct SourceFixtureTests {
    static let sources = DefinitionLoader.sourceIDs(in: RepositoryPaths.scrapers()).map(\.rawValue).filter { id in
        FileManager.default.fileExists(atPath: "\(RepositoryPaths.scrapers())/\(id)/\(SourceCheck.fileName)")
    }

    @Test func theSampleSourcesAllCarryCaptures() {
        for id in ["guia-tv.example", "xmltv.example", "audiencias.example", "madrid-noche.example", "sala-sol.example", "club-malasana.example"] {
            #expect(Self.sources.contains(id), "\(id) has no expect.json")
        }
    }

    @Test(arguments: sources)
    func capturedPagesYieldTheExpectedItems(id: String) async throws {
        let definition = try DefinitionLoader.load(.init(id), from: RepositoryPaths.scrapers())
        #expect(SourceCheck.hasCaptures(definition))
        let results = await SourceCheck.check(definition)
        #expect(!results.isEmpty)
        for result in results { #expect(result.passed, "\(result.name): \(result.problems.joined(separator: "; "))") }
    }
}
