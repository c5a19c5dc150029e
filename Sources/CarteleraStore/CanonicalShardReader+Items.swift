import CarteleraModel

/// The items of the smaller shards, each read from the keys `JSONEncoder` writes for it, in sorted order.
extension CanonicalShardReader {
    /// `{"entries":[…],"shares":[…]}`.
    static func audienceDay(_ reader: inout CanonicalJSONReader) throws(CanonicalRefusal) -> AudienceDay {
        try reader.expect(#"{"entries":"#)
        let entries = try reader.list(audienceEntry)
        try reader.expect(#","shares":"#)
        let shares = try reader.list(channelShare)
        try reader.expect("}")
        return AudienceDay(entries: entries, shares: shares)
    }

    /// `{"guestLists":[…],"nights":[…]}`.
    static func nightsDay(_ reader: inout CanonicalJSONReader) throws(CanonicalRefusal) -> NightsDay {
        try reader.expect(#"{"guestLists":"#)
        let guestLists = try reader.list(guestList)
        try reader.expect(#","nights":"#)
        let nights = try reader.list(night)
        try reader.expect("}")
        return NightsDay(nights: nights, guestLists: guestLists)
    }

    static func audienceEntry(_ reader: inout CanonicalJSONReader) throws(CanonicalRefusal) -> AudienceEntry {
        try reader.expect(#"{"channel":"#)
        let channel = ChannelID(rawValue: try reader.string())
        try reader.expect(#","channelName":"#)
        let channelName = try reader.string()
        try reader.expect(#","day":"#)
        let day = try reader.day()
        let durationMinutes = try reader.int(ifKey: #","durationMinutes":"#)
        try reader.expect(#","provenance":"#)
        let provenance = try ProgrammeShardReader.provenance(&reader)
        let rank = try reader.int(ifKey: #","rank":"#)
        let share = try reader.double(ifKey: #","share":"#)
        try reader.expect(#","start":"#)
        let start = try reader.timestamp()
        try reader.expect(#","title":"#)
        let title = try reader.string()
        let viewers = try reader.int(ifKey: #","viewers":"#)
        try reader.expect("}")
        return AudienceEntry(channel: channel, channelName: channelName, title: title, start: start, durationMinutes: durationMinutes, viewers: viewers,
                             share: share, day: day, rank: rank, provenance: provenance)
    }

    static func channelShare(_ reader: inout CanonicalJSONReader) throws(CanonicalRefusal) -> ChannelShare {
        try reader.expect("{")
        let change = try reader.double(ifKey: #""change":"#)
        try reader.expect(change == nil ? #""channel":"# : #","channel":"#)
        let channel = ChannelID(rawValue: try reader.string())
        try reader.expect(#","channelName":"#)
        let channelName = try reader.string()
        try reader.expect(#","day":"#)
        let day = try reader.day()
        try reader.expect(#","provenance":"#)
        let provenance = try ProgrammeShardReader.provenance(&reader)
        try reader.expect(#","share":"#)
        let share = try reader.double()
        try reader.expect("}")
        return ChannelShare(channel: channel, channelName: channelName, day: day, share: share, change: change, provenance: provenance)
    }

    static func newsItem(_ reader: inout CanonicalJSONReader) throws(CanonicalRefusal) -> NewsItem {
        try reader.expect(#"{"day":"#)
        let day = try reader.day()
        let image = try reader.string(ifKey: #","image":"#)
        try reader.expect(#","provenance":"#)
        let provenance = try ProgrammeShardReader.provenance(&reader)
        let published = try reader.timestamp(ifKey: #","published":"#)
        let summary = try reader.string(ifKey: #","summary":"#)
        try reader.expect(#","title":"#)
        let title = try reader.string()
        let url = try reader.string(ifKey: #","url":"#)
        try reader.expect("}")
        return NewsItem(title: title, summary: summary, url: url, image: image, published: published, day: day, provenance: provenance)
    }

    static func guestList(_ reader: inout CanonicalJSONReader) throws(CanonicalRefusal) -> GuestList {
        try reader.expect("{")
        let capacity = try reader.int(ifKey: #""capacity":"#)
        try reader.expect(capacity == nil ? #""conditions":"# : #","conditions":"#)
        let conditions = try reader.strings()
        try reader.expect(#","date":"#)
        let date = try reader.day()
        let deadline = try reader.timestamp(ifKey: #","deadline":"#)
        var declared: GuestList.DeclaredStatus?
        if reader.take(#","declared":"#) { declared = try reader.name(in: StoredNames.declaredStatuses) }
        try reader.expect(#","id":"#)
        let id = try reader.string()
        let night = try reader.string(ifKey: #","night":"#)
        let nightEnds = try reader.timestamp(ifKey: #","nightEnds":"#)
        let placesLeft = try reader.int(ifKey: #","placesLeft":"#)
        try reader.expect(#","provenance":"#)
        let provenance = try reader.list(ProgrammeShardReader.provenance)
        let signUpInstructions = try reader.string(ifKey: #","signUpInstructions":"#)
        let signUpURL = try reader.string(ifKey: #","signUpURL":"#)
        try reader.expect(#","venue":"#)
        let venue = VenueID(rawValue: try reader.string())
        try reader.expect("}")
        var list = GuestList(
            venue: venue, night: night, date: date, declared: declared, conditions: conditions, deadline: deadline, capacity: capacity,
            placesLeft: placesLeft, signUpURL: signUpURL, signUpInstructions: signUpInstructions, nightEnds: nightEnds, provenance: provenance)
        list.id = id
        return list
    }

    static func night(_ reader: inout CanonicalJSONReader) throws(CanonicalRefusal) -> Night {
        try reader.expect("{")
        let closing = try reader.timestamp(ifKey: #""closing":"#)
        try reader.expect(closing == nil ? #""date":"# : #","date":"#)
        let date = try reader.day()
        let doors = try reader.timestamp(ifKey: #","doors":"#)
        let flyer = try reader.string(ifKey: #","flyer":"#)
        var freeEntry: Bool?
        if reader.take(#","freeEntry":"#) { freeEntry = try reader.bool() }
        try reader.expect(#","id":"#)
        let id = try reader.string()
        try reader.expect(#","keywords":"#)
        let keywords = try reader.strings()
        var lastDate: Day?
        if reader.take(#","lastDate":"#) { lastDate = try reader.day() }
        try reader.expect(#","lineup":"#)
        let lineup = try reader.strings()
        try reader.expect(#","musicGenres":"#)
        let musicGenres = try reader.list { reader throws(CanonicalRefusal) in try reader.name(in: StoredNames.musicGenres) }
        try reader.expect(#","musicLabels":"#)
        let musicLabels = try reader.strings()
        let offerCount = try reader.int(ifKey: #","offerCount":"#)
        var otherURLs: [String]?
        if reader.take(#","otherURLs":"#) { otherURLs = try reader.strings() }
        var performers: [Performer]?
        if reader.take(#","performers":"#) { performers = try reader.list(performer) }
        let previousStart = try reader.timestamp(ifKey: #","previousStart":"#)
        let price = try reader.string(ifKey: #","price":"#)
        let priceCurrency = try reader.string(ifKey: #","priceCurrency":"#)
        let priceFrom = try reader.double(ifKey: #","priceFrom":"#)
        let priceTo = try reader.double(ifKey: #","priceTo":"#)
        try reader.expect(#","provenance":"#)
        let provenance = try reader.list(ProgrammeShardReader.provenance)
        var status: NightStatus?
        if reader.take(#","status":"#) { status = try reader.name(in: StoredNames.nightStatuses) }
        let ticketURL = try reader.string(ifKey: #","ticketURL":"#)
        try reader.expect(#","timeZone":"#)
        let timeZone = try reader.string()
        try reader.expect(#","title":"#)
        let title = try reader.string()
        let url = try reader.string(ifKey: #","url":"#)
        try reader.expect(#","venue":"#)
        let venue = VenueID(rawValue: try reader.string())
        try reader.expect("}")
        var night = Night(
            venue: venue, date: date, title: title, doors: doors, closing: closing, timeZone: timeZone, lineup: lineup, musicGenres: musicGenres,
            musicLabels: musicLabels, keywords: keywords, flyer: flyer, price: price, priceFrom: priceFrom, freeEntry: freeEntry, ticketURL: ticketURL,
            url: url, provenance: provenance)
        night.id = id
        night.status = status
        night.previousStart = previousStart
        night.lastDate = lastDate
        night.performers = performers
        night.priceCurrency = priceCurrency
        night.priceTo = priceTo
        night.offerCount = offerCount
        night.otherURLs = otherURLs
        return night
    }

    static func performer(_ reader: inout CanonicalJSONReader) throws(CanonicalRefusal) -> Performer {
        try reader.expect(#"{"name":"#)
        let name = try reader.string()
        let url = try reader.string(ifKey: #","url":"#)
        try reader.expect("}")
        return Performer(name: name, url: url)
    }

    static func promotion(_ reader: inout CanonicalJSONReader) throws(CanonicalRefusal) -> Promotion {
        try reader.expect("{")
        let flyer = try reader.string(ifKey: #""flyer":"#)
        try reader.expect(flyer == nil ? #""id":"# : #","id":"#)
        let id = try reader.string()
        let night = try reader.string(ifKey: #","night":"#)
        try reader.expect(#","paid":"#)
        let paid = try reader.bool()
        try reader.expect(#","provenance":"#)
        let provenance = try reader.list(ProgrammeShardReader.provenance)
        let rank = try reader.int(ifKey: #","rank":"#)
        let sponsor = try reader.string(ifKey: #","sponsor":"#)
        try reader.expect(#","title":"#)
        let title = try reader.string()
        let url = try reader.string(ifKey: #","url":"#)
        let validFrom = try reader.timestamp(ifKey: #","validFrom":"#)
        let validTo = try reader.timestamp(ifKey: #","validTo":"#)
        var venue: VenueID?
        if reader.take(#","venue":"#) { venue = VenueID(rawValue: try reader.string()) }
        try reader.expect("}")
        return Promotion(id: id, venue: venue, night: night, title: title, flyer: flyer, validFrom: validFrom, validTo: validTo, rank: rank, paid: paid,
                         sponsor: sponsor, url: url, provenance: provenance)
    }
}
