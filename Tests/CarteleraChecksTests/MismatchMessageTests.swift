import CarteleraChecks
import CarteleraModel
import CarteleraScraping
import CarteleraTesting
import Foundation
import Testing

/// `sources test` says what differs as a person reads it: plain values, and a long list by its first difference.
@Suite struct MismatchMessageTests {
    /// A festival line-up of forty acts, as a page and as an expectation that misspells the thirteenth.
    let acts = (1...40).map { "Grupo \($0)" }

    /// A source folder whose captured festival page lists `acts`, expecting `lineup` and `performers` for its night.
    func problems(lineup: [String], performers: String) async throws -> [String] {
        let root = try RepositoryPaths.temporaryDirectory("mismatch")
        let folder = "\(root)/festival.example"
        try FileManager.default.createDirectory(atPath: "\(folder)/fixtures", withIntermediateDirectories: true)
        try """
            kind: jsonld
            timezone: Europe/Madrid
            city: Bilbao
            request:
              url: "https://festival.example/"

            """.write(toFile: "\(folder)/source.yaml", atomically: true, encoding: .utf8)
        let groups = acts.map { #"{"@type": "MusicGroup", "name": "\#($0)", "url": "https://festival.example/\#($0.replacingOccurrences(of: " ", with: "-"))"}"# }
        try """
            <html><head><script type="application/ld+json">
            {"@type": "Festival", "name": "Festival", "startDate": "2026-11-27T18:00:00+01:00", "location": "Sala Uno",
             "performer": [\(groups.joined(separator: ","))]}
            </script></head><body></body></html>
            """.write(toFile: "\(folder)/fixtures/page.html", atomically: true, encoding: .utf8)
        let expected = try String(decoding: JSONEncoder().encode(lineup), as: UTF8.self)
        try """
            {"cases": [{"name": "festival", "date": "2026-11-27", "files": ["fixtures/page.html"],
              "nights": [{"index": 0, "lineup": \(expected), "performers": \(performers)}]}]}
            """.write(toFile: "\(folder)/expect.json", atomically: true, encoding: .utf8)
        let definition = try DefinitionLoader.load(.init("festival.example"), from: root)
        return await SourceCheck.check(definition).flatMap(\.problems)
    }

    @Test func aLongLineUpIsToldByItsLengthAndFirstDifference() async throws {
        var lineup = acts
        lineup[12] = "Grupo Trece"
        lineup.append("Grupo 41")
        let problems = try await problems(lineup: lineup, performers: #"[{"name": "Grupo 1"}]"#)
        #expect(problems.first == #"nights #0 lineup: expected 41 items, got 40; item 13: expected "Grupo Trece", got "Grupo 13""#)
        // A list of objects reads as plain values too, never as Swift's description of them.
        let performers = try #require(problems.last)
        #expect(performers.hasPrefix(#"nights #0 performers: expected 1 item, got 40; item 1: expected {name: "Grupo 1"}, got {name: "Grupo 1", url: "https://festival.example/Grupo-1"}"#), "\(performers)")
        #expect(problems.allSatisfy { !$0.contains("JSONValue") && $0.count < 300 })
    }

    @Test func anItemMissingOrLeftOverIsNoneAndAListCutShortEndsAtAWholeItem() async throws {
        let problems = try await problems(lineup: ["Grupo 1"], performers: "[]")
        #expect(problems.first == #"nights #0 lineup: expected 1 item, got 40; item 2: expected none, got "Grupo 2""#, "\(problems)")
        #expect(JSONValue.array(["a", "b"].map(JSONValue.string)).plainText == #"["a", "b"]"#)
        let long = JSONValue.array(acts.map(JSONValue.string)).plainText(limit: 60)
        #expect(long == #"["Grupo 1", "Grupo 2", "Grupo 3", "Grupo 4", "Grupo 5", … 35 more]"#)
    }
}
