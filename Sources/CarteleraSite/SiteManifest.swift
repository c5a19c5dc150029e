import CarteleraOutput
import CarteleraStore
import Foundation

/// What the last build published: each page's and file's input hash, and the fingerprint of the templates it used.
///
/// Kept in `<output>/.cartelera/site.json`, a hidden folder the server never serves; written atomically.
struct SiteManifest: Codable, Sendable, Equatable {
    /// Changes when the manifest's meaning does: an older one is ignored and every page is rendered again.
    static let currentVersion = 1
    /// The manifest's place in the output folder.
    static let file = ".cartelera/site.json"

    /// The format's version.
    var version = currentVersion
    /// The Web folder's fingerprint when the pages were rendered.
    var fingerprint = ""
    /// Input hash by published path.
    var pages: [String: String] = [:]
    /// A hash of everything the whole site was built from (see `SiteBuilder.inputKey`): when it is the same, nothing is read.
    var input = ""

    /// The manifest of the output folder, empty when there is none or it cannot be used.
    static func read(output: String) -> SiteManifest {
        guard let data = FileManager.default.contents(atPath: output + "/" + file),
              let manifest = try? JSONDecoder().decode(SiteManifest.self, from: data), manifest.version == currentVersion else { return SiteManifest() }
        return manifest
    }

    /// Writes the manifest atomically (synced: the pages it lists may be regenerated, but it must never be torn).
    func write(output: String) throws(SiteError) {
        let path = output + "/" + Self.file
        let object = PageValue.object([("version", .integer(version)), ("fingerprint", .text(fingerprint)), ("input", .text(input)), ("pages", .labels(pages))])
        do {
            try FileManager.default.createDirectory(atPath: output + "/.cartelera", withIntermediateDirectories: true)
            try PublishedFile.write(Array(SiteJSON.text(object).utf8), to: path)
        } catch {
            throw SiteError(.output, file: path, "cannot be written: \(error)")
        }
    }
}
