import CarteleraCore
import Foundation
import Mustache

/// The publisher's side of the site, read once per build: the Mustache templates of `Web/templates/`, the labels of
/// `Web/labels/<language>.json` and the files of `Web/assets/` copied as they are.
public struct WebFolder: Sendable {
    /// The folder.
    public let path: String
    /// Every template, precompiled, by file name without `.mustache`.
    let library: MustacheLibrary
    /// The same templates compiled for `CompiledTemplates`, nil when they use more than its subset.
    let compiled: CompiledTemplates?
    /// The Spanish labels.
    let spanish: SiteLabels
    /// The English labels.
    let english: SiteLabels
    /// The assets, by their path under `assets/`.
    let assets: [(name: String, bytes: [UInt8])]
    /// A hash of every template, label and asset: pages are rendered again when it changes.
    let fingerprint: String

    /// The templates every build needs; a folder without one of them is refused by name.
    static let requiredTemplates = [
        "head", "foot", "home", "tv-now", "tv-grid", "channel-day", "programme", "programme-list", "listings-index", "listing", "audiences-index",
        "audience-day", "tonight", "clubs", "club", "night", "night-card", "search", "about", "not-found", "signup",
    ]

    /// Reads and compiles the folder at `path`.
    public init(path: String) throws(SiteError) {
        self.path = path
        var hash = FNV1a()
        var templates: [String: MustacheTemplate] = [:]
        var sources: [String: String] = [:]
        let templateFolder = path + "/templates"
        for name in Self.requiredTemplates {
            let file = "\(templateFolder)/\(name).mustache"
            guard let data = FileManager.default.contents(atPath: file) else {
                throw SiteError(.web, file: file, "the template is missing (every template of \(Self.requiredTemplates.joined(separator: ", ")) is needed)")
            }
            hash.combine(Array(name.utf8) + data)
            do {
                _ = HTMLEscaping.registered
                sources[name] = "{{% CONTENT_TYPE: \(HTMLEscaping.name)}}" + String(decoding: data, as: UTF8.self)
                templates[name] = try MustacheTemplate(string: sources[name] ?? "")
            } catch {
                throw SiteError(.web, file: file, "is not a valid Mustache template: \(error)")
            }
        }
        library = MustacheLibrary(templates: templates)
        compiled = CompiledTemplates(sources: sources, contentType: HTMLEscaping.name)
        func labels(_ language: SiteLanguage) throws(SiteError) -> SiteLabels {
            let file = "\(path)/labels/\(language.rawValue).json"
            guard let data = FileManager.default.contents(atPath: file) else { throw SiteError(.web, file: file, "the label file is missing") }
            hash.combine(data)
            return try SiteLabels(json: data, file: file)
        }
        spanish = try labels(.es)
        english = try labels(.en)
        var assets: [(String, [UInt8])] = []
        let assetFolder = path + "/assets"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: assetFolder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        for name in names {
            guard let data = FileManager.default.contents(atPath: "\(assetFolder)/\(name)") else { continue }
            hash.combine(Array(name.utf8) + data)
            assets.append((name, Array(data)))
        }
        self.assets = assets
        fingerprint = hash.hex
    }

    /// The Web folder to use: `explicit` (`--web`), else `$CARTELERA_WEB`, else `share/cartelera/Web` of the install prefix
    /// beside the executable, else a `Web/` with templates in the executable's folder or one above it (the repository of a
    /// development build), else one in the current folder or one above it.
    public static func locate(explicit: String?, environment: [String: String], executable: String, currentDirectory: String) throws(SiteError) -> String {
        if let explicit, !explicit.isEmpty { return try checked(explicit, from: "--web") }
        if let variable = environment["CARTELERA_WEB"], !variable.isEmpty { return try checked(variable, from: "CARTELERA_WEB") }
        let binaryFolder = ((executable as NSString).resolvingSymlinksInPath as NSString).deletingLastPathComponent
        var candidates = [(binaryFolder as NSString).deletingLastPathComponent + "/share/cartelera/Web"]
        candidates += ancestors(of: binaryFolder).map { $0 + "/Web" }
        candidates += ancestors(of: currentDirectory).map { $0 + "/Web" }
        for candidate in candidates where isWebFolder(candidate) { return candidate }
        throw SiteError(.web, file: "Web", "no folder of site templates found beside \(executable) or above \(currentDirectory): give --web DIR or set CARTELERA_WEB")
    }

    private static func checked(_ folder: String, from setting: String) throws(SiteError) -> String {
        guard isWebFolder(folder) else { throw SiteError(.web, file: folder, "(from \(setting)) holds no templates/head.mustache: not a Web folder") }
        return folder
    }

    private static func isWebFolder(_ folder: String) -> Bool {
        FileManager.default.fileExists(atPath: folder + "/templates/head.mustache")
    }

    private static func ancestors(of folder: String) -> [String] {
        var result: [String] = []
        var current = (folder as NSString).standardizingPath
        while !current.isEmpty {
            result.append(current)
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current { break }
            current = parent
        }
        return result
    }

    /// The labels of a language.
    func labels(_ language: SiteLanguage) -> SiteLabels { language == .es ? spanish : english }

    /// The page rendered from a template as UTF-8, by the compiled templates when they can and swift-mustache otherwise;
    /// empty when the template is unknown (the required ones were checked).
    func render(_ value: PageValue, template: String, mustacheOnly: Bool = false) -> [UInt8] {
        if !mustacheOnly, let bytes = compiled?.render(value, template: template) { return bytes }
        return Array(renderWithMustache(value, template: template).utf8)
    }

    /// A site page rendered as UTF-8, as `render(_:template:mustacheOnly:)` renders its value.
    func render(_ page: SitePage, mustacheOnly: Bool) -> [UInt8] {
        render(page.value, template: page.template, mustacheOnly: mustacheOnly)
    }

    /// The page rendered by swift-mustache alone (what the compiled templates are checked against).
    func renderWithMustache(_ value: PageValue, template: String) -> String {
        library.getTemplate(named: template)?.render(value.mustacheValue, library: library) ?? ""
    }
}
