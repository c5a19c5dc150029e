@testable import CarteleraStore
import CarteleraModel
import Foundation
import Testing

/// The canonical reader reads a shard exactly as `JSONDecoder` does, or refuses it and leaves it to `JSONDecoder`.
@Suite struct CanonicalShardReaderTests {
    /// The store-shard fuzzer's seeds: a shard of every kind as the demo stores them, some pretty-printed, some canonical.
    static let seeds: [(key: ShardKey, data: Data, name: String)] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz/Seeds/fuzz-store-shards").standardized
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { name in
            guard let bytes = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path),
                  let newline = bytes.firstIndex(of: UInt8(ascii: "\n")),
                  let key = ShardKey(relativePath: String(decoding: bytes[..<newline], as: UTF8.self)) else { return nil }
            return (key, Data(bytes[(newline + 1)...]), name)
        }
    }()

    /// Programmes with every field, present and absent, and text that needs every kind of escape.
    static func programmes() -> [Programme] {
        let day = Day("2026-11-22")!
        let titles = ["Telediario", "Cine: \"Mar adentro\"", "Back\\slash/and/slash", "Tab\there\nnew\rline", "\u{00}\u{01}\u{08}\u{0C}\u{1F}\u{7F}",
                      "Ñandú 🐦 ☃︎ \u{2028}", "", "<script>alert(1)</script>", "Ciencia ficción: más allá"]
        return titles.enumerated().map { index, title in
            let begin = day.startUTC.adding(seconds: Int64(index * 1800))
            return Programme(
                channel: "La1.es", start: begin, stop: index % 3 == 0 ? nil : begin.adding(seconds: 1800), timeZone: "Europe/Madrid", title: title,
                subtitle: index % 2 == 0 ? "Episodio \(index)" : nil, description: index == 1 ? "Línea 1\nLínea 2 \"citada\"" : nil,
                categories: index == 2 ? [] : ["Cine", "Ciencia ficción"], genres: index == 3 ? [] : [.drama, .scienceFiction, .talkShow],
                type: index % 4 == 0 ? nil : ProgrammeType.allCases[index % ProgrammeType.allCases.count], year: index % 2 == 0 ? 2004 : nil,
                season: index == 5 ? 3 : nil, episode: index == 5 ? 12 : (index == 6 ? -1 : nil),
                image: index == 4 ? "https://img.example/a b.jpg" : nil, url: "https://tv.example/p/\(index)", directors: ["A. Amenábar"],
                actors: index == 6 ? [] : ["J. Bardem", "B. Rueda"], guests: index == 7 ? [title] : [],
                rating: index == 7 ? Rating(system: nil, value: "+12") : (index == 8 ? nil : Rating(system: "ES", value: "TP")),
                score: [nil, 7.3, 10.0, 0.1 + 0.2, 1e-7, 9.999999, 0.0, 5.5, 1e22][index], country: index == 1 ? "ES" : nil,
                language: index == 2 ? "es" : nil, provenance: index == 8 ? [] : [Provenance(source: "a.example", url: "https://a.example/x?y=1&z=2"), Provenance(source: "b.example")],
                externalID: index == 3 ? "12345" : nil,
                extras: index % 3 == 1 ? ProgrammeExtras(writers: ["R. Azcona"], producers: index == 4 ? [title] : [], images: ["https://img.example/b.jpg"],
                                                         keywords: index == 7 ? [] : ["cine", "\"clásico\""]) : nil)
        }
    }

    @Test func programmesWithEveryFieldAndHostileTextReadBackAsWrittenAndAsJSONDecoderReadsThem() throws {
        let programmes = Self.programmes()
        let key = ShardKey.programmes(day: Day("2026-11-22")!, channel: "La1.es")
        let data = try ShardCodec.encode(.programmes(programmes), for: key)
        let canonical = try #require(CanonicalShardReader.content(data, for: key))
        #expect(canonical == .programmes(programmes.sorted { $0.start < $1.start }))
        #expect(canonical == (try ShardCodec.decodeWithFoundation(data, for: key)))
    }

    @Test func theChannelListReadsAsJSONDecoderReadsIt() throws {
        let channels = [Channel(id: "La1.es", name: "La 1", logo: "https://x.example/l.png", website: "https://rtve.es", language: "es", sources: ["a.example", "b.example"]),
                        Channel(id: "Ñ\"tv", name: "<b>\u{2028}", sources: [])]
        let data = try ShardCodec.encode(.channels(channels), for: .channels)
        let canonical = try #require(CanonicalShardReader.content(data, for: .channels))
        #expect(canonical == (try ShardCodec.decodeWithFoundation(data, for: .channels)))
        #expect(canonical == .channels(channels.sorted { $0.id < $1.id }))
    }

    @Test func venuesWithEveryFieldReadAsJSONDecoderReadsThem() throws {
        let hostile = "<b>\"Sala\"</b>\\\u{01}\n\u{2028} Ñ 🐦"
        var full = Venue(
            id: VenueID("madrid/sala-el-sol"), name: hostile, address: "Calle 3", city: "Madrid", location: GeoPoint(latitude: 40.41953, longitude: -3.7022),
            musicGenres: [.indie, .rock], musicLabels: ["Indie rock", hostile], keywords: ["concierto"], priceRange: "10–15 €", freeEntry: false, rating: 4.4,
            ratingCount: 812, openingHours: ["Ju–Sá 23:30–06:00"], images: ["https://img.example/a.jpg"], website: "https://sol.example/", phone: "+34 910 000 000",
            provenance: [Provenance(source: "a.example", url: "https://a.example/x"), Provenance(source: "b.example")],
            notSeenSince: Day("2026-11-20")!.startUTC, externalID: "42")
        full.country = "ES"
        full.region = "Comunidad de Madrid"
        let bare = Venue(id: VenueID("madrid/bare"), name: "Bare", city: "Madrid", provenance: [])
        let free = Venue(id: VenueID("madrid/free"), name: "Free", city: "Madrid", location: GeoPoint(latitude: -90, longitude: 180), freeEntry: true,
                         rating: 5, provenance: [])
        let key = ShardKey.venues(city: "madrid")
        let data = try ShardCodec.encode(.venues([full, bare, free]), for: key)
        let canonical = try #require(CanonicalShardReader.content(data, for: key))
        #expect(canonical == (try ShardCodec.decodeWithFoundation(data, for: key)))
        #expect(canonical == .venues([full, bare, free].sorted { $0.id < $1.id }))
        // A point off the globe is JSONDecoder's to refuse, with its message.
        let offGlobe = Data(String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"latitude\":-90", with: "\"latitude\":-91").utf8)
        #expect(CanonicalShardReader.content(offGlobe, for: key) == nil)
        #expect(throws: StoreError.self) { try ShardCodec.decode(offGlobe, for: key) }
    }

    @Test func nightsPromotionsAudiencesAndNewsWithEveryFieldReadAsJSONDecoderReadsThem() throws {
        let day = Day("2026-11-20")!
        let at = day.startUTC.adding(seconds: 22 * 3600)
        let hostile = "\"<i>\"\\\u{01}\n\u{2028} Ñ 🐦"
        let source = [Provenance(source: "a.example", url: "https://a.example/x"), Provenance(source: "b.example")]
        var full = Night(venue: VenueID("madrid/sol"), date: day, title: hostile, doors: at, closing: at.adding(seconds: 6 * 3600), timeZone: "Europe/Madrid",
                         lineup: ["DJ Uno", hostile], musicGenres: [.indie, .techno], musicLabels: ["Indie"], keywords: ["fiesta"], flyer: "https://f.example/a.jpg",
                         price: "10 €", priceFrom: 10, freeEntry: false, ticketURL: "https://t.example/", url: "https://n.example/", provenance: source)
        full.status = .movedOnline
        full.previousStart = at.adding(seconds: -86_400)
        full.lastDate = day.advanced(by: 2)
        full.performers = [Performer(name: "Uno", url: "https://uno.example/"), Performer(name: hostile)]
        full.priceCurrency = "EUR"
        full.priceTo = 25.5
        full.offerCount = 3
        full.otherURLs = ["https://o.example/"]
        let bare = Night(venue: VenueID("madrid/sol"), date: day, title: "Bare", timeZone: "UTC", provenance: [])
        let list = GuestList(venue: VenueID("madrid/sol"), night: full.id, date: day, declared: .full, conditions: [hostile], deadline: at, capacity: 100,
                             placesLeft: 0, signUpURL: "https://s.example/", signUpInstructions: hostile, nightEnds: at.adding(seconds: 3600), provenance: source)
        let venueList = GuestList(venue: VenueID("madrid/sol"), night: nil, date: day, declared: nil, provenance: [])
        let promotions = [
            Promotion(id: "p1", venue: VenueID("madrid/sol"), night: full.id, title: hostile, flyer: "https://f.example/p.jpg", validFrom: at, validTo: at.adding(seconds: 60),
                      rank: 1, paid: true, sponsor: hostile, url: "https://p.example/", provenance: source),
            Promotion(id: "p2", venue: nil, night: nil, title: "Bare", paid: false, provenance: []),
        ]
        let audiences = AudienceDay(
            entries: [AudienceEntry(channel: "La1.es", channelName: hostile, title: hostile, start: at, durationMinutes: 50, viewers: 2_100_000, share: 14.2,
                                    day: day, rank: 1, provenance: source[0]),
                      AudienceEntry(channel: "La2.es", channelName: "La 2", title: "T", start: at, durationMinutes: nil, viewers: nil, share: nil, day: day,
                                    rank: nil, provenance: source[1])],
            shares: [ChannelShare(channel: "La1.es", channelName: "La 1", day: day, share: 9.8, change: -0.3, provenance: source[0]),
                     ChannelShare(channel: "La2.es", channelName: hostile, day: day, share: 0, change: nil, provenance: source[1])])
        let news = [NewsItem(title: hostile, summary: hostile, url: "https://n.example/1", image: "https://n.example/1.jpg", published: at, day: day, provenance: source[0]),
                    NewsItem(title: "Bare", summary: nil, url: nil, image: nil, published: nil, day: day, provenance: source[1])]
        let shards: [(ShardKey, ShardContent)] = [
            (.nights(day: day), .nights(NightsDay(nights: [full, bare], guestLists: [list, venueList]))), (.promotions, .promotions(promotions)),
            (.audiences(day: day), .audiences(audiences)), (.news(day: day), .news(news)),
        ]
        for (key, content) in shards {
            let data = try ShardCodec.encode(content, for: key)
            let canonical = try #require(CanonicalShardReader.content(data, for: key), "\(key)")
            #expect(canonical == (try ShardCodec.decodeWithFoundation(data, for: key)), "\(key)")
            #expect(canonical == content.sorted(), "\(key)")
        }
    }

    @Test func everySeedShardReadsTheSameBothWaysAndTheCanonicalOnesSkipJSONDecoder() throws {
        #expect(Self.seeds.count >= 10)
        for seed in Self.seeds {
            let foundation = try ShardCodec.decodeWithFoundation(seed.data, for: seed.key)
            #expect(try ShardCodec.decode(seed.data, for: seed.key) == foundation, "\(seed.name)")
            let canonical = CanonicalShardReader.content(seed.data, for: seed.key)
            if seed.name.contains("canonical") || seed.name.contains("every-field") {
                #expect(canonical == foundation, "\(seed.name)")
            } else {
                // The pretty-printed seeds are not in the canonical form: the reader leaves them to JSONDecoder.
                #expect(canonical == nil, "\(seed.name)")
            }
        }
    }

    @Test func everyShardOfAStoreOfTheSeedsReadsToIdenticalValuesBothWays() throws {
        try withTemporaryFolder { root in
            var shards: [ShardKey: ShardContent] = [:]
            for seed in Self.seeds { shards[seed.key] = try ShardCodec.decodeWithFoundation(seed.data, for: seed.key) }
            let store = try FileStore(root: root)
            let lock = try store.lock(at: Sample.time(6))
            _ = try store.commit(shards, at: Sample.time(16), lock: lock)
            lock.release()
            let written = shards.filter { !$0.value.isEmpty }
            #expect(Set(written.keys.map(\.kind)).count == 7)
            let comparison = try store.snapshot().compareReaders()
            #expect(comparison.shards == written.count)
            #expect(comparison.items == written.values.reduce(0) { $0 + $1.itemCount })
            #expect(comparison.refused.isEmpty)
            #expect(comparison.differing.isEmpty)
            #expect(comparison.allIdentical)
            // A shard in another form than the canonical one (a hand edit) is named as refused, though JSONDecoder reads it.
            let (key, content) = try #require(written.first { if case .programmes = $0.key { true } else { false } })
            let spaced = String(decoding: try ShardCodec.encode(content, for: key), as: UTF8.self).replacingOccurrences(of: ",\"", with: ", \"")
            try Data(spaced.utf8).write(to: URL(fileURLWithPath: root + "/" + key.relativePath))
            let edited = try FileStore(root: root, creating: false).compareReaders()
            #expect(edited.refused == [key.relativePath])
            #expect(!edited.allIdentical)
        }
    }

    @Test func validJSONInAnotherFormIsLeftToJSONDecoderWhichStillReadsIt() throws {
        let key = ShardKey.programmes(day: Day("2026-11-22")!, channel: "La1.es")
        let item = #"{"actors":[],"categories":[],"channel":"La1.es","directors":[],"genres":[],"guests":[],"id":"La1.es@1795392000","provenance":[],"start":"2026-11-22T00:00:00Z","timeZone":"UTC","title":"T"}"#
        func shard(_ items: String) -> Data {
            Data(#"{"channel":"La1.es","day":"2026-11-22","items":[\#(items)],"kind":"programmes","schemaVersion":2}"#.utf8)
        }
        let variants = [
            item.replacingOccurrences(of: #""title":"T""#, with: #""title":"\/T\u00e9""#),
            item.replacingOccurrences(of: #""title":"T""#, with: #""subtitle":null,"title":"T""#),
            item.replacingOccurrences(of: #""title":"T""#, with: #""title":"T","year":2004.0"#),
            item.replacingOccurrences(of: #""title":"T""#, with: #""title":"T","unknown":[1,{"a":2}]"#),
            item.replacingOccurrences(of: #""title":"T""#, with: #""score":7.30,"title":"T""#),
            item.replacingOccurrences(of: #""title":"T""#, with: #""score":73e-1,"title":"T""#),
            item.replacingOccurrences(of: #""start":"2026-11-22T00:00:00Z""#, with: #""start":"2026-11-22T01:00:00+01:00""#),
            item.replacingOccurrences(of: ",", with: ", "),
            item.replacingOccurrences(of: #""title":"T""#, with: #""title":"\ud83d\udc26""#),
        ]
        for variant in variants {
            let data = shard(variant)
            let foundation = try ShardCodec.decodeWithFoundation(data, for: key)
            #expect(try ShardCodec.decode(data, for: key) == foundation, "\(variant)")
            let canonical = CanonicalShardReader.content(data, for: key)
            #expect(canonical == nil || canonical == foundation, "\(variant)")
        }
        // Numbers in the canonical form read to the values a correctly rounded parser gives.
        let scores = ["7.3", "0.30000000000000004", "1e-07", "1e+22", "123456789012345.6", "-0.5", "0"]
        for score in scores {
            let data = shard(item.replacingOccurrences(of: #""start""#, with: #""score":\#(score),"start""#))
            let canonical = try #require(CanonicalShardReader.content(data, for: key), "\(score)")
            #expect(canonical == (try ShardCodec.decodeWithFoundation(data, for: key)), "\(score)")
        }
    }

    @Test func everyTruncationAndByteChangeIsReadAsJSONDecoderReadsItOrRefusedWithTheSameMessage() throws {
        let key = ShardKey.programmes(day: Day("2026-11-22")!, channel: "La1.es")
        let original = Array(try ShardCodec.encode(.programmes(Array(Self.programmes().prefix(3))), for: key))
        var inputs = (0..<original.count).map { Data(original[..<$0]) }
        let replacements: [UInt8] = [UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x00, UInt8(ascii: "9"), UInt8(ascii: "}"), 0xFF, UInt8(ascii: ","), UInt8(ascii: "e")]
        for position in original.indices {
            var changed = original
            changed[position] = replacements[position % replacements.count]
            inputs.append(Data(changed))
        }
        for data in inputs {
            let expected: Result<ShardContent, StoreError> = Result { () throws(StoreError) in try ShardCodec.decodeWithFoundation(data, for: key) }
            let got: Result<ShardContent, StoreError> = Result { () throws(StoreError) in try ShardCodec.decode(data, for: key) }
            switch (expected, got) {
            case (.success(let a), .success(let b)): #expect(a == b, "\(String(decoding: data, as: UTF8.self))")
            case (.failure(let a), .failure(let b)): #expect(a.description == b.description && !b.description.isEmpty)
            default: Issue.record("the two readers disagree on \(String(decoding: data, as: UTF8.self)): \(expected) vs \(got)")
            }
        }
    }
    /// Reads `text` as a quoted name of `names`, with `after` following it in the input (so the reader can load whole
    /// words past the name, or cannot).
    private static func name<Value>(_ text: String, in names: CanonicalNames<Value>, after: String = "") -> Value? {
        let bytes = Array("\"\(text)\"\(after)".utf8)
        return bytes.withUnsafeBufferPointer { buffer -> Value? in
            guard let base = buffer.baseAddress else { return nil }
            var reader = CanonicalJSONReader(base, count: buffer.count)
            return try? reader.name(in: names)
        }
    }

    @Test func everyStoredNameReadsToItsCaseAndNoOtherTextDoes() {
        func check<Value: RawRepresentable & Equatable & Sendable>(_ cases: [Value], _ names: CanonicalNames<Value>) where Value.RawValue == String {
            for value in cases {
                let text = value.rawValue
                #expect(Self.name(text, in: names) == value, "\(text)")
                #expect(Self.name(text, in: names, after: #","more":"0123456789abcdef"}"#) == value, "\(text)")
                for other in [String(text.dropLast()), text + "s", text.uppercased(), " " + text, text + "-", String(text.dropFirst())] where !cases.contains(where: { $0.rawValue == other }) {
                    #expect(Self.name(other, in: names) == nil, "\(other)")
                    #expect(Self.name(other, in: names, after: "}]}]}]}]}]}]}]}]}") == nil, "\(other)")
                }
            }
            #expect(Self.name("", in: names) == nil)
        }
        check(Genre.allCases, StoredNames.genres)
        check(ProgrammeType.allCases, StoredNames.programmeTypes)
        check(MusicGenre.allCases, StoredNames.musicGenres)
        check([GuestList.DeclaredStatus.open, .closed, .full], StoredNames.declaredStatuses)
        check([NightStatus.cancelled, .postponed, .rescheduled, .movedOnline], StoredNames.nightStatuses)
    }

    @Test func instantsOfADayAlreadyReadAreCheckedAsTheFirstWas() throws {
        let key = ShardKey.programmes(day: Day("2026-11-22")!, channel: "La1.es")
        let original = try ShardCodec.encode(.programmes(Array(Self.programmes().prefix(3))), for: key)
        let text = String(decoding: original, as: UTF8.self)
        // The second and third programmes' instants share the first one's day; each is rewritten in turn.
        let later = ["2026-11-22T00:30:00Z", "2026-11-22T01:00:00Z"]
        let replacements = ["24:00:00", "23:60:00", "23:59:61", "23:59:60", "2a:00:00", "00:00:0a", "-1:00:00", "23:59:59", "00:00:00", "12:34:56"]
        for instant in later {
            #expect(text.contains(instant))
            for time in replacements {
                for rewritten in ["2026-11-22T\(time)Z", "2026-11-22 \(time)Z", "2026-11-23T\(time)Z", "2026-11-22T\(time).5Z"] {
                    let data = Data(text.replacingOccurrences(of: instant, with: rewritten).utf8)
                    let expected: Result<ShardContent, StoreError> = Result { () throws(StoreError) in try ShardCodec.decodeWithFoundation(data, for: key) }
                    let got: Result<ShardContent, StoreError> = Result { () throws(StoreError) in try ShardCodec.decode(data, for: key) }
                    switch (expected, got) {
                    case (.success(let a), .success(let b)): #expect(a == b, "\(rewritten)")
                    case (.failure(let a), .failure(let b)): #expect(a.description == b.description, "\(rewritten)")
                    default: Issue.record("the two readers disagree on \(rewritten): \(expected) vs \(got)")
                    }
                }
            }
        }
        // A leap second is the next day's first second, as `Timestamp` reads it.
        let leap = Data(text.replacingOccurrences(of: later[1], with: "2026-11-22T23:59:60Z").utf8)
        guard case .programmes(let programmes)? = CanonicalShardReader.content(leap, for: key) else {
            Issue.record("a leap second was refused")
            return
        }
        #expect(programmes.contains { $0.start == Day("2026-11-23")!.startUTC })
    }
}
