import CarteleraFeeds
import CarteleraQuery
import CarteleraSite
import CarteleraStore
import Foundation

/// The site half of a build: finds the Web folder and renders the store beside the feeds.
enum SitePublishing {
    /// The Web folder from `--web` (`flag`), `$CARTELERA_WEB`, the configuration's `web:` (`configured`), the install prefix,
    /// or a `Web/` above the binary or the current folder; a failure names `command`.
    static func webFolder(flag: String?, configured: String?, command: String) throws -> WebFolder {
        let environment = ProcessInfo.processInfo.environment
        let variable = environment["CARTELERA_WEB"].flatMap { $0.isEmpty ? nil : $0 }
        do {
            let path = try WebFolder.locate(
                explicit: flag ?? (variable == nil ? configured : nil), environment: environment,
                executable: DefaultPaths.executablePath() ?? "cartelera", currentDirectory: FileManager.default.currentDirectoryPath)
            return try WebFolder(path: path)
        } catch {
            throw CommandFailure(description: "\(command): site: \(error.description)", status: .usage)
        }
    }

    /// The feed definitions the site links to: those of `feeds` the build published.
    static func linkedFeeds(in feeds: String, published: [String]) -> [FeedDefinition] {
        let names = Set(published)
        return FeedDefinitionLoader.load(folder: feeds).feeds.filter { names.contains($0.name) }
    }

    /// Publishes a store the way `build` does: the feeds, then the site linking the feeds published, each from one snapshot
    /// of the store's current generation, started over from a newer snapshot (three times at most) when a commit lands
    /// while they read it.
    static func publish(store root: String, feeds: String, output: String, context: QueryContext, web: WebFolder?, buildsFeeds: Bool,
                        siteOptions: SiteOptions) throws -> (feeds: BuildReport?, site: SiteReport?) {
        let store: FileStore
        do { store = try FileStore(root: root, creating: false) } catch {
            throw CommandFailure(description: "build: \(error.description)", status: .failed)
        }
        var earlier: BuildReport?
        var attempt = 1
        while true {
            do {
                let snapshot = try store.snapshot()
                var report: BuildReport?
                var engine: QueryEngine?
                if buildsFeeds {
                    let opened = try QueryEngine(snapshot: snapshot)
                    IndexNotice.tell(opened.index)
                    var built = try FeedPublisher(engine: opened, feeds: feeds, output: output, context: context, siteURL: siteOptions.baseURL).build()
                    if let earlier { built.include(earlier) }
                    report = built
                    engine = opened
                }
                // The site opens its own engine only when it has something to build.
                let site = try web.map { web throws(SiteError) in
                    try SiteBuilder(snapshot: snapshot, web: web, output: output, context: context,
                                    feeds: linkedFeeds(in: feeds, published: report?.feeds ?? []), options: siteOptions).build(engine: engine)
                }
                if let origin = site?.indexOrigin { IndexNotice.tell(origin, store: snapshot.location) }
                return (report, site)
            } catch let error as BuildError where error.isSuperseded && attempt < 3 {
                earlier = error.partialReport.map { partial in earlier.map { var merged = partial; merged.include($0); return merged } ?? partial } ?? earlier
                attempt += 1
            } catch let error as SiteError where error.isSuperseded && attempt < 3 {
                attempt += 1
            } catch let error as StoreError where error.kind == .superseded && attempt < 3 {
                attempt += 1
            } catch let error as SiteError {
                throw CommandFailure(description: "build: site: \(error.description)", status: .failed)
            } catch {
                throw CommandFailure(description: "build: \(error)", status: .failed)
            }
        }
    }
}

/// The JSON report of `build` and `run`: the feeds' report with the site's beside it under `site`.
struct PublishReport: Encodable {
    /// What the feeds wrote, unless only the site was built.
    var feeds: BuildReport?
    /// What the site wrote, unless only the feeds were built.
    var site: SiteReport?

    private enum CodingKeys: String, CodingKey { case site }

    /// The feeds' keys as they were, plus `site`.
    func encode(to encoder: any Encoder) throws {
        try feeds?.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(site, forKey: .site)
    }
}
