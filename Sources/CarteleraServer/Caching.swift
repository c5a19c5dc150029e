/// How long clients and caches may keep a response: the `Cache-Control` of every answer.
enum Caching: Sendable, Equatable {
    /// Never stored: sign-ups, random picks, health, errors.
    case noStore
    /// Public for this many seconds, then revalidated with the validators.
    case seconds(Int)

    /// Seconds an API answer may be reused: answers move with the clock ("now", "tonight"), so briefly.
    static let answer = Caching.seconds(30)

    /// The header's value.
    var header: String {
        switch self {
        case .noStore: "no-store"
        case .seconds(let seconds): "public, max-age=\(seconds), must-revalidate"
        }
    }
}
