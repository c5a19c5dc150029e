import CarteleraOutput

extension DataSetG {
    /// The programme as one line of the reference's `programmes.jsonl`, without the newline.
    ///
    /// Keys in the reference's order; text as Python's `json.dumps(ensure_ascii=False, separators=(",", ":"))`
    /// writes it; numbers in their shortest round-trip form, as Python's `repr`.
    public static func jsonLine(_ programme: Programme) -> String {
        var line = "{\"id\":\(programme.id),\"channel\":" + jsonString(programme.channel)
        line += ",\"start\":\(programme.start),\"stop\":\(programme.stop),\"title\":" + jsonString(programme.title)
        line += ",\"type\":" + jsonString(programme.type) + ",\"genres\":" + jsonArray(programme.genres)
        line += ",\"year\":" + (programme.year.map(String.init) ?? "null") + ",\"rating\":\(programme.rating)}"
        return line
    }

    /// The venue as one line of the reference's `venues.jsonl`, without the newline.
    public static func jsonLine(_ venue: Venue) -> String {
        var line = "{\"id\":\(venue.id),\"name\":" + jsonString(venue.name)
        line += ",\"lat\":\(venue.latitude),\"lon\":\(venue.longitude),\"music\":" + jsonArray(venue.music)
        line += ",\"free_entry\":\(venue.freeEntry),\"rating\":\(venue.rating)}"
        return line
    }

    private static func jsonArray(_ texts: [String]) -> String {
        "[" + texts.map(jsonString).joined(separator: ",") + "]"
    }

    /// A JSON string as Python writes it without ASCII escaping, which is what `JSONEncoder` escapes too.
    static func jsonString(_ text: String) -> String {
        "\"" + PublishedText.jsonEscaped(text) + "\""
    }
}
