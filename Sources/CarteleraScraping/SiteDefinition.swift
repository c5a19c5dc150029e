/// A source definition's common keys as written in `Scrapers/<id>/source.yaml`, before validation; the keys only
/// one kind has are that kind's `KindSection.Written`, decoded from the same file.
public struct SiteDefinition: Codable, Sendable, DefinitionKeys {
    /// What kind of source this is.
    public var kind: SourceKind
    /// A human name for listings and reports.
    public var name: String?
    /// The site's home page.
    public var site: String?
    /// The IANA zone the site's clock times are in.
    public var timezone: String
    /// The IANA zone in which the day asked for is cut and "today" is reckoned, when it is not `timezone`.
    public var dayZone: String?
    /// Named expressions, used as `{expr.NAME}` anywhere in the definition.
    public var expressions: [String: String]?
    /// A charset to use instead of detecting one.
    public var encoding: String?
    /// How a tv-schedule page is parsed: `html` (default) or `xml` for custom XML feeds (case-sensitive names).
    public var format: PageFormat?
    /// Regular-expression replacements on the raw page before parsing, `[[pattern, replacement], …]`, for markup the parser would mangle.
    public var bodyReplace: [[String]]?
    /// How to build the request(s) for a channel and day.
    public var request: RequestTemplate
    /// The channels the source carries (at least one for tv-schedule).
    public var channels: [ChannelEntry]?
    /// Timeline rules, when the defaults do not fit.
    public var rules: RulesSpec?
    /// The sanity floor, when the defaults do not fit.
    public var sanity: SanitySpec?
    /// Politeness overrides for the source's requests.
    public var fetch: FetchSpec?
    /// Days fetched by default, starting today.
    public var days: Int?
    /// `requested-day` keeps only items starting on the day asked for (pages that list several days).
    public var keep: KeepPolicy?
    /// The system age ratings are in, such as `ES` or `VET`.
    public var ratingSystem: String?
    /// Login or token requests made once, in order, before the listings; their answers fill `{session.NAME}`.
    public var session: [SessionSpec]?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case kind, name, site, timezone, encoding, format, request, channels, expressions
        case dayZone = "day_zone"
        case bodyReplace = "body_replace"
        case rules, sanity, fetch, days, keep, session
        case ratingSystem = "rating_system"
    }

    static var nestedKeys: [CodingKeys: DefinitionSchema] {
        [.request: RequestTemplate.schema, .channels: .list(ChannelEntry.schema), .rules: RulesSpec.schema, .sanity: SanitySpec.schema,
         .fetch: FetchSpec.schema, .expressions: .dictionary(.scalar), .bodyReplace: .list(.list(.scalar)), .session: .list(SessionSpec.schema)]
    }
}

/// The markup a page is parsed as.
public enum PageFormat: String, Codable, Sendable {
    case html
    case xml
}

/// Which scraped items a page keeps.
public enum KeepPolicy: String, Codable, Sendable {
    case all
    case requestedDay = "requested-day"
    /// Items on the air at any moment of the day asked for: those starting on it, and one begun the evening before.
    case overlappingDay = "overlapping-day"
}

/// How to build the request(s) for a channel and day.
public struct RequestTemplate: Codable, Sendable, DefinitionKeys {
    /// URL with placeholders: `{date:yyyy-MM-dd}`, `{week.start:yyyy-MM-dd}`/`{week.end:…}` (Monday/Sunday), `{day.relative:today,tomorrow}` (the word at the day's distance from today), `{channel}`, `{channel.1}`, `{channel.id}`, `{channel.name}`, `{page}`, `{page:first,second}` (the page-th word).
    public var url: String
    /// The HTTP method; GET, or POST when there is a form or body.
    public var method: String?
    /// Form fields sent url-encoded in the body (values take placeholders).
    public var form: [String: String]?
    /// A raw body (values take placeholders).
    public var body: String?
    /// Extra request headers (values take placeholders).
    public var headers: [String: String]?
    /// How many pages one day spans (`{page}` runs from `first_page`).
    public var pages: Int?
    /// The number of the first page (1 when absent).
    public var firstPage: Int?
    /// Further requests read like `url`, after it: a jsonld source's other pages, or a tv-schedule day's other
    /// answers (`{date+1:…}`: the next day's file, which holds the end of this one).
    public var urls: [String]?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case url, method, form, body, headers, pages
        case firstPage = "first_page"
        case urls
    }

    static var nestedKeys: [CodingKeys: DefinitionSchema] { [.form: .dictionary(.scalar), .headers: .dictionary(.scalar), .urls: .list(.scalar)] }
}

/// A channel a source carries.
public struct ChannelEntry: Codable, Sendable, DefinitionKeys {
    /// Cartelera's channel id (XMLTV style, `La1.es`).
    public var id: String
    /// The site's own key for the channel, used in URLs and selectors.
    public var siteId: String?
    /// The channel's display name.
    public var name: String
    /// The channel's logo URL.
    public var logo: String?
    /// The channel's language code.
    public var lang: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, name, logo, lang
        case siteId = "site_id"
    }
}

/// A CSS selector, or an XPath expression.
public enum SelectorSpec: Codable, Sendable, Hashable, DefinitionKeys {
    case css(String)
    case xpath(String)

    /// Decodes a plain string as CSS, or a `{css: …}` or `{xpath: …}` map.
    public init(from decoder: any Decoder) throws {
        if let css = try? decoder.singleValueContainer().decode(String.self) {
            self = .css(css)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let xpath = try container.decodeIfPresent(String.self, forKey: .xpath) {
            self = .xpath(xpath)
        } else {
            self = .css(try container.decode(String.self, forKey: .css))
        }
    }

    /// Encodes as a `{css: …}` or `{xpath: …}` map.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .css(let css): try container.encode(css, forKey: .css)
        case .xpath(let xpath): try container.encode(xpath, forKey: .xpath)
        }
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case css, xpath }

    static var acceptsScalar: Bool { true }
}

/// How to read one field from a row: a CSS selector alone means its text.
public struct FieldSpec: Codable, Sendable, DefinitionKeys {
    /// CSS selectors below the row, tried in order (one, or a list); absent or "." means the row itself.
    public var select: [String]?
    /// XPaths from the row, tried in order; a `string(…)`-style expression gives text directly.
    public var xpath: [String]?
    /// JSONPaths from the row (`@`, or a bare name) or from the document (`$`), tried in order, for JSON input.
    public var path: [String]?
    /// Attributes to read instead of the text, the first the element has.
    public var attr: [String]?
    /// Take every match (lists such as actors), not the first.
    public var all: Bool?
    /// Text with line breaks kept between block elements and at `<br>`.
    public var lines: Bool?
    /// Keep the text's inner white space and line breaks as the page has them (only the ends trimmed).
    public var verbatim: Bool?
    /// Read the element's XPath string value (its text nodes joined as they are, `<br>` and blocks adding nothing), white space collapsed.
    public var stringValue: Bool?
    /// Keep the first capture group (or `group`) of this regular expression.
    public var regex: String?
    /// The capture group of `regex` to keep (0 is the whole match).
    public var group: Int?
    /// Regular-expression replacements, applied in order: `[[pattern, replacement], …]`.
    public var replace: [[String]]?
    /// Split the text into a list at this separator.
    public var split: String?
    /// A constant value (takes placeholders).
    public var value: String?
    /// The value when nothing was found.
    public var `default`: String?
    /// A date/time format for time fields (see `DateTimeFormat`).
    public var format: String?
    /// Resolve the value as a link against the page URL; only http(s) is kept.
    public var url: Bool?
    /// Lowercase the value.
    public var lower: Bool?
    /// Uppercase the value.
    public var upper: Bool?
    /// Times in this field without an offset are UTC, not the source's `timezone`.
    public var utc: Bool?
    /// The unit of a bare number in a `duration` field: `min` (the default), `s`, `ms` or `h`.
    public var unit: String?

    /// A field read as the text at a CSS selector.
    public init(select: String? = nil) { self.select = select.map { [$0] } }

    /// Decodes a plain string as a CSS selector, or a map of options.
    public init(from decoder: any Decoder) throws {
        if let css = try? decoder.singleValueContainer().decode(String.self) {
            self.init(select: css)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        /// One string, or a list of them tried in order.
        func alternatives(_ key: CodingKeys) throws -> [String]? {
            if let one = try? container.decodeIfPresent(String.self, forKey: key) { return [one] }
            return try container.decodeIfPresent([String].self, forKey: key)
        }
        self.init()
        select = try alternatives(.select)
        xpath = try alternatives(.xpath)
        path = try alternatives(.path)
        attr = try alternatives(.attr)
        all = try container.decodeIfPresent(Bool.self, forKey: .all)
        lines = try container.decodeIfPresent(Bool.self, forKey: .lines)
        verbatim = try container.decodeIfPresent(Bool.self, forKey: .verbatim)
        stringValue = try container.decodeIfPresent(Bool.self, forKey: .stringValue)
        regex = try container.decodeIfPresent(String.self, forKey: .regex)
        group = try container.decodeIfPresent(Int.self, forKey: .group)
        replace = try container.decodeIfPresent([[String]].self, forKey: .replace)
        split = try container.decodeIfPresent(String.self, forKey: .split)
        value = try container.decodeIfPresent(String.self, forKey: .value)
        `default` = try container.decodeIfPresent(String.self, forKey: .default)
        format = try container.decodeIfPresent(String.self, forKey: .format)
        url = try container.decodeIfPresent(Bool.self, forKey: .url)
        lower = try container.decodeIfPresent(Bool.self, forKey: .lower)
        upper = try container.decodeIfPresent(Bool.self, forKey: .upper)
        utc = try container.decodeIfPresent(Bool.self, forKey: .utc)
        unit = try container.decodeIfPresent(String.self, forKey: .unit)
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case select, xpath, path, attr, all, lines, verbatim, regex, group, replace, split, value, `default`, format, url, lower, upper, utc, unit
        case stringValue = "string_value"
    }

    static var nestedKeys: [CodingKeys: DefinitionSchema] {
        [.replace: .list(.list(.scalar)), .select: .scalarOrList, .xpath: .scalarOrList, .path: .scalarOrList, .attr: .scalarOrList]
    }
    static var acceptsScalar: Bool { true }
}

/// Timeline rules for a source.
public struct RulesSpec: Codable, Sendable, DefinitionKeys {
    /// Whether a clock time earlier than the one before it means the next day (default true).
    public var rollover: Bool?
    /// Whether a first clock time later than the second belongs to the evening before (default true).
    public var leadingPreviousDay: Bool?
    /// Local time at which the broadcast day starts (`06:00`): earlier times belong to the next day.
    public var dayStartsAt: String?
    /// `next-start` (default) or `none`.
    public var stop: String?
    /// Minutes given to a last item without an end.
    public var defaultDuration: Int?
    /// `page` (default) keeps page order; `start` orders a page's programmes by their start.
    public var order: String?
    /// The last programme's stop: `next-day` (the next day's first start, when that day is fetched), `day-end` (the end of the broadcast day), `default-duration`, or `none`.
    public var lastStop: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case rollover, stop, order
        case lastStop = "last_stop"
        case leadingPreviousDay = "leading_previous_day"
        case dayStartsAt = "day_starts_at"
        case defaultDuration = "default_duration"
    }
}

/// The sanity floor: a scrape below `fraction` of the usual count, or below `minimum`, is treated as broken.
public struct SanitySpec: Codable, Sendable, DefinitionKeys {
    /// The share of the usual item count below which a scrape is broken, 0 to 1 (default 0.5).
    public var fraction: Double?
    /// The item count below which a scrape is broken (default 1).
    public var minimum: Int?

    enum CodingKeys: String, CodingKey, CaseIterable { case fraction, minimum }
}

/// Politeness overrides for one source.
public struct FetchSpec: Codable, Sendable, DefinitionKeys {
    /// Seconds between request starts to the source's host (0 to 3600).
    public var delay: Double?
    /// Requests in flight to the source's host at a time (1 to 16).
    public var concurrency: Int?
    /// Seconds a whole transfer may take (1 to 600).
    public var timeout: Double?
    /// The largest body accepted, in bytes after decompression.
    public var maxBodyBytes: Int?
    /// Whether robots.txt is fetched and obeyed.
    public var robots: Bool?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case delay, concurrency, timeout, robots
        case maxBodyBytes = "max_body_bytes"
    }
}

/// One login or token request made before a source's listings; values read from its answer fill `{session.NAME}`
/// in the later steps and in the listing and detail requests (a token in the URL, a bearer header, the cookies it
/// sets, the listing's own URL found by a lookup).
public struct SessionSpec: Codable, Sendable, DefinitionKeys {
    /// The URL (takes `{date…}` and `{time…}` placeholders for the first day asked for, and earlier steps' values).
    public var url: String
    /// The HTTP method; GET, or POST when there is a form or body.
    public var method: String?
    /// Form fields sent url-encoded in the body.
    public var form: [String: String]?
    /// A raw body, such as JSON.
    public var body: String?
    /// Extra request headers.
    public var headers: [String: String]?
    /// The values read from the answer, by name: a JSONPath into its JSON (`$.jwt`), `cookies` (every cookie it
    /// sets, as a Cookie header writes them), `cookie:NAME` or `header:NAME`.
    public var values: [String: String]

    enum CodingKeys: String, CodingKey, CaseIterable { case url, method, form, body, headers, values }

    static var nestedKeys: [CodingKeys: DefinitionSchema] { [.form: .dictionary(.scalar), .headers: .dictionary(.scalar), .values: .dictionary(.scalar)] }
}
