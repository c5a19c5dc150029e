import CarteleraModel
import CarteleraOutput
import Foundation

/// Writes XMLTV (the format of `../shared/xmltv/xmltv.dtd`): channels, then programmes, in the order the DTD gives
/// each element's children, times as `YYYYMMDDhhmmss ±hhmm` in the programme's own zone.
///
/// It appends to a byte buffer piece by piece, so a guide of a million programmes is written without holding
/// them all: `begin`, every `channel`, every `programme`, `end`.
struct XMLTVWriter {
    /// The language of text whose programme and channel do not say.
    let language: String
    private let zones = ZoneCache()

    init(language: String) {
        self.language = language
    }

    /// The XML declaration, the DOCTYPE and the opening `<tv>`.
    func begin(into out: inout [UInt8]) {
        out += Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE tv SYSTEM "xmltv.dtd">
            <tv generator-info-name="Cartelera">

            """.utf8)
    }

    /// A `<channel>` with its display name, logo and website.
    func channel(_ channel: Channel, into out: inout [UInt8]) {
        out.append(literal: "  <channel id=\"")
        PublishedText.xml(channel.id.rawValue, into: &out)
        out.append(literal: "\">\n")
        element("display-name", channel.name, lang: channel.language ?? language, indent: 4, into: &out)
        if let logo = PublishedText.webURL(channel.logo) {
            out.append(literal: "    <icon src=\"")
            PublishedText.xml(logo, into: &out)
            out.append(literal: "\"/>\n")
        }
        if let website = PublishedText.webURL(channel.website) { element("url", website, indent: 4, into: &out) }
        out.append(literal: "  </channel>\n")
    }

    /// A `<programme>` with everything the store knows of it.
    func programme(_ programme: Programme, into out: inout [UInt8]) {
        let zone = zones.converter(programme.timeZone)
        out.append(literal: "  <programme start=\"")
        time(programme.start, zone: zone, into: &out)
        if let stop = programme.stop {
            out.append(literal: "\" stop=\"")
            time(stop, zone: zone, into: &out)
        }
        out.append(literal: "\" channel=\"")
        PublishedText.xml(programme.channel.rawValue, into: &out)
        out.append(literal: "\">\n")
        let lang = programme.language ?? language
        element("title", programme.title, lang: lang, indent: 4, into: &out)
        if let subtitle = programme.subtitle { element("sub-title", subtitle, lang: lang, indent: 4, into: &out) }
        if let description = programme.description { element("desc", description, lang: lang, indent: 4, into: &out) }
        if !programme.directors.isEmpty || !programme.actors.isEmpty || !programme.guests.isEmpty {
            out.append(literal: "    <credits>\n")
            for name in programme.directors { element("director", name, indent: 6, into: &out) }
            for name in programme.actors { element("actor", name, indent: 6, into: &out) }
            for name in programme.guests { element("guest", name, indent: 6, into: &out) }
            out.append(literal: "    </credits>\n")
        }
        if let year = programme.year { element("date", String(year), indent: 4, into: &out) }
        for category in programme.categories { element("category", category, lang: lang, indent: 4, into: &out) }
        if let language = programme.language { element("language", language, indent: 4, into: &out) }
        if let image = PublishedText.webURL(programme.image) {
            out.append(literal: "    <icon src=\"")
            PublishedText.xml(image, into: &out)
            out.append(literal: "\"/>\n")
        }
        if let url = PublishedText.webURL(programme.url) { element("url", url, indent: 4, into: &out) }
        if let country = programme.country { element("country", country, indent: 4, into: &out) }
        if programme.season != nil || programme.episode != nil {
            // xmltv_ns counts from zero: season 2, episode 5 is "1.4.".
            let season = programme.season.map { String(max($0, 1) - 1) } ?? ""
            let episode = programme.episode.map { String(max($0, 1) - 1) } ?? ""
            element("episode-num", "\(season).\(episode).", attribute: ("system", "xmltv_ns"), indent: 4, into: &out)
            let onscreen = (programme.season.map { "T\($0) " } ?? "") + (programme.episode.map { "E\($0)" } ?? "")
            element("episode-num", onscreen.trimmingCharacters(in: .whitespaces), attribute: ("system", "onscreen"), indent: 4, into: &out)
        }
        if let rating = programme.rating {
            out.append(literal: "    <rating")
            if let system = rating.system {
                out.append(literal: " system=\"")
                PublishedText.xml(system, into: &out)
                out.append(literal: "\"")
            }
            out.append(literal: ">\n")
            element("value", rating.value, indent: 6, into: &out)
            out.append(literal: "    </rating>\n")
        }
        if let score = programme.score, score.isFinite, (0...10).contains(score) {
            out.append(literal: "    <star-rating>\n")
            element("value", "\(Self.decimal(score))/10", indent: 6, into: &out)
            out.append(literal: "    </star-rating>\n")
        }
        out.append(literal: "  </programme>\n")
    }

    /// The closing `</tv>`.
    func end(into out: inout [UInt8]) {
        out.append(literal: "</tv>\n")
    }

    /// `YYYYMMDDhhmmss ±hhmm` in `zone` (UTC when the zone is unknown).
    private func time(_ instant: Timestamp, zone: ZoneConverter?, into out: inout [UInt8]) {
        let offset = zone?.offset(at: instant) ?? 0
        let local = instant.adding(seconds: Int64(offset))
        let (year, month, day) = local.utcDay.components
        let second = local.utcSecondOfDay
        Self.digits(year, width: 4, into: &out)
        Self.digits(month, width: 2, into: &out)
        Self.digits(day, width: 2, into: &out)
        Self.digits(second / 3600, width: 2, into: &out)
        Self.digits(second / 60 % 60, width: 2, into: &out)
        Self.digits(second % 60, width: 2, into: &out)
        out.append(UInt8(ascii: " "))
        out.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        let minutes = abs(offset) / 60
        Self.digits(minutes / 60, width: 2, into: &out)
        Self.digits(minutes % 60, width: 2, into: &out)
    }

    /// `<name lang="…" attribute="…">text</name>` on its own line, indented.
    private func element(_ name: StaticString, _ text: String, lang: String? = nil, attribute: (StaticString, String)? = nil, indent: Int,
                         into out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
        out.append(UInt8(ascii: "<"))
        out.append(literal: name)
        if let lang {
            out.append(literal: " lang=\"")
            PublishedText.xml(lang, into: &out)
            out.append(UInt8(ascii: "\""))
        }
        if let (attribute, value) = attribute {
            out.append(UInt8(ascii: " "))
            out.append(literal: attribute)
            out.append(literal: "=\"")
            PublishedText.xml(value, into: &out)
            out.append(UInt8(ascii: "\""))
        }
        out.append(UInt8(ascii: ">"))
        PublishedText.xml(text, into: &out)
        out.append(literal: "</")
        out.append(literal: name)
        out.append(literal: ">\n")
    }

    /// `value` in decimal, zeros in front up to `width` digits, as `String(value)` padded would read.
    private static func digits(_ value: Int, width: Int, into out: inout [UInt8]) {
        guard value >= 0 else {
            var text = Array(String(value).utf8)
            if text.count < width { text.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - text.count), at: 0) }
            out += text
            return
        }
        var count = 1
        var scale = 10
        while value >= scale, count < 19 {
            count += 1
            scale *= 10
        }
        out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(width, count)))
        var rest = value
        var index = out.count - 1
        while rest > 0 {
            out[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            index -= 1
        }
    }

    /// A score as the shortest decimal that reads back as itself (7.5, not 7.500000).
    static func decimal(_ value: Double) -> String {
        Int(exactly: value).map(String.init) ?? String(value)
    }
}

extension [UInt8] {
    /// Appends a literal's UTF-8 bytes, without making an array of them first.
    mutating func append(literal: StaticString) {
        literal.withUTF8Buffer { append(contentsOf: $0) }
    }
}

/// Zone converters by identifier, made once each: a guide names the same few zones a million times.
final class ZoneCache: @unchecked Sendable {
    private let lock = NSLock()
    private var converters: [String: ZoneConverter?] = [:]
    /// The zone asked for last: a guide's programmes come channel by channel, each channel in one zone.
    private var last: (identifier: String, converter: ZoneConverter?)?

    /// The converter of an IANA zone, nil for one the system does not know.
    func converter(_ identifier: String) -> ZoneConverter? {
        lock.lock()
        defer { lock.unlock() }
        if let last, last.identifier == identifier { return last.converter }
        let converter: ZoneConverter?
        if let known = converters[identifier] {
            converter = known
        } else {
            converter = ZoneConverter(identifier: identifier)
            converters[identifier] = converter
        }
        last = (identifier, converter)
        return converter
    }
}
