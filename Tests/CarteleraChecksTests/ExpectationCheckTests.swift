import CarteleraChecks
import CarteleraModel
import CarteleraScraping
import Foundation
import Testing

@Suite struct ExpectationCheckTests {
    let programmes = [
        Programme(channel: "La1.es", start: Timestamp(iso8601: "2026-11-20T20:00:00Z")!, timeZone: "Europe/Madrid", title: "Telediario 2",
                  provenance: [Provenance(source: "guide.example")]),
    ]

    func expected(_ json: String) throws -> [JSONValue] {
        try JSONDecoder().decode([JSONValue].self, from: Data(json.utf8))
    }

    @Test func anEntryWithoutIndexIsAProblemNotASilentPass() throws {
        let problems = ExpectationCheck.problems(programmes, expected: try expected(#"[{"title": "Telediario 2"}]"#), count: nil)
        #expect(problems == ["programmes entry 1 has no \"index\": it would check nothing"])
    }

    @Test func anIndexThatIsNotAWholeNumberIsAProblem() throws {
        #expect(ExpectationCheck.problems(programmes, expected: try expected(#"[{"index": 1e300, "title": "x"}]"#), count: nil).count == 1)
        #expect(ExpectationCheck.problems(programmes, expected: try expected(#"[{"index": 0.5, "title": "x"}]"#), count: nil).count == 1)
    }

    @Test func timesCompareAsInstantsAndTextAfterTrimming() throws {
        let facts = try expected(#"[{"index": 0, "start": "2026-11-20T20:00:00.000Z", "title": " Telediario 2 "}]"#)
        #expect(ExpectationCheck.problems(programmes, expected: facts, count: 1).isEmpty)
        let wrong = try expected(#"[{"index": 0, "start": "2026-11-20T20:05:00Z"}]"#)
        #expect(ExpectationCheck.problems(programmes, expected: wrong, count: 2).count == 2)
    }
}
