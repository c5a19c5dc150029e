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
        out += Array("  <channel id=\"".utf8)
        PublishedText.xml(channel.id.rawValue, into: &out)
        out += Array("\">\n".utf8)
        element("display-name", channel.name, lang: channel.language ?? language, indent: 4, into: &out)
        if let logo = PublishedText.webURL(channel.logo) {
            out += Array("    <icon src=\"".utf8)
            PublishedText.xml(logo, into: &out)
            out += Array("\"/>\n".utf8)
        }
        if let website = PublishedText.webURL(channel.website) { element("url", website, indent: 4, into: &out) }
        out += Array("  </channel>\n".utf8)
    }

    /// A `<programme>` with everything the store knows of it.
    func programme(_ programme: Programme, into out: inout [UInt8]) {
        let zone = zones.converter(programme.timeZone)
        out += Array("  <programme start=\"".utf8)
        time(programme.start, zone: zone, into: &out)
        if let stop = programme.stop {
            out += Array("\" stop=\"".utf8)
            time(stop, zone: zone, into: &out)
        }
        out += Array("\" channel=\"".utf8)
        PublishedText.xml(programme.channel.rawValue, into: &out)
        out += Array("\">\n".utf8)
        let lang = programme.language ?? language
        element("title", programme.title, lang: lang, indent: 4, into: &out)
        if let subtitle = programme.subtitle { element("sub-title", subtitle, lang: lang, indent: 4, into: &out) }
        if let description = programme.description { element("desc", description, lang: lang, indent: 4, into: &out) }
        if !programme.directors.isEmpty || !programme.actors.isEmpty || !programme.guests.isEmpty {
            out += Array("    <credits>\n".utf8)
            for name in programme.directors { element("director", name, indent: 6, into: &out) }
            for name in programme.actors { element("actor", name, indent: 6, into: &out) }
            for name in programme.guests { element("guest", name, indent: 6, into: &out) }
            out += Array("    </credits>\n".utf8)
        }
        if let year = programme.year { element("date", String(year), indent: 4, into: &out) }
        for category in programme.categories { element("category", category, lang: lang, indent: 4, into: &out) }
        if let language = programme.language { element("language", language, indent: 4, into: &out) }
        if let image = PublishedText.webURL(programme.image) {
            out += Array("    <icon src=\"".utf8)
            PublishedText.xml(image, into: &out)
            out += Array("\"/>\n".utf8)
        }
        if let url = PublishedText.webURL(programme.url) { element("url", url, indent: 4, into: &out) }
        if let country = programme.country { element("country", country, indent: 4, into: &out) }
        if programme.season != nil || programme.episode != nil {
            // xmltv_ns counts from zero: season 2, episode 5 is "1.4.".
            let season = programme.season.map { String(max($0, 1) - 1) } ?? ""
            let episode = programme.episode.map { String(max($0, 1) - 1) } ?? ""
            element("episode-num", "\(season).\(episode).", attributes: [("system", "xmltv_ns")], indent: 4, into: &out)
            let onscreen = (programme.season.map { "T\($0) " } ?? "") + (programme.episode.map { "E\($0)" } ?? "")
            element("episode-num", onscreen.trimmingCharacters(in: .whitespaces), attributes: [("system", "onscreen")], indent: 4, into: &out)
        }
        if let rating = programme.rating {
            out += Array("    <rating".utf8)
            if let system = rating.system {
                out += Array(" system=\"".utf8)
                PublishedText.xml(system, into: &out)
                out += Array("\"".utf8)
            }
            out += Array(">\n".utf8)
            element("value", rating.value, indent: 6, into: &out)
            out += Array("    </rating>\n".utf8)
        }
        if let score = programme.score, score.isFinite, (0...10).contains(score) {
            out += Array("    <star-rating>\n".utf8)
            element("value", "\(Self.decimal(score))/10", indent: 6, into: &out)
            out += Array("    </star-rating>\n".utf8)
        }
        out += Array("  </programme>\n".utf8)
    }

    /// The closing `</tv>`.
    func end(into out: inout [UInt8]) {
        out += Array("</tv>\n".utf8)
    }

    /// `YYYYMMDDhhmmss ±hhmm` in `zone` (UTC when the zone is unknown).
    private func time(_ instant: Timestamp, zone: ZoneConverter?, into out: inout [UInt8]) {
        let offset = zone?.offset(at: instant) ?? 0
        let local = instant.adding(seconds: Int64(offset))
        let (year, month, day) = local.utcDay.components
        let second = local.utcSecondOfDay
        for (value, width) in [(year, 4), (month, 2), (day, 2), (second / 3600, 2), (second / 60 % 60, 2), (second % 60, 2)] {
            Self.digits(value, width: width, into: &out)
        }
        out.append(UInt8(ascii: " "))
        out.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        let minutes = abs(offset) / 60
        Self.digits(minutes / 60, width: 2, into: &out)
        Self.digits(minutes % 60, width: 2, into: &out)
    }

    private func element(_ name: String, _ text: String, lang: String? = nil, attributes: [(String, String)] = [], indent: Int,
                         into out: inout [UInt8]) {
        out += Array(repeating: UInt8(ascii: " "), count: indent)
        out.append(UInt8(ascii: "<"))
        out += Array(name.utf8)
        if let lang {
            out += Array(" lang=\"".utf8)
            PublishedText.xml(lang, into: &out)
            out.append(UInt8(ascii: "\""))
        }
        for (attribute, value) in attributes {
            out += Array(" \(attribute)=\"".utf8)
            PublishedText.xml(value, into: &out)
            out.append(UInt8(ascii: "\""))
        }
        out.append(UInt8(ascii: ">"))
        PublishedText.xml(text, into: &out)
        out += Array("</\(name)>\n".utf8)
    }

    private static func digits(_ value: Int, width: Int, into out: inout [UInt8]) {
        var text = Array(String(value).utf8)
        if text.count < width { text.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - text.count), at: 0) }
        out += text
    }

    /// A score as the shortest decimal that reads back as itself (7.5, not 7.500000).
    static func decimal(_ value: Double) -> String {
        Int(exactly: value).map(String.init) ?? String(value)
    }
}

/// Zone converters by identifier, made once each: a guide names the same few zones a million times.
final class ZoneCache: @unchecked Sendable {
    private let lock = NSLock()
    private var converters: [String: ZoneConverter?] = [:]

    /// The converter of an IANA zone, nil for one the system does not know.
    func converter(_ identifier: String) -> ZoneConverter? {
        lock.lock()
        defer { lock.unlock() }
        if let known = converters[identifier] { return known }
        let made = ZoneConverter(identifier: identifier)
        converters[identifier] = made
        return made
    }
}
