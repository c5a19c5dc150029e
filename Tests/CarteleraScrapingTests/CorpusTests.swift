import CarteleraScraping
import CarteleraTesting
import Testing

/// The real-site corpus beside the checkout (`../shared/corpus/tv`); skipped cleanly when it is absent.
@Suite struct CorpusTests {
    static let corpus = RepositoryPaths.shared("corpus/tv")

    /// Sites whose definitions must keep passing.
    static let required = [
        "telebilbao.es", "gatotv.com", "guiadetv.com", "tvi.iol.pt", "m.tv.sms.cz", "energeek.cl",
        "epg.tmacaraibes.com", "sat.tv", "dtv8.net", "reportv.com.ar",
    ]

    @Test(.enabled(if: corpus != nil, "needs ../shared/corpus/tv"))
    func definitionsPassTheCorpus() async throws {
        let corpus = try #require(Self.corpus)
        var passed: [String] = []
        for site in CorpusCheck.sites(in: corpus) {
            let result = await CorpusCheck.check(site: site, corpus: corpus, definitions: RepositoryPaths.scrapers())
            if result.passed { passed.append(site) }
            if Self.required.contains(site) { #expect(result.passed, "\(site): \(result.problems.prefix(3).joined(separator: "; "))") }
        }
        #expect(passed.count >= 14, "only \(passed.count) sites pass: \(passed)")
    }
}
