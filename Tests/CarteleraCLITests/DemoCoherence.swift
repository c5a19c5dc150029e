import CarteleraModel
import CarteleraStore
import Foundation
import Testing

/// What a newcomer sees in the demo makes sense on whatever day it runs: films are typed and rated, programmes air at
/// hours that fit their titles, and nights keep their weekday and the music their titles name.
enum DemoCoherence {
    /// Genres a night's title may name, by the folded word that names them.
    static let titleGenres: [(word: String, genre: MusicGenre)] = [
        ("techno", .techno), ("house", .house), ("reggaeton", .reggaeton), ("jazz", .jazz), ("indie", .indie), ("latin", .latin),
        ("flamenco", .flamenco),
    ]
    /// Spanish weekday names, Monday first (ISO weekday 1).
    static let weekdays = ["lunes", "martes", "miercoles", "jueves", "viernes", "sabado", "domingo"]

    static func words(_ title: String) -> [String] {
        title.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }

    /// Checks the demo store at `root`; `query` runs a `cartelera query` against it and returns its JSON answer.
    static func check(storeAt root: String, query: ([String]) throws -> [String: Any]) throws {
        let store = try FileStore(root: root, creating: false)
        let madrid = try #require(ZoneConverter(identifier: "Europe/Madrid"))
        var films = 0
        for day in try store.programmeDays() {
            for programme in try store.programmes(day: day) {
                let hour = madrid.local(programme.start).secondOfDay / 3600
                let title = "\(programme.channel) \(programme.title) at \(madrid.local(programme.start))"
                if programme.title.hasPrefix("Cine: ") {
                    films += 1
                    #expect(programme.type == .film, "\(title) is not typed as a film")
                    #expect(programme.score != nil, "\(title) has no rating")
                }
                if programme.title.contains("Matinal") { #expect((5..<12).contains(hour), "\(title)") }
                if programme.title.contains("de la noche") { #expect(hour >= 20 || hour < 4, "\(title)") }
                if programme.type == .kids { #expect((6..<21).contains(hour), "\(title)") }
            }
        }
        #expect(films >= 30, "only \(films) films")

        // A programme rating answers --min-rating, and the films listing holds every film.
        let rated = try query(["programmes", "--min-rating", "7", "--limit", "10000"])
        let rows = try #require(rated["rows"] as? [[String: Any]])
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { ($0["score"] as? Double ?? 0) >= 7 }, "\(rows.prefix(3))")
        #expect(try query(["programmes", "--type", "film", "--limit", "1"])["total"] as? Int == films)

        var nights = 0
        for day in try store.nightDays() {
            for night in try store.nights(day: day)?.nights ?? [] {
                nights += 1
                let words = Self.words(night.title)
                for (index, name) in weekdays.enumerated() where words.contains(name) {
                    #expect(night.date.isoWeekday == index + 1, "\(night.title) is on \(night.date), not a \(name)")
                }
                let named = Set(titleGenres.filter { entry in words.contains { $0.hasPrefix(entry.word) } }.map(\.genre))
                let listed = Set(night.musicGenres).intersection(titleGenres.map(\.genre))
                #expect(named.isSubset(of: Set(night.musicGenres)), "\(night.title) on \(night.date) is tagged \(night.musicGenres)")
                if !named.isEmpty { #expect(listed.isSubset(of: named), "\(night.title) on \(night.date) is tagged \(night.musicGenres)") }
            }
        }
        #expect(nights >= 30, "only \(nights) nights")
    }
}
