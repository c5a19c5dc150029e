import CarteleraFetch
import CarteleraMarkup
import CarteleraModel

import Foundation

/// A validated, immutable source definition: selectors, expressions, patterns and zone all checked.
public struct CompiledDefinition: Sendable {
    /// The source's id.
    public let source: SourceID
    /// The folder the definition came from.
    public let directory: String
    /// A human name for listings and reports; the id when the file gives none.
    public let name: String
    /// The site's home page.
    public let site: String?
    /// The zone the site's clock times are in.
    public let zone: ZoneConverter
    /// A charset to use instead of detecting one.
    public let encoding: String?
    /// How tv-schedule pages are parsed (HTML or XML).
    public let format: PageFormat
    let bodyReplacements: [(NSRegularExpression, String)]
    /// How to build the request(s) for a channel and day.
    public let request: RequestTemplate
    /// The channels the source carries.
    public internal(set) var channels: [ChannelEntry]
    /// How the source's times become instants.
    public let rules: TimelineRules
    /// Which scraped items a page keeps.
    public internal(set) var keep: KeepPolicy
    /// The sanity floor: the share of the usual item count below which a scrape counts as broken (0 to 1).
    public let sanityFraction: Double
    /// The sanity floor's absolute minimum item count.
    public let sanityMinimum: Int
    /// The source's `fetch:` overrides, carried by each of its requests.
    public let fetchPolicy: FetchPolicy
    /// Days fetched by default, starting today.
    public let defaultDays: Int
    /// The system age ratings are in, such as `ES` or `VET`.
    public let ratingSystem: String?
    /// The section only this definition's kind has (its tables, its scraper).
    let section: any KindSection
    /// What kind of source it is, which picks its scraper.
    public var kind: SourceKind { type(of: section).kind }
    /// The zone in which the day asked for is cut and "today" is reckoned (`day_zone`, else `timezone`).
    public var dayZone: ZoneConverter { declaredDayZone ?? zone }

    /// The first day a run at `now` fetches: today in `dayZone`, or for nightlife the evening on now (before 06:00, yesterday's).
    public func firstDay(at now: Timestamp) -> Day {
        type(of: section).daysAreEvenings ? NightTimes.evening(of: now, zone: dayZone) : dayZone.local(now).day
    }
    let declaredDayZone: ZoneConverter?
    /// How the last programme of a page gets its stop.
    let lastStop: LastStopRule
    /// Whether a page's programmes are ordered by start.
    let orderByStart: Bool
    /// The login or token request made before the listings, when the source needs one.
    var session: CompiledSession?

    /// The channel ids this source lists.
    public var channelIDs: [ChannelID] { channels.map { ChannelID($0.id) } }
}

/// A selector that finds nodes below a context node, compiled when the definition loads.
///
/// A selector with placeholders can only be compiled once rendered; each rendering is compiled once and kept
/// in `TemplateCache`, so a page of rows compiles nothing.
struct CompiledSelector: Sendable {
    enum Form: Sendable { case css(CSSSelector), xpath(XPathExpression), template(String, isCSS: Bool) }
    let form: Form

    /// Nodes below `node`; templates are rendered with `values` first.
    func select(from node: Node, values: PlaceholderValues) throws -> [Node] {
        switch form {
        case .css(let selector): return try node.select(selector)
        case .xpath(let expression): return try node.xpath(expression)
        case .template(let template, let isCSS):
            let rendered = values.render(template)
            return isCSS ? try node.select(TemplateCache.shared.selector(rendered)) : try node.xpath(TemplateCache.shared.expression(rendered))
        }
    }
}

/// Rows plus the fields read from each.
struct CompiledTable: Sendable {
    let rows: CompiledSelector?
    let fields: [String: CompiledField]
    /// The fields in the order they are read: a field that names another as `{field.NAME}` comes after it.
    var order: [String]
    /// A multi-day page's date headers, each with its format.
    var dayHeader: CompiledField?
    /// Where the page's JSON is, for rows read from JSON.
    var json: JSONLocation?
    /// The JSONPath of the rows, for rows read from JSON.
    var jsonRows: CompiledJSONPath?
    /// A day-column grid whose cells (in the day asked for) are the rows, instead of `rows`.
    var grid: CompiledGrid?
    /// With JSON, the path to an HTML text whose markup holds the rows.
    var html: CompiledJSONPath?
    /// The field whose repeated value marks a programme already read.
    var unique: String?

    init(rows: CompiledSelector?, fields: [String: CompiledField], order: [String]? = nil, json: JSONLocation? = nil, jsonRows: CompiledJSONPath? = nil) {
        self.rows = rows
        self.fields = fields
        self.order = order ?? fields.keys.sorted()
        self.json = json
        self.jsonRows = jsonRows
    }
}

/// How the last programme of a page, with nothing after it, gets its stop.
enum LastStopRule: String, Sendable {
    /// The first start of the next day's page, when the run fetches that day anyway; else `default_duration`, if any.
    case nextDay = "next-day"
    /// The end of the broadcast day (`day_starts_at` the next day, or midnight in `day_zone`).
    case dayEnd = "day-end"
    /// `rules.default_duration` minutes after the start, when set; else no stop.
    case defaultDuration = "default-duration"
    /// The last programme's own `duration` field; every other programme stops at the next one's start, its length
    /// (often rounded) unused.
    case duration
    /// No stop.
    case none
}

extension CompiledDefinition {
    /// Validates a decoded definition's common keys, then compiles its kind's section with `section`; every problem names the key path.
    static func compile(
        _ definition: SiteDefinition, source: SourceID, directory: String, file: String,
        section: (DefinitionContext) throws(DefinitionError) -> any KindSection
    ) throws(DefinitionError) -> CompiledDefinition {
        func fail(_ keyPath: String, _ message: String) -> DefinitionError {
            DefinitionError(source: source, file: file, keyPath: keyPath, message: message)
        }
        guard let zone = ZoneConverter(identifier: definition.timezone) else {
            throw fail("timezone", "unknown IANA time zone \"\(definition.timezone)\" (for example Europe/Madrid)")
        }
        var dayZone: ZoneConverter?
        if let name = definition.dayZone {
            guard let declared = ZoneConverter(identifier: name) else { throw fail("day_zone", "unknown IANA time zone \"\(name)\" (for example Europe/Madrid)") }
            dayZone = declared
        }
        var lastStop = LastStopRule.defaultDuration
        var orderByStart = false
        switch definition.rules?.order ?? "page" {
        case "page": break
        case "start": orderByStart = true
        case let other: throw fail("rules.order", "expected page or start, not \"\(other)\"")
        }
        if let rule = definition.rules?.lastStop {
            guard let known = LastStopRule(rawValue: rule) else { throw fail("rules.last_stop", "expected next-day, day-end, default-duration, duration or none, not \"\(rule)\"") }
            if known == .defaultDuration, definition.rules?.defaultDuration == nil { throw fail("rules.last_stop", "default-duration needs rules.default_duration") }
            lastStop = known
        }
        let request = definition.request
        try validateCounts(definition, fail: fail)
        // A URL that starts with a placeholder (a session's value) gets its scheme checked when it is made.
        if !request.url.hasPrefix("{"), let scheme = request.url.split(separator: ":").first, !["http", "https", "file"].contains(scheme.lowercased()) {
            throw fail("request.url", "only http, https and file URLs are fetched, not \"\(scheme):\"")
        }
        let session = try definition.session.map { spec throws(DefinitionError) in try CompiledSession.compile(spec, fail: fail) }
        let sessionNames = session?.names ?? []
        let templates = [("request.url", request.url), ("request.body", request.body ?? "")]
            + (request.urls ?? []).enumerated().map { ("request.urls[\($0.offset)]", $0.element) }
            + (request.form ?? [:]).sorted { $0.key < $1.key }.map { ("request.form.\($0.key)", $0.value) }
            + (request.headers ?? [:]).sorted { $0.key < $1.key }.map { ("request.headers.\($0.key)", $0.value) }
        for (key, template) in templates {
            let unknown = PlaceholderValues.unknownNames(in: template, sessionNames: sessionNames)
            if !unknown.isEmpty { throw fail(key, "unknown placeholder {\(unknown[0])} (\(Self.placeholderHelp))") }
        }
        let channels = definition.channels ?? []
        try checkChannelParts(templates, channels: channels, fail: fail)
        var seen = Set<String>()
        for (index, channel) in channels.enumerated() {
            guard !channel.id.isEmpty else { throw fail("channels[\(index)].id", "a channel needs an id") }
            // A channel whose guide comes in several languages is listed once per language, each with its lang.
            guard seen.insert("\(channel.id)\u{0}\(channel.lang ?? "")").inserted else {
                throw fail("channels[\(index)].id", channel.lang == nil ? "channel \(channel.id) is listed twice" : "channel \(channel.id) is listed twice in \(channel.lang ?? "")")
            }
        }
        for (index, channel) in channels.enumerated() where channel.lang == nil && channels.contains(where: { $0.id == channel.id && $0.lang != nil }) {
            throw fail("channels[\(index)].lang", "channel \(channel.id) is listed once per language: give each entry its lang")
        }

        // Templates are checked as they will run: for the first channel, on a real day.
        var probe = PlaceholderValues.probe
        probe.channel = channels.first ?? probe.channel
        var rules = TimelineRules()
        if let spec = definition.rules {
            rules.rollover = spec.rollover ?? true
            rules.leadingPreviousDay = spec.leadingPreviousDay ?? true
            if let start = spec.dayStartsAt {
                guard let parts = try? DateTimeFormat("H:mm").parse(start), let seconds = parts.secondOfDay else {
                    throw fail("rules.day_starts_at", "expected a time such as 06:00, not \"\(start)\"")
                }
                rules.broadcastDayStart = seconds
            }
            switch spec.stop ?? "next-start" {
            case "next-start": rules.stopAtNextStart = true
            case "none": rules.stopAtNextStart = false
            case let other: throw fail("rules.stop", "expected next-start or none, not \"\(other)\"")
            }
            // In range (validateCounts), so the product cannot overflow.
            rules.defaultDuration = spec.defaultDuration.map { $0 * 60 }
        }

        var bodyReplacements: [(NSRegularExpression, String)] = []
        for (index, pair) in (definition.bodyReplace ?? []).enumerated() {
            guard pair.count == 2 else { throw fail("body_replace[\(index)]", "expected [pattern, replacement]") }
            do { bodyReplacements.append((try NSRegularExpression(pattern: pair[0]), pair[1])) } catch {
                throw fail("body_replace[\(index)]", "invalid pattern \"\(pair[0])\"")
            }
        }

        let compiledSection = try section(DefinitionContext(common: definition, source: source, file: file, probe: probe))

        let sanityFraction = definition.sanity?.fraction ?? 0.5
        guard (0...1).contains(sanityFraction) else { throw fail("sanity.fraction", "expected a number from 0 to 1") }
        let sanityMinimum = definition.sanity?.minimum ?? 1
        guard (0...1_000_000).contains(sanityMinimum) else { throw fail("sanity.minimum", "expected a count from 0 to 1000000") }
        let days = definition.days ?? 3
        guard (1...31).contains(days) else { throw fail("days", "expected a number of days from 1 to 31") }

        return CompiledDefinition(
            source: source, directory: directory, name: definition.name ?? source.rawValue,
            site: definition.site, zone: zone, encoding: definition.encoding, format: definition.format ?? .html, bodyReplacements: bodyReplacements, request: request, channels: channels,
            rules: rules, keep: definition.keep ?? .all, sanityFraction: sanityFraction, sanityMinimum: sanityMinimum,
            fetchPolicy: try Self.fetchPolicy(definition.fetch, fail: fail), defaultDays: days, ratingSystem: definition.ratingSystem,
            section: compiledSection, declaredDayZone: dayZone, lastStop: lastStop, orderByStart: orderByStart, session: session)
    }

    /// `{channel.N}` needs an N-th "#"-separated part in every channel's site_id, or the URL would lose it silently.
    static func checkChannelParts(_ templates: [(String, String)], channels: [ChannelEntry], fail: (String, String) -> DefinitionError) throws(DefinitionError) {
        for (key, template) in templates {
            for part in PlaceholderValues.channelParts(in: template) {
                if let channel = channels.first(where: { ($0.siteId ?? $0.id).split(separator: "#", omittingEmptySubsequences: false).count < part }) {
                    throw fail(key, "{channel.\(part)} names part \(part) of the site_id, but channel \(channel.id) (\"\(channel.siteId ?? channel.id)\") has fewer parts")
                }
            }
        }
    }

    /// A selector checked as it will run: placeholders rendered with `probe` (the definition's first channel, a real day, page 1).
    static func compileSelector(_ spec: SelectorSpec, keyPath: String, probe: PlaceholderValues = .probe, fail: (String, String) -> DefinitionError) throws(DefinitionError) -> CompiledSelector {
        switch spec {
        case .css(let css):
            if let name = PlaceholderValues.unknownNames(in: css).first {
                throw fail(keyPath, "unknown placeholder {\(name)}")
            }
            if css.contains("{") {
                let rendered = probe.render(css)
                do { _ = try CSSSelector(rendered) } catch { throw fail(keyPath, "\(error.detail) (as rendered for channel \(probe.channel?.id ?? "?"): \"\(rendered)\")") }
                return CompiledSelector(form: .template(css, isCSS: true))
            }
            do { return CompiledSelector(form: .css(try CSSSelector(css))) } catch { throw fail(keyPath, error.detail) }
        case .xpath(let xpath):
            if let name = PlaceholderValues.unknownNames(in: xpath).first {
                throw fail(keyPath, "unknown placeholder {\(name)}")
            }
            let compiled: XPathExpression
            let rendered = probe.render(xpath)
            do { compiled = try XPathExpression(rendered) } catch {
                let shown = rendered == xpath ? "" : " (as rendered for channel \(probe.channel?.id ?? "?"): \"\(rendered)\")"
                throw fail(keyPath, "invalid XPath \"\(xpath)\": \(error.detail)\(shown)")
            }
            return CompiledSelector(form: xpath.contains("{") ? .template(xpath, isCSS: false) : .xpath(compiled))
        }
    }
}

extension CompiledDefinition {
    /// The `fetch:` section as a policy; every value must be a finite, sensible number.
    static func fetchPolicy(_ spec: FetchSpec?, fail: (String, String) -> DefinitionError) throws(DefinitionError) -> FetchPolicy {
        guard let spec else { return FetchPolicy() }
        if let delay = spec.delay, !(0...3600).contains(delay) { throw fail("fetch.delay", "expected seconds from 0 to 3600") }
        if let timeout = spec.timeout, !(1...600).contains(timeout) { throw fail("fetch.timeout", "expected seconds from 1 to 600") }
        if let concurrency = spec.concurrency, !(1...16).contains(concurrency) { throw fail("fetch.concurrency", "expected a number of requests from 1 to 16") }
        if let bytes = spec.maxBodyBytes, !(1...FetchPolicy.maxBodyBytesCeiling).contains(bytes) {
            throw fail("fetch.max_body_bytes", "expected bytes from 1 to \(FetchPolicy.maxBodyBytesCeiling)")
        }
        return FetchPolicy(timeoutSeconds: spec.timeout, maxBodyBytes: spec.maxBodyBytes, obeyRobots: spec.robots,
                           perHostDelaySeconds: spec.delay, perHostConcurrency: spec.concurrency)
    }
}
