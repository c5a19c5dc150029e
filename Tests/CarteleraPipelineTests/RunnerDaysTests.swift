import CarteleraFetch
import CarteleraModel
@testable import CarteleraPipeline
import CarteleraScraping
import Logging
import Testing

/// The days a run asks each source for.
@Suite struct RunnerDaysTests {
    func days(_ yaml: String, at now: String) throws -> [Day] {
        let definition = try DefinitionLoader.parse(yaml, source: "test.example", directory: "/nonexistent", file: "test.example/source.yaml")
        let configuration = RunConfiguration(scrapersDirectory: "/nonexistent", storeRoot: "/nonexistent", now: Timestamp(iso8601: now)!,
                                             fetch: FetchConfiguration())
        return Runner(configuration: configuration, logger: Logger(label: "test")).days(for: definition)
    }

    let clubs = """
        kind: club-listing
        timezone: Europe/Madrid
        city: Madrid
        days: 2
        request:
          url: "https://noche.example/{date:yyyy-MM-dd}"
        nights:
          rows: "div.noche"
          fields: {title: "h3", venue: "a"}

        """

    let tv = """
        kind: tv-schedule
        timezone: Europe/Madrid
        days: 2
        request:
          url: "https://tv.example/{channel}/{date:yyyy-MM-dd}"
        channels:
          - {id: La1.es, site_id: la1, name: La 1}
        schedule:
          rows: "li"
          fields: {start: ".hora", title: "h3"}

        """

    @Test func afterMidnightANightlifeSourceStillReadsTonightWhichBeganTheEveningBefore() throws {
        // 01:30 on Saturday in Madrid: Friday's nights are still on.
        #expect(try days(clubs, at: "2026-11-28T00:30:00Z") == [Day("2026-11-27")!, Day("2026-11-28")!])
        #expect(try days(tv, at: "2026-11-28T00:30:00Z") == [Day("2026-11-28")!, Day("2026-11-29")!])
        // From 06:00 the evening is the day's own.
        #expect(try days(clubs, at: "2026-11-28T05:00:00Z") == [Day("2026-11-28")!, Day("2026-11-29")!])
    }
}
