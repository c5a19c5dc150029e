/// The languages the site is published in: Spanish at the root, English under `en/`.
public enum SiteLanguage: String, Sendable, CaseIterable, Hashable {
    case es, en

    /// The folder of the language's pages, relative to the site's root: empty for Spanish.
    var folder: String { self == .es ? "" : "en/" }

    /// The other language, the one the switch on every page leads to.
    var other: SiteLanguage { self == .es ? .en : .es }
}
