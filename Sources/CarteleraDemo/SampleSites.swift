import CarteleraModel
import CarteleraScraping

/// The sample sources: folders whose id ends in `.example`, each a stand-in for a real site at `https://<id>/`.
public enum SampleSites {
    /// Whether a source id names a sample source.
    public static func isSample(_ id: SourceID) -> Bool { id.rawValue.hasSuffix(".example") }

    /// Whether a sample source is a hostile one (`hostile*.example`, script payloads in every field): served with the
    /// others, but scraped only when named or asked for, so the demo's data stays clean.
    public static func isHostile(_ id: SourceID) -> Bool { isSample(id) && id.rawValue.hasPrefix("hostile") }

    /// The sample sources among `ids` that a demo or `--sample-server` run scrapes when no source is named.
    public static func scraped(_ ids: [SourceID], includingHostile: Bool) -> [SourceID] {
        ids.filter { isSample($0) && (includingHostile || !isHostile($0)) }
    }

    /// The rewrites that send `https://<id>/…` to `<baseURL>/<id>/…` for every sample source in `scrapers`.
    public static func rewrites(to baseURL: String, scrapers: String) -> [String: String] {
        rewrites(to: baseURL, sources: DefinitionLoader.sourceIDs(in: scrapers).filter(isSample))
    }

    /// The rewrites that send `https://<id>/…` to `<baseURL>/<id>/…` for the given sources.
    public static func rewrites(to baseURL: String, sources: [SourceID]) -> [String: String] {
        let base = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        return Dictionary(uniqueKeysWithValues: sources.map { ("https://\($0.rawValue)/", "\(base)/\($0.rawValue)/") })
    }
}
