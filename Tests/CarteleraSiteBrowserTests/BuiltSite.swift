import CarteleraTesting
import Foundation

/// The demo site with the hostile samples in it, built once for the whole suite by the real `cartelera` binary.
struct BuiltSite: Sendable {
    /// The demo's output folder (store, cache, published files).
    let output: String
    /// The generated site folder.
    let site: String

    /// The build, done on first use; a failure is kept so every test reports it.
    static let shared: Result<BuiltSite, Chromium.BrowserFailure> = Result { try build() }
        .mapError { $0 as? Chromium.BrowserFailure ?? Chromium.BrowserFailure(description: "\($0)") }

    /// The binary next to the test bundle (`.build/<config>/cartelera`).
    static let binary: String = {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return executable.deletingLastPathComponent().appendingPathComponent("cartelera").path
    }()

    /// `cartelera demo --include-hostile`: the sample sources, hostile ones included, scraped over loopback HTTP and published.
    private static func build() throws -> BuiltSite {
        let root = RepositoryPaths.packageRoot()
        // Under .build, not the system temp folder: a static is never deinitialised, so the folder is reused, not leaked.
        let output = "\(root)/.build/site-browser-tests"
        try? FileManager.default.removeItem(atPath: output)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let demo = try ExternalCommand.run(binary, ["demo", "--include-hostile", "--output", output], in: root)
        guard demo.status == 0 else {
            throw Chromium.BrowserFailure(description: "cartelera demo --include-hostile exited \(demo.status): \(demo.errors)")
        }
        let site = "\(output)/public"
        guard FileManager.default.fileExists(atPath: "\(site)/index.html") else {
            throw Chromium.BrowserFailure(description: "the demo wrote no \(site)/index.html:\n\(demo.output)")
        }
        return BuiltSite(output: output, site: site)
    }

    /// Every page of the site, relative to its folder, sorted.
    func pages() -> [String] {
        let files = FileManager.default.enumerator(atPath: site)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".html") }.sorted()
    }

    /// The text of a page, or "" when it cannot be read.
    func text(of page: String) -> String {
        (try? String(contentsOfFile: "\(site)/\(page)", encoding: .utf8)) ?? ""
    }
}
