import CarteleraChecks
import CarteleraScraping
import CarteleraTesting
import Testing

/// The real-site corpus beside the checkout (`../shared/corpus/tv`); skipped cleanly when it is absent.
@Suite struct CorpusTests {
    static let corpus = RepositoryPaths.shared("corpus/tv")

    /// The sites whose definitions do not pass, each for a reason its folder's README gives (none now). Every other site
    /// must pass, so a definition that regresses fails the suite; one of these that starts passing must leave this list.
    static let knownFailing: Set<String> = []

    static let sites = corpus.map { CorpusCheck.sites(in: $0) } ?? []

    @Test(.enabled(if: corpus != nil, "needs ../shared/corpus/tv"))
    func theCorpusHoldsTheThirtySixSites() {
        #expect(Self.sites.count == 36)
        #expect(Self.knownFailing.isSubset(of: Set(Self.sites)))
    }

    @Test(.enabled(if: corpus != nil, "needs ../shared/corpus/tv"), arguments: sites)
    func everySiteGivesWhatItsDefinitionPromises(site: String) async throws {
        let corpus = try #require(Self.corpus)
        let result = await CorpusCheck.check(site: site, corpus: corpus, definitions: RepositoryPaths.scrapers())
        if Self.knownFailing.contains(site) {
            #expect(!result.passed, "\(site) passes now: take it off CorpusTests.knownFailing")
        } else {
            #expect(result.passed, "\(site): \(result.problems.prefix(3).joined(separator: "; "))")
        }
    }
}
