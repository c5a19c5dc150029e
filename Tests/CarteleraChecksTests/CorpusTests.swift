import CarteleraChecks
import CarteleraScraping
import CarteleraTesting
import Testing

/// The real-site corpus beside the checkout (`../shared/corpus/tv` and `../shared/corpus/tv-new`); skipped cleanly when it is absent.
@Suite struct CorpusTests {
    /// One corpus folder: how many sites it holds, and which of them do not pass, each for the reason given beside
    /// it. Every other site must pass, so a definition that regresses fails the suite; a site listed here
    /// that starts passing must leave the list, and a site added to the folder changes its count.
    struct Folder: Sendable, CustomStringConvertible {
        var name: String
        var siteCount: Int
        var knownFailing: Set<String>
        var path: String? { RepositoryPaths.shared("corpus/\(name)") }
        var description: String { name }
    }

    static let folders = [
        Folder(name: "tv", siteCount: 36, knownFailing: []),
        Folder(name: "tv-new", siteCount: 40, knownFailing: []),
    ]

    /// Every (folder, site) pair of the folders present.
    static let sites: [(Folder, String)] = folders.flatMap { folder in
        folder.path.map { path in CorpusCheck.sites(in: path).map { (folder, $0) } } ?? []
    }

    static let present = folders.contains { $0.path != nil }

    @Test(.enabled(if: present, "needs ../shared/corpus"), arguments: folders)
    func eachFolderHoldsTheSitesItIsKnownToHold(folder: Folder) throws {
        guard let path = folder.path else { return }
        let sites = CorpusCheck.sites(in: path)
        #expect(sites.count == folder.siteCount, "corpus/\(folder.name) holds \(sites.count) sites, not \(folder.siteCount): a site was added or removed")
        #expect(folder.knownFailing.isSubset(of: Set(sites)))
    }

    @Test(.enabled(if: present, "needs ../shared/corpus"), arguments: sites.map { "\($0.0.name)/\($0.1)" })
    func everySiteGivesWhatItsDefinitionPromises(entry: String) async throws {
        let (folderName, site) = (String(entry.prefix { $0 != "/" }), String(entry.drop { $0 != "/" }.dropFirst()))
        let folder = try #require(Self.folders.first { $0.name == folderName })
        let corpus = try #require(folder.path)
        let result = await CorpusCheck.check(site: site, corpus: corpus, definitions: RepositoryPaths.scrapers())
        if folder.knownFailing.contains(site) {
            #expect(!result.passed, "\(site) passes now: take it off CorpusTests' knownFailing for \(folder.name)")
        } else {
            #expect(result.passed, "\(site): \(result.problems.prefix(3).joined(separator: "; "))")
        }
    }
}
