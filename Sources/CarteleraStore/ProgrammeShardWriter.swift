import CarteleraModel
import Foundation

/// Writes a programme shard's JSON by hand, byte for byte what `JSONEncoder` with sorted keys writes, ten times faster.
///
/// Programme shards are most of a large store (a million programmes in data set G): Foundation's encoder spends
/// 30 s on them, this 3. `ProgrammeShardWriterTests` holds both to the same bytes over hostile titles and every field.
enum ProgrammeShardWriter {
    /// The shard file `{"channel":…,"day":…,"items":[…],"kind":"programmes","schemaVersion":…}` and a newline.
    static func bytes(_ programmes: [Programme], day: Day, channel: ChannelID, schemaVersion: Int) -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(programmes.count * 400 + 128)
        out += Array(#"{"channel":"#.utf8)
        string(channel.rawValue, into: &out)
        out += Array(#","day":"#.utf8)
        string(day.description, into: &out)
        out += Array(#","items":["#.utf8)
        for (index, programme) in programmes.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            item(programme, into: &out)
        }
        out += Array(#"],"kind":"programmes","schemaVersion":"#.utf8)
        out += Array(String(schemaVersion).utf8)
        out += Array("}\n".utf8)
        return Data(out)
    }

    /// One programme's object, keys in sorted order, absent optionals left out as the synthesized encoder does.
    static func item(_ p: Programme, into out: inout [UInt8]) {
        var first = true
        // Keys are plain ASCII, written as literals: no escaping to look for a million times over.
        func key(_ name: StaticString) {
            out.append(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
            first = false
            out.append(UInt8(ascii: "\""))
            name.withUTF8Buffer { out.append(contentsOf: $0) }
            out.append(UInt8(ascii: "\""))
            out.append(UInt8(ascii: ":"))
        }
        key("actors"); strings(p.actors, into: &out)
        key("categories"); strings(p.categories, into: &out)
        key("channel"); string(p.channel.rawValue, into: &out)
        if let country = p.country { key("country"); string(country, into: &out) }
        if let description = p.description { key("description"); string(description, into: &out) }
        key("directors"); strings(p.directors, into: &out)
        if let episode = p.episode { key("episode"); CanonicalJSON.append(integer: episode, to: &out) }
        if let externalID = p.externalID { key("externalID"); string(externalID, into: &out) }
        if let extras = p.extras {
            key("extras")
            let lists = [("adapters", extras.adapters), ("commentators", extras.commentators), ("composers", extras.composers), ("editors", extras.editors),
                         ("images", extras.images), ("keywords", extras.keywords), ("presenters", extras.presenters), ("producers", extras.producers),
                         ("writers", extras.writers)]
            for (index, (name, values)) in lists.enumerated() {
                out.append(UInt8(ascii: index == 0 ? "{" : ","))
                string(name, into: &out)
                out.append(UInt8(ascii: ":"))
                strings(values, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
        key("genres")
        out.append(UInt8(ascii: "["))
        for (index, genre) in p.genres.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            string(genre.rawValue, into: &out)
        }
        out.append(UInt8(ascii: "]"))
        key("guests"); strings(p.guests, into: &out)
        key("id"); string(p.id.rawValue, into: &out)
        if let image = p.image { key("image"); string(image, into: &out) }
        if let language = p.language { key("language"); string(language, into: &out) }
        key("provenance")
        out.append(UInt8(ascii: "["))
        for (index, provenance) in p.provenance.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: #"{"source":"#.utf8)
            string(provenance.source.rawValue, into: &out)
            if let url = provenance.url {
                out.append(contentsOf: #","url":"#.utf8)
                string(url, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        if let rating = p.rating {
            key("rating")
            out.append(UInt8(ascii: "{"))
            if let system = rating.system {
                out.append(contentsOf: #""system":"#.utf8)
                string(system, into: &out)
                out.append(UInt8(ascii: ","))
            }
            out.append(contentsOf: #""value":"#.utf8)
            string(rating.value, into: &out)
            out.append(UInt8(ascii: "}"))
        }
        if let score = p.score { key("score"); number(score, into: &out) }
        if let season = p.season { key("season"); CanonicalJSON.append(integer: season, to: &out) }
        key("start"); CanonicalJSON.append(instant: p.start, to: &out)
        if let stop = p.stop { key("stop"); CanonicalJSON.append(instant: stop, to: &out) }
        if let subtitle = p.subtitle { key("subtitle"); string(subtitle, into: &out) }
        key("timeZone"); string(p.timeZone, into: &out)
        key("title"); string(p.title, into: &out)
        if let type = p.type { key("type"); string(type.rawValue, into: &out) }
        if let url = p.url { key("url"); string(url, into: &out) }
        if let year = p.year { key("year"); CanonicalJSON.append(integer: year, to: &out) }
        out.append(UInt8(ascii: "}"))
    }

    private static func strings(_ values: [String], into out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            string(value, into: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    static func string(_ text: String, into out: inout [UInt8]) { CanonicalJSON.append(string: text, to: &out) }

    static func number(_ value: Double, into out: inout [UInt8]) { CanonicalJSON.append(number: value, to: &out) }
}

/// A programme as the store writes it: the same object, byte for byte, as an item of its shard, for outputs that publish the store's own shape.
public enum ProgrammeJSON {
    /// Appends the programme's JSON object (sorted keys, absent fields left out).
    public static func append(_ programme: Programme, to out: inout [UInt8]) {
        ProgrammeShardWriter.item(programme, into: &out)
    }

    /// Appends a JSON string literal, escaped as Foundation's encoder escapes it.
    public static func append(string text: String, to out: inout [UInt8]) {
        CanonicalJSON.append(string: text, to: &out)
    }
}
