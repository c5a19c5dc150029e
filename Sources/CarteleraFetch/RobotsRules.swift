/// A parsed robots.txt: user-agent groups with Allow/Disallow rules and Crawl-delay.
///
/// Matching follows RFC 9309: the group naming our product token most specifically wins (else `*`);
/// the longest matching rule decides, Allow winning ties; `*` matches any run and a final `$` anchors the end.
public struct RobotsRules: Sendable, Equatable {
    struct Rule: Sendable, Equatable {
        var allow: Bool
        var pattern: String
    }

    struct Group: Sendable, Equatable {
        var agents: [String] = []
        var rules: [Rule] = []
        var crawlDelay: Double?
    }

    private var groups: [Group]

    /// Rules that allow everything, used when robots.txt is missing or unreadable.
    public static let allowAll = RobotsRules(groups: [])

    private init(groups: [Group]) {
        self.groups = groups
    }

    /// Parses robots.txt text; unknown lines are ignored and only the first 500 KiB is read, as crawlers do.
    public init(parsing text: String) {
        var groups: [Group] = []
        var current: Group?
        var lastWasAgent = false
        for rawLine in text.utf8.prefix(500 * 1024).split(whereSeparator: { $0 == 10 || $0 == 13 }) {
            var line = Substring(String(decoding: rawLine, as: UTF8.self))
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingSpaces().lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces()
            switch key {
            case "user-agent":
                if !lastWasAgent, let group = current { groups.append(group); current = nil }
                var group = current ?? Group()
                group.agents.append(value.lowercased())
                current = group
                lastWasAgent = true
                continue
            case "allow", "disallow":
                // An empty Disallow means "nothing is disallowed"; an empty Allow says nothing.
                if !value.isEmpty { current?.rules.append(Rule(allow: key == "allow", pattern: value)) }
            case "crawl-delay":
                if let seconds = Self.crawlDelaySeconds(value) { current?.crawlDelay = seconds }
            default:
                break
            }
            lastWasAgent = false
        }
        if let current { groups.append(current) }
        self.groups = groups
    }

    /// Whether a path (with its query) may be fetched by a crawler with this User-Agent.
    public func isAllowed(_ pathAndQuery: String, userAgent: String) -> Bool {
        if pathAndQuery == "/robots.txt" { return true }
        var best: Rule?
        for rule in applicableGroups(userAgent).flatMap(\.rules) where Self.matches(rule.pattern, pathAndQuery) {
            guard let current = best else { best = rule; continue }
            if rule.pattern.count > current.pattern.count || (rule.pattern.count == current.pattern.count && rule.allow) {
                best = rule
            }
        }
        return best?.allow ?? true
    }

    /// The Crawl-delay for this User-Agent, if its group sets one.
    public func crawlDelay(userAgent: String) -> Double? {
        applicableGroups(userAgent).compactMap(\.crawlDelay).max()
    }

    /// The groups naming our product token most specifically, or the `*` groups.
    private func applicableGroups(_ userAgent: String) -> [Group] {
        let token = Self.productToken(userAgent)
        var bestLength = 0
        var chosen: [Group] = []
        for group in groups {
            for agent in group.agents where agent != "*" && token.hasPrefix(agent) {
                if agent.count > bestLength {
                    bestLength = agent.count
                    chosen = [group]
                } else if agent.count == bestLength {
                    chosen.append(group)
                }
            }
        }
        return bestLength > 0 ? chosen : groups.filter { $0.agents.contains("*") }
    }

    /// A Crawl-delay value: decimal digits with an optional fraction ("2", "0.5"), at most a day.
    /// Anything else ("nan", "inf", "1e400", "-5") is ignored, since `Double` would read some of it as no number at all.
    static func crawlDelaySeconds(_ text: String) -> Double? {
        let isDecimal = text.allSatisfy { $0 == "." || ($0.isASCII && $0.isNumber) } && text.filter { $0 == "." }.count <= 1
        guard isDecimal, let seconds = Double(text) else { return nil }
        return min(seconds, FetchLimits.longestWaitSeconds)
    }

    /// "Cartelera/0.1 (+https://…)" → "cartelera".
    static func productToken(_ userAgent: String) -> String {
        String(userAgent.prefix { $0 != "/" && $0 != " " }).lowercased()
    }

    /// Matches a robots pattern against a path: a prefix match with `*` wildcards and an optional `$` end anchor.
    static func matches(_ pattern: String, _ path: String) -> Bool {
        var pattern = Substring(pattern)
        let anchored = pattern.hasSuffix("$")
        if anchored { pattern = pattern.dropLast() }
        let pieces = pattern.split(separator: "*", omittingEmptySubsequences: false)
        var rest = Substring(path)
        for (index, piece) in pieces.enumerated() {
            let isFirst = index == 0
            let isLast = index == pieces.count - 1
            if isFirst {
                guard rest.hasPrefix(piece) else { return false }
                rest = rest.dropFirst(piece.count)
                if isLast && anchored { return rest.isEmpty }
            } else if isLast && anchored {
                return rest.hasSuffix(piece)
            } else if !piece.isEmpty {
                guard let found = rest.firstRange(of: piece) else { return false }
                rest = rest[found.upperBound...]
            }
        }
        return true
    }
}
