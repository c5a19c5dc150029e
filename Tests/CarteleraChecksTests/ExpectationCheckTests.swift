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

    @Test func creditsImagesAndKeywordsAreCheckedAndUnknownFieldsReported() throws {
        var programme = programmes[0]
        programme.language = "hi"
        programme.url = "https://www.imdb.com/title/tt0898266"
        programme.extras = ProgrammeExtras(producers: ["Chuck Lorre", "Bill Prady"], images: ["https://img.example/a.jpg"], keywords: ["cine"])
        let facts = try expected(#"""
            [{"index": 0, "producers": ["Chuck Lorre", "Bill Prady"], "images": ["https://img.example/a.jpg"], "keywords": "cine",
              "lang": ["hi"], "urls": [{"system": "imdb", "value": "https://www.imdb.com/title/tt0898266"}], "writer": null}]
            """#)
        #expect(ExpectationCheck.problems([programme], expected: facts, count: 1).isEmpty)
        let wrong = try expected(#"[{"index": 0, "producers": ["Chuck Lorre"], "images": []}]"#)
        #expect(ExpectationCheck.problems([programme], expected: wrong, count: nil).count == 2)
        let unknown = try expected(#"[{"index": 0, "soundtrack": "x"}]"#)
        #expect(ExpectationCheck.problems([programme], expected: unknown, count: nil) == ["#0 soundtrack: not a field Cartelera reads"])
    }

    @Test func anEmptyStringInAListIsNoElement() throws {
        for written in [#""""#, "[]", #"[""]"#, "null"] {
            let facts = try expected(#"[{"index": 0, "category": \#(written), "actors": \#(written)}]"#)
            #expect(ExpectationCheck.problems(programmes, expected: facts, count: nil).isEmpty, "\(written)")
        }
        var labelled = programmes[0]
        labelled.categories = ["Cine", ""]
        #expect(ExpectationCheck.problems([labelled], expected: try expected(#"[{"index": 0, "category": ["Cine"]}]"#), count: nil).isEmpty)
        #expect(ExpectationCheck.problems([labelled], expected: try expected(#"[{"index": 0, "category": ""}]"#), count: nil).count == 1)
    }
}
