import CarteleraScraping
import CarteleraTesting
import Testing

/// Every source folder with captured pages passes its own expectations: a new folder is tested without new Swift.
@Suite struct SourceFixtureTests {
    static let sources = DefinitionLoader.sourceIDs(in: RepositoryPaths.scrapers()).map(\.rawValue)

    @Test(arguments: sources)
    func capturedPagesYieldTheExpectedItems(id: String) async throws {
        let definition = try DefinitionLoader.load(.init(id), from: RepositoryPaths.scrapers())
        guard SourceCheck.hasCaptures(definition) else { return }
        let results = await SourceCheck.check(definition)
        #expect(!results.isEmpty)
        for result in results { #expect(result.passed, "\(result.name): \(result.problems.joined(separator: "; "))") }
    }
}
