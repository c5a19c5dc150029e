extension QueryParameters {
    /// The parameters by the names the command line gives them without dashes, as feed definitions and the HTTP API's query string use them.
    public static let names = [
        "text", "match", "genre", "music", "year", "type", "channel", "channel-list", "now", "tonight", "day", "from", "to", "next", "window",
        "near", "within", "free", "min-rating", "guest-list-open", "featured", "city", "sort", "limit", "offset",
    ]

    /// Whether `name` is a yes/no parameter (`now`, `free`…) rather than one that takes a value.
    public static func isFlag(_ name: String) -> Bool {
        ["now", "tonight", "free", "guest-list-open", "featured"].contains(name)
    }

    /// Sets the parameter `name` (a name of `names`) to `values`: lists take every value, the others exactly one,
    /// flags `true`/`false` (an empty value is `true`, as `?free` in a query string); throws naming the parameter.
    public mutating func set(_ name: String, to values: [String]) throws(QueryError) {
        func single() throws(QueryError) -> String {
            guard values.count == 1, let value = values.first else {
                throw QueryError(parameter: name, value: values.joined(separator: ","), message: "give it once")
            }
            return value
        }
        func flag() throws(QueryError) -> Bool {
            switch try single() {
            case "", "true", "1", "yes": return true
            case "false", "0", "no": return false
            case let other: throw QueryError(parameter: name, value: other, message: "use true or false")
            }
        }
        switch name {
        case "text": text = try single()
        case "match": match = try single()
        case "genre": genres += values
        case "music": music += values
        case "year": year = try single()
        case "type": types += values
        case "channel": channels += values
        case "channel-list": channelList = try single()
        case "now": now = try flag()
        case "tonight": tonight = try flag()
        case "day": day = try single()
        case "from": from = try single()
        case "to": to = try single()
        case "next": next = try single()
        case "window": window = try single()
        case "near": near = try single()
        case "within": within = try single()
        case "free": free = try flag()
        case "min-rating": minimumRating = try single()
        case "guest-list-open": guestListOpen = try flag()
        case "featured": featured = try flag()
        case "city": city = try single()
        case "sort": sort = try single()
        case "limit": limit = try single()
        case "offset": offset = try single()
        default:
            throw QueryError(parameter: name, value: values.joined(separator: ","),
                             message: "unknown parameter (use the flags of `cartelera query` without their dashes: \(Self.names.joined(separator: ", ")))")
        }
    }
}
