import CarteleraFetch
import CarteleraModel
import Foundation
import Testing
@testable import CarteleraScraping

/// The constructs real JSON guides need: request bodies and times, sessions, field references, markup inside JSON,
/// overlapping answers and days, lengths in other units, channels per language.
@Suite struct JSONGuideConstructTests {
    func yaml(zone: String = "Europe/Madrid", top: String = "", request: String, channels: String = "  - {id: La1.es, site_id: la1, name: La 1}", schedule: String) -> String {
        """
        kind: tv-schedule
        timezone: \(zone)
        \(top)
        request:
        \(request)
        channels:
        \(channels)
        schedule:
        \(schedule)

        """
    }

    func load(_ text: String) throws -> CompiledDefinition {
        try DefinitionLoader.parse(text, source: "test.example", directory: "/tmp", file: "test.example/source.yaml")
    }

    let jsonFields = """
          json: page
          rows: "$.items[*]"
          fields:
            title: title
            start: {path: start, format: epoch}
        """

    @Test func aJSONBodyNeedsNoEscapingAndItsValuesAreEscapedForJSON() throws {
        let definition = try load(yaml(request: """
              url: "https://tv.example/api"
              body: '{"filter":{"day":{date:d},"month":{date:M},"name":"{channel.name|json}","tomorrow":"{date+1:yyyyMMdd}"}}'
            """, channels: "  - {id: La1.es, site_id: la1, name: 'La \"1\"'}", schedule: jsonFields))
        let request = try #require(definition.listingRequests(channel: definition.channels.first, day: Day("2026-12-31")!).first)
        #expect(request.method == "POST")
        let body = String(decoding: request.body ?? [], as: UTF8.self)
        #expect(body == #"{"filter":{"day":31,"month":12,"name":"La \"1\"","tomorrow":"20270101"}}"#)
        #expect(try JSONSerialization.jsonObject(with: Data(body.utf8)) is [String: Any])
    }

    @Test func aDoubledBraceWritesOneBeforeALetter() {
        let values = PlaceholderValues(day: Day("2026-11-20")!)
        #expect(values.render("{{page{{id}} {date:dd}") == "{page{id}} 20")
        #expect(values.render(#"\d{2}-{date:MM}"#) == #"\d{2}-11"#)
        #expect(PlaceholderValues.unknownNames(in: "{{page{{id}}").isEmpty)
        #expect(PlaceholderValues.unknownNames(in: "{page{id}}") == ["page{id"])
    }

    @Test func timesAreTheDaysStartInTheDayZoneWrittenInTheClockZone() {
        var values = PlaceholderValues(day: Day("2021-11-21")!, channel: nil, page: 3)
        values.dayZone = .utc
        values.clockZone = ZoneConverter(identifier: "Pacific/Tahiti")!
        #expect(values.render("{time:epoch}") == "1637452800")
        #expect(values.render("{time+1d-1s:epoch}") == "1637539199")
        #expect(values.render("{time+1d:epoch-ms}") == "1637539200000")
        #expect(values.render("{time:yyyy-MM-dd'T'HH:mm:ssXXX}") == "2021-11-20T14:00:00-10:00")
        #expect(values.render("{time+2h*page:yyyy-MM-dd'T'HH:mm:ssXXX}") == "2021-11-20T20:00:00-10:00")
        values.clockZone = .utc
        #expect(values.render("{time:yyyy-MM-dd'T'HH:mm:ss.SSSX}") == "2021-11-21T00:00:00.000Z")
        // A day that starts in Helsinki: the instant of its local midnight, four hours on.
        values.dayZone = ZoneConverter(identifier: "Europe/Helsinki")!
        #expect(values.render("{time+4h:epoch-ms}") == "1637460000000")
        #expect(PlaceholderValues.unknownNames(in: "{time:yyyy-QQ}") == ["time:yyyy-QQ"])
        #expect(PlaceholderValues.unknownNames(in: "{time+2x:epoch}") == ["time+2x:epoch"])
    }

    @Test func filtersAddEncodeAndEscape() {
        var values = PlaceholderValues(day: Day("2022-03-06")!, channel: ChannelEntry(id: "A", siteId: "a b&c", name: "Ñ \"x\"", lang: "ar"), page: nil)
        values.session = ["token": "t/1"]
        #expect(values.render("{date:u}/{date:u|add:-1}/{date-1:d}") == "7/6/5")
        #expect(values.render("{channel|url}") == "a%20b%26c")
        #expect(values.render("{channel.name|json}") == #"Ñ \"x\""#)
        #expect(values.render("{channel.lang}/{session.token|url}") == "ar/t%2F1")
        #expect(PlaceholderValues.apply("add:5", to: "x") == nil)
        #expect(PlaceholderValues.apply("add:1", to: String(Int64.max)) == nil)
        #expect(PlaceholderValues.unknownNames(in: "{date|add:x}") == ["date|add:x"])
        #expect(PlaceholderValues.unknownNames(in: "{session.jwt}").count == 1)
        #expect(PlaceholderValues.unknownNames(in: "{session.jwt}", sessionNames: ["jwt"]).isEmpty)
    }

    @Test func aSessionsValuesFillTheListingRequest() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://login.example/session", #"{"token":"T0K","jwt":"J.W.T"}"#, method: "POST", bodyContains: #"{"tipo":"anonima"}"#)
        try harness.page("https://tv.example/la1?token=T0K", #"{"items":[{"title":"Noticias","start":1795000000}]}"#)
        let text = yaml(top: """
            session:
              - url: "https://login.example/session"
                method: POST
                body: '{"tipo":"anonima"}'
                values: {token: "$.token", jwt: "$.jwt"}
            """, request: """
              url: "https://tv.example/{channel}?token={session.token}"
              headers: {Authorization: "Bearer {session.jwt}"}
            """, schedule: jsonFields)
        let outcome = try await harness.scrape(text, days: ["2026-11-20"])
        #expect(outcome.failures.isEmpty, "\(outcome.failures)")
        #expect(outcome.extraction.programmes.map(\.title) == ["Noticias"])
        let definition = try load(text)
        let request = try #require(definition.scheduleRequestsWithValues(channel: definition.channels.first, day: Day("2026-11-20")!, today: nil, session: ["token": "T0K", "jwt": "J.W.T"]).first?.request)
        #expect(request.headers["Authorization"] == "Bearer J.W.T")
    }

    @Test func aSessionAnswerWithoutItsValueFailsEveryListingWithOneMessage() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://login.example/session", #"{"message":"Error de validacion"}"#, method: "POST")
        let outcome = try await harness.scrape(yaml(top: """
            session: [{url: "https://login.example/session", method: POST, values: {token: "$.token"}}]
            """, request: "  url: \"https://tv.example/{channel}?token={session.token}\"", schedule: jsonFields), days: ["2026-11-20"])
        #expect(outcome.failures.count == 1)
        #expect(outcome.failures.first?.description.contains("session: the answer has no token ($.token)") == true, "\(outcome.failures)")
        #expect(outcome.extraction.programmes.isEmpty)
    }

    @Test func sessionsReadCookiesAndHeaders() throws {
        let definition = try load(yaml(top: """
            session: [{url: "https://login.example/auth", values: {jar: cookies, csrf: "cookie:CSRFSESSION", id: "header:X-Session"}}]
            """, request: "  url: \"https://tv.example/{channel}\"\n  headers: {Cookie: \"{session.jar}\"}", schedule: jsonFields))
        let session = try #require(definition.session?.steps.first)
        let response = FetchResponse(url: "https://login.example/auth", status: 200, headers: [
            "Set-Cookie": "JSESSIONID=abc; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT; HttpOnly, CSRFSESSION=x\ny; Secure",
            "X-Session": "42",
        ], body: [])
        let values = try session.read(response, source: "test.example")
        #expect(values["jar"] == "JSESSIONID=abc; CSRFSESSION=x y")
        #expect(values["csrf"] == "x y")
        #expect(values["id"] == "42")
        #expect(throws: DefinitionError.self) {
            try load(yaml(top: "session: [{url: \"https://login.example/{channel}\", values: {t: \"$.t\"}}]", request: "  url: \"https://tv.example/\"", schedule: jsonFields))
        }
        #expect(throws: DefinitionError.self) {
            try load(yaml(top: "session: [{url: \"https://login.example/\", values: {t: \"token\"}}]", request: "  url: \"https://tv.example/\"", schedule: jsonFields))
        }
        #expect(throws: DefinitionError.self) {
            try load(yaml(request: "  url: \"https://tv.example/{session.t}\"", schedule: jsonFields))
        }
    }

    @Test func sessionStepsChainAndTheirValueMayBeTheListingsURL() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://api.example/auth", #"{"token":{"access_token":"TK"}}"#, method: "POST")
        try harness.page("https://api.example/sections", #"{"result":[{"name":"Inicio","id":"s1"},{"name":"Programación","id":"s2"}]}"#)
        try harness.page("https://api.example/sections/s2/components", #"{"result":[{"active":false,"componentType":"epg_grid","itemsURL":"https://old.example/x"},{"active":true,"componentType":"epg_grid","itemsURL":"https://api.example/items/7.json"}]}"#)
        try harness.page("https://api.example/items/7.json?day=2026-11-20", #"{"items":[{"title":"Fútbol","start":1795140000}]}"#)
        let text = yaml(top: """
            session:
              - {url: "https://api.example/auth", method: POST, values: {token: "$.token.access_token"}}
              - {url: "https://api.example/sections", headers: {Authorization: "JWT {session.token}"}, values: {section: "$.result[?(@.name == 'Programación')].id"}}
              - {url: "https://api.example/sections/{session.section}/components", values: {items: "$.result[?(@.active == true && @.componentType == 'epg_grid')].itemsURL"}}
            """, request: "  url: \"{session.items}?day={date}\"", schedule: jsonFields)
        let outcome = try await harness.scrape(text, days: ["2026-11-20"])
        #expect(outcome.failures.isEmpty, "\(outcome.failures)")
        #expect(outcome.extraction.programmes.map(\.title) == ["Fútbol"])
        let early = #expect(throws: DefinitionError.self) {
            try load(yaml(top: "session: [{url: \"https://a.example/{session.later}\", values: {later: \"$.x\"}}]", request: "  url: \"https://tv.example/\"", schedule: jsonFields))
        }
        #expect(early?.description.contains("no earlier step reads that value") == true)
    }

    @Test func aURLMadeFromAValueIsFetchedOnlyOverHTTP() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://api.example/auth", #"{"items":"file:///etc/passwd"}"#)
        let outcome = try await harness.scrape(yaml(top: "session: [{url: \"https://api.example/auth\", values: {items: \"$.items\"}}]",
                                                    request: "  url: \"{session.items}\"", schedule: jsonFields), days: ["2026-11-20"])
        #expect(outcome.failures.first?.description.contains("is file:, not http(s): not fetched") == true, "\(outcome.failures)")
    }

    @Test func aDetailLinkReadsALocalFileOnlyFromALocalPage() async throws {
        let schedule = jsonFields + """

                link: link
            detail:
              json: page
              url: "{field.link}"
              fields: {description: "$.synopsis"}
            """
        let items = #"{"items":[{"title":"Uno","start":1795000000,"link":"file:///etc/secret.json"},{"title":"Dos","start":1795003600,"link":"/p/2.json"}]}"#
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1", items)
        try harness.page("file:///etc/secret.json", #"{"synopsis":"local file"}"#)
        try harness.page("https://tv.example/p/2.json", #"{"synopsis":"Segunda"}"#)
        let web = try await harness.scrape(yaml(request: "  url: \"https://tv.example/{channel}\"", schedule: schedule), days: ["2026-11-20"])
        #expect(web.extraction.programmes.map(\.description) == [nil, "Segunda"], "\(web.extraction.programmes)")
        try harness.page("file:///guide/la1", items)
        try harness.page("file:///p/2.json", #"{"synopsis":"Segunda local"}"#)
        let local = try await harness.scrape(yaml(request: "  url: \"file:///guide/{channel}\"", schedule: schedule), days: ["2026-11-20"])
        #expect(local.extraction.programmes.map(\.description) == ["local file", "Segunda local"], "\(local.extraction.programmes)")
    }

    @Test func aFieldNamesAnotherInItsPathAndReplace() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1", """
            {"items":[{"title":"Tsukimichi - Why Am I A Teacher?!","episode":"Why Am I A Teacher?!","ref":"7"}],
             "times":{"7":{"start":1795000000}}}
            """)
        let outcome = try await harness.scrape(yaml(request: "  url: \"https://tv.example/{channel}\"", schedule: """
              json: page
              rows: "$.items[*]"
              fields:
                title: {path: title, replace: [[" - {field.subtitle}$", ""]]}
                subtitle: episode
                ref: ref
                start: {path: "$.times['{field.ref}'].start", format: epoch}
            """), days: ["2026-11-20"])
        #expect(outcome.failures.isEmpty, "\(outcome.failures)")
        let programme = try #require(outcome.extraction.programmes.first)
        #expect(programme.title == "Tsukimichi")
        #expect(programme.subtitle == "Why Am I A Teacher?!")
        #expect(programme.start == Timestamp(secondsSince1970: 1_795_000_000))
    }

    @Test func fieldsThatNameEachOtherInACircleOrNoFieldAreRefused() {
        let circle = yaml(request: "  url: \"https://tv.example/\"", schedule: """
              json: page
              rows: "$[*]"
              fields:
                title: {path: "a", replace: [["x", "{field.start}"]]}
                start: {path: "b", replace: [["x", "{field.title}"]]}
            """)
        let error = #expect(throws: DefinitionError.self) { try load(circle) }
        #expect(error?.description.contains("in a circle") == true)
        let misspelt = yaml(request: "  url: \"https://tv.example/\"", schedule: jsonFields + "\n    descripton: d")
        let unknown = #expect(throws: DefinitionError.self) { try load(misspelt) }
        #expect(unknown?.description.contains("schedule.fields.descripton: unknown field") == true, "\(unknown.map { "\($0)" } ?? "")")
    }

    @Test func markupInsideJSONAndJSONPAreRead() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1", #"cb48({"data":{"program":"<div class=\"row\" data-ts=\"1795000000\" data-len=\"5400\"><a>Cine</a></div>"}});"#)
        let outcome = try await harness.scrape(yaml(request: "  url: \"https://tv.example/{channel}\"", schedule: """
              json: jsonp
              html: "$.data.program"
              rows: "div.row"
              fields:
                title: a
                start: {attr: data-ts, format: epoch}
                duration: {attr: data-len, unit: s}
            """), days: ["2026-11-20"])
        #expect(outcome.failures.isEmpty, "\(outcome.failures)")
        let programme = try #require(outcome.extraction.programmes.first)
        #expect(programme.title == "Cine")
        #expect(programme.stop == Timestamp(secondsSince1970: 1_795_005_400))
        var broken = try ScrapeHarness()
        try broken.page("https://tv.example/la1", "<html>not jsonp</html>")
        let failed = try await broken.scrape(yaml(request: "  url: \"https://tv.example/{channel}\"", schedule: """
              json: jsonp
              rows: "$[*]"
              fields: {title: t, start: {path: s, format: epoch}}
            """), days: ["2026-11-20"])
        #expect(failed.failures.first?.description.contains("not JSONP") == true)
    }

    @Test func overlappingAnswersAreReadOnceAndOnlyTheDaysProgrammesKept() async throws {
        var harness = try ScrapeHarness()
        // 2026-11-20 00:00Z is 1795132800.
        try harness.page("https://tv.example/la1/20261120", #"{"items":[{"id":"a","t":"Late","st":1795129200,"d":7200},{"id":"b","t":"Morning","st":1795165200,"d":3600}]}"#)
        try harness.page("https://tv.example/la1/20261121", #"{"items":[{"id":"b","t":"Morning","st":1795165200,"d":3600},{"id":"c","t":"Night","st":1795215600,"d":3600},{"id":"d","t":"Tomorrow","st":1795222800,"d":600}]}"#)
        let outcome = try await harness.scrape(yaml(zone: "UTC", top: "keep: overlapping-day", request: """
              url: "https://tv.example/{channel}/{date:yyyyMMdd}"
              urls: ["https://tv.example/{channel}/{date+1:yyyyMMdd}"]
            """, schedule: """
              json: page
              rows: "$.items[*]"
              unique: id
              fields:
                id: id
                title: t
                start: {path: st, format: epoch}
                duration: {path: d, unit: s}
            """), days: ["2026-11-20"])
        #expect(outcome.failures.isEmpty, "\(outcome.failures)")
        #expect(outcome.extraction.programmes.map(\.title) == ["Late", "Morning", "Night"])
    }

    @Test func onlyTheLastProgrammeUsesItsOwnLength() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1", #"{"items":[{"t":"A","s":1795132800,"len":"8 min"},{"t":"B","s":1795133263,"len":"3 min"}]}"#)
        let outcome = try await harness.scrape(yaml(zone: "UTC", top: "rules: {last_stop: duration}", request: "  url: \"https://tv.example/{channel}\"", schedule: """
              json: page
              rows: "$.items[*]"
              fields: {title: t, start: {path: s, format: epoch}, duration: len}
            """), days: ["2026-11-20"])
        #expect(outcome.extraction.programmes.map(\.stop) == [Timestamp(secondsSince1970: 1_795_133_263), Timestamp(secondsSince1970: 1_795_133_443)])
    }

    @Test func lengthsInOtherUnitsAndTheirBounds() {
        var numbers = NumberFields(item: "x")
        #expect(numbers.duration("duration", "5400000", unit: .milliseconds) == 5400)
        #expect(numbers.duration("duration", "90", unit: .seconds) == 90)
        #expect(numbers.duration("duration", "1.5", unit: .hours) == 5400)
        #expect(numbers.duration("duration", "PT1H", unit: .seconds) == 3600)
        #expect(numbers.duration("duration", "1e300", unit: .seconds) == nil)
        #expect(numbers.duration("duration", "-5", unit: .seconds) == nil)
        #expect(numbers.warnings(source: "s", url: "u").count == 2)
    }

    @Test func aChannelIsListedOncePerLanguage() throws {
        let twice = yaml(request: "  url: \"https://tv.example/{channel.lang}/{channel}\"", channels: """
              - {id: NHK.jp, site_id: nhk, name: NHK, lang: en}
              - {id: NHK.jp, site_id: nhk, name: NHK, lang: ja}
            """, schedule: jsonFields)
        let definition = try load(twice)
        #expect(definition.listingRequests(channel: definition.channels[1], day: Day("2026-11-20")!).first?.url == "https://tv.example/ja/nhk")
        #expect(definition.restricted(to: definition.channels[1]).channels.map(\.lang) == ["ja"])
        let same = twice.replacingOccurrences(of: "lang: ja", with: "lang: en")
        #expect(throws: DefinitionError.self) { try load(same) }
        let oneWithout = twice.replacingOccurrences(of: ", lang: ja", with: "")
        #expect(throws: DefinitionError.self) { try load(oneWithout) }
    }
}
