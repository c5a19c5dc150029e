import CarteleraFeeds
import CarteleraQuery
import CarteleraSite
import Foundation

/// The site half of a build: finds the Web folder and renders the store beside the feeds.
enum SitePublishing {
    /// The Web folder from `--web`, `$CARTELERA_WEB`, the install prefix, or a `Web/` above the binary or the current folder.
    static func webFolder(_ explicit: String?) throws -> WebFolder {
        do {
            let path = try WebFolder.locate(
                explicit: explicit, environment: ProcessInfo.processInfo.environment,
                executable: DefaultPaths.executablePath() ?? "cartelera", currentDirectory: FileManager.default.currentDirectoryPath)
            return try WebFolder(path: path)
        } catch {
            throw CommandFailure(description: "build: site: \(error.description)", status: .usage)
        }
    }

    /// Builds the site of `store` into `output`, linking the feeds the build published.
    static func build(store: String, output: String, feeds: String, published: [String], context: QueryContext, web: WebFolder,
                      options: SiteOptions) throws -> SiteReport {
        let names = Set(published)
        let definitions = FeedDefinitionLoader.load(folder: feeds).feeds.filter { names.contains($0.name) }
        do {
            return try SiteBuilder(store: store, web: web, output: output, context: context, feeds: definitions, options: options).build()
        } catch {
            throw CommandFailure(description: "build: site: \(error.description)", status: .sourcesFailed)
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
