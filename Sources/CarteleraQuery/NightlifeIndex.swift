import CarteleraCore
import CarteleraModel
import Foundation

/// Venues, nights with their guest lists, and promotions as columns: numbers to filter on, folded names to
/// match text against, and each item's JSON to show the page of results.
///
/// Venue columns: `venueID` `venueName` (folded) `venueCity` (slug) `venueExternal` strings · `venueLatitude`
/// `venueLongitude` `venueRating` doubles (NaN when unknown) · `venueFree` u8 (0 unknown, 1 no, 2 yes) ·
/// `venueMusic` i64 bit set over `musicNames` · `venueJSON`. Nights: `nightDate` (day number) `nightDoors`
/// `nightClosing` i64 (`Int64.min` unknown) · `nightVenue` u32 (`UInt32.max` when not stored) · `nightMusic`
/// i64 · `nightFree` u8 · `nightPromoted` u8 · `nightTitle` (folded) · `nightJSON` · `nightList` (the guest
/// list's JSON, empty when none). Promotions: `promotionFrom` `promotionTo` `promotionRank` i64 ·
/// `promotionPaid` u8 · `promotionTitle` (folded) · `promotionJSON`.
final class NightlifeIndex: Sendable {
    let file: IndexFile
    let venueIDs: StringColumn
    let venueNames: StringColumn
    let venueCities: StringColumn
    let venueExternal: StringColumn
    let venueLatitude: DoubleColumn
    let venueLongitude: DoubleColumn
    let venueRating: DoubleColumn
    let venueFree: NumberColumn<UInt8>
    let venueMusic: NumberColumn<Int64>
    let venueJSON: StringColumn
    let nightDate: NumberColumn<Int64>
    let nightDoors: NumberColumn<Int64>
    let nightClosing: NumberColumn<Int64>
    let nightVenue: NumberColumn<UInt32>
    let nightMusic: NumberColumn<Int64>
    let nightFree: NumberColumn<UInt8>
    let nightPromoted: NumberColumn<UInt8>
    let nightTitle: StringColumn
    let nightJSON: StringColumn
    let nightList: StringColumn
    let promotionFrom: NumberColumn<Int64>
    let promotionTo: NumberColumn<Int64>
    let promotionRank: NumberColumn<Int64>
    let promotionPaid: NumberColumn<UInt8>
    let promotionTitle: StringColumn
    let promotionJSON: StringColumn
    /// Bit i of the file's music sets → the genre it means in this build.
    let musicOfBit: [MusicGenre?]
    /// The venues that have a location, by latitude (then record), and their latitudes in that order: the venues a
    /// band of latitudes can hold are found with two binary searches, not by visiting every venue. Made when the index
    /// opens (a sort of its venues); a venue's number fits: a column's count is stored in 32 bits.
    let venuesByLatitude: [UInt32]
    let sortedLatitudes: [Double]

    /// Reads the columns and checks that they agree in length and that nights point at stored venues.
    init(file: IndexFile) throws(IndexError) {
        self.file = file
        venueIDs = try file.strings("venueID")
        venueNames = try file.strings("venueName")
        venueCities = try file.strings("venueCity")
        venueExternal = try file.strings("venueExternal")
        venueLatitude = try file.doubles("venueLatitude")
        venueLongitude = try file.doubles("venueLongitude")
        venueRating = try file.doubles("venueRating")
        venueFree = try file.column("venueFree", UInt8.self)
        venueMusic = try file.column("venueMusic", Int64.self)
        venueJSON = try file.strings("venueJSON")
        nightDate = try file.column("nightDate", Int64.self)
        nightDoors = try file.column("nightDoors", Int64.self)
        nightClosing = try file.column("nightClosing", Int64.self)
        nightVenue = try file.column("nightVenue", UInt32.self)
        nightMusic = try file.column("nightMusic", Int64.self)
        nightFree = try file.column("nightFree", UInt8.self)
        nightPromoted = try file.column("nightPromoted", UInt8.self)
        nightTitle = try file.strings("nightTitle")
        nightJSON = try file.strings("nightJSON")
        nightList = try file.strings("nightList")
        promotionFrom = try file.column("promotionFrom", Int64.self)
        promotionTo = try file.column("promotionTo", Int64.self)
        promotionRank = try file.column("promotionRank", Int64.self)
        promotionPaid = try file.column("promotionPaid", UInt8.self)
        promotionTitle = try file.strings("promotionTitle")
        promotionJSON = try file.strings("promotionJSON")
        musicOfBit = try file.strings("musicNames").all.map { MusicGenre(rawValue: $0) }
        let venues = venueIDs.count
        let nights = nightDate.count
        let promotions = promotionFrom.count
        let agree = [venueNames.count, venueCities.count, venueExternal.count, venueLatitude.count, venueLongitude.count, venueRating.count,
                     venueFree.count, venueMusic.count, venueJSON.count].allSatisfy { $0 == venues }
            && [nightDoors.count, nightClosing.count, nightVenue.count, nightMusic.count, nightFree.count, nightPromoted.count,
                nightTitle.count, nightJSON.count, nightList.count].allSatisfy { $0 == nights }
            && [promotionTo.count, promotionRank.count, promotionPaid.count, promotionTitle.count, promotionJSON.count].allSatisfy { $0 == promotions }
        guard agree else { throw IndexError(kind: .corrupt, file: nil, detail: "its nightlife columns disagree in length") }
        for night in 0..<nights where nightVenue[night] != UInt32.max && Int(nightVenue[night]) >= venues {
            throw IndexError(kind: .corrupt, file: nil, detail: "night \(night) points outside the venues")
        }
        let latitudes = venueLatitude, longitudes = venueLongitude
        let located = (0..<venues).filter { GeoPoint(latitude: latitudes[$0], longitude: longitudes[$0]) != nil }
            .sorted { (latitudes[$0], $0) < (latitudes[$1], $1) }
        venuesByLatitude = located.map { UInt32(truncatingIfNeeded: $0) }
        sortedLatitudes = located.map { latitudes[$0] }
    }

    /// The venue's location, when it has one.
    func location(ofVenue venue: Int) -> GeoPoint? {
        GeoPoint(latitude: venueLatitude[venue], longitude: venueLongitude[venue])
    }

    /// The positions in `venuesByLatitude` of the venues whose latitude is in `latitudes`.
    func venuePositions(in latitudes: ClosedRange<Double>) -> Range<Int> {
        func first(_ beyond: (Double) -> Bool) -> Int {
            var low = 0, high = sortedLatitudes.count
            while low < high {
                let middle = (low + high) / 2
                if beyond(sortedLatitudes[middle]) { high = middle } else { low = middle + 1 }
            }
            return low
        }
        let from = first { $0 >= latitudes.lowerBound }
        return from..<max(from, first { $0 > latitudes.upperBound })
    }

    /// The music genres in a bit set.
    func musicGenres(_ bits: Int64) -> [MusicGenre] {
        musicOfBit.indices.compactMap { bit in UInt64(bitPattern: bits) & (1 << UInt64(bit)) != 0 ? musicOfBit[bit] : nil }
    }

    /// The bit set of some music genres, as this index numbers them.
    func musicBits(_ genres: Set<MusicGenre>) -> Int64 {
        var bits: Int64 = 0
        for (bit, genre) in musicOfBit.enumerated() where genre.map(genres.contains) == true { bits |= 1 << Int64(bit) }
        return bits
    }
}

/// Builds a nightlife index's bytes from the stored venues, nights, guest lists and promotions.
enum NightlifeIndexBuilder {
    static func bytes(venues: [Venue], evenings: [NightsDay], promotions: [Promotion], generation: Int) -> [UInt8] {
        let venues = venues.sorted { $0.id < $1.id }
        let venueNumber = Dictionary(venues.enumerated().map { ($1.id, UInt32($0)) }, uniquingKeysWith: { first, _ in first })
        let musicBit = Dictionary(uniqueKeysWithValues: MusicGenre.allCases.enumerated().map { ($1, Int64(1) << Int64($0)) })
        func bits(_ genres: [MusicGenre]) -> Int64 { genres.reduce(0) { $0 | (musicBit[$1] ?? 0) } }
        func free(_ value: Bool?) -> UInt8 { value.map { $0 ? 2 : 1 } ?? 0 }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func json(_ value: some Encodable) -> String { (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}" }

        var writer = IndexFileWriter()
        writer.add("musicNames", strings: MusicGenre.allCases.map(\.rawValue))
        writer.add("venueID", strings: venues.map(\.id.rawValue))
        writer.add("venueName", strings: venues.map { TextFolding.fold($0.name) })
        writer.add("venueCity", strings: venues.map { Slug.make($0.city) })
        writer.add("venueExternal", strings: venues.map { $0.externalID ?? "" })
        writer.add("venueLatitude", doubles: venues.map { $0.location?.latitude ?? .nan })
        writer.add("venueLongitude", doubles: venues.map { $0.location?.longitude ?? .nan })
        writer.add("venueRating", doubles: venues.map { $0.rating ?? .nan })
        writer.add("venueFree", uint8s: venues.map { free($0.freeEntry) })
        writer.add("venueMusic", int64s: venues.map { bits($0.musicGenres) })
        writer.add("venueJSON", strings: venues.map(json))

        let promoted = Set(promotions.filter(\.paid).compactMap(\.night))
        let nights = evenings.flatMap { evening in
            // A list for the night itself, else the venue's list for that evening.
            evening.nights.map { night in
                (night, evening.guestLists.first { $0.night == night.id } ?? evening.guestLists.first { $0.night == nil && $0.venue == night.venue })
            }
        }.sorted { ($0.0.date, $0.0.doors ?? Timestamp(secondsSince1970: Int64.min), $0.0.id) < ($1.0.date, $1.0.doors ?? Timestamp(secondsSince1970: Int64.min), $1.0.id) }
        writer.add("nightDate", int64s: nights.map { Int64($0.0.date.daysSince1970) })
        writer.add("nightDoors", int64s: nights.map { $0.0.doors?.secondsSince1970 ?? Int64.min })
        writer.add("nightClosing", int64s: nights.map { $0.0.closing?.secondsSince1970 ?? Int64.min })
        writer.add("nightVenue", uint32s: nights.map { venueNumber[$0.0.venue] ?? UInt32.max })
        writer.add("nightMusic", int64s: nights.map { bits($0.0.musicGenres) })
        writer.add("nightFree", uint8s: nights.map { free($0.0.freeEntry) })
        writer.add("nightPromoted", uint8s: nights.map { promoted.contains($0.0.id) ? 1 : 0 })
        writer.add("nightTitle", strings: nights.map { TextFolding.fold($0.0.title) })
        writer.add("nightJSON", strings: nights.map { json($0.0) })
        writer.add("nightList", strings: nights.map { $0.1.map(json) ?? "" })

        let ordered = promotions.sorted { ($0.rank ?? Int.max, $0.id) < ($1.rank ?? Int.max, $1.id) }
        writer.add("promotionFrom", int64s: ordered.map { $0.validFrom?.secondsSince1970 ?? Int64.min })
        writer.add("promotionTo", int64s: ordered.map { $0.validTo?.secondsSince1970 ?? Int64.max })
        writer.add("promotionRank", int64s: ordered.map { Int64($0.rank ?? Int.max) })
        writer.add("promotionPaid", uint8s: ordered.map { $0.paid ? 1 : 0 })
        writer.add("promotionTitle", strings: ordered.map { TextFolding.fold($0.title) })
        writer.add("promotionJSON", strings: ordered.map(json))
        return writer.bytes(kind: .nightlife, generation: generation)
    }
}
