import CarteleraCore
import CarteleraModel
import CarteleraQuery
import Testing

/// A query of channels in a window reads each channel's own starts and ends (one search for the first start, then a
/// scan to the window's end) and answers what the window over every channel answers, kept to those channels.
@Suite struct ChannelWindowTests {
    let fixture: QueryStore

    /// Four channels over three days, programmes of 10 minutes to 5 hours back to back, so a window's overlap reaches
    /// far before it; one channel stops a day early.
    init() throws {
        fixture = try QueryStore()
        var random = SplitMix64(seed: 29)
        let lengths = [10, 25, 45, 60, 90, 300]
        var made: [Programme] = []
        for (number, channel) in ["La1.es", "La2.es", "Antena3.es", "Cuatro.es"].enumerated() {
            var minute = number * 7
            let end = channel == "Cuatro.es" ? 2 * 1440 : 3 * 1440
            var slot = 0
            while minute < end {
                let length = lengths[random.below(lengths.count)]
                let day = 20 + minute / 1440, time = minute % 1440
                made.append(fixture.programme(ChannelID(channel), "2026-11-\(day) \(String(format: "%02d:%02d", time / 60, time % 60))",
                                              minutes: length, "\(channel) \(slot)", type: slot % 3 == 0 ? .film : .series))
                minute += length
                slot += 1
            }
        }
        try fixture.commit(programmes: made)
    }

    /// Channel choices and windows, edges on and off the programmes' starts, before, inside and after the data.
    func queries() throws -> [(parameters: QueryParameters, channels: Set<String>)] {
        let channels: [[String]] = [["La1.es"], ["Cuatro.es"], ["La2.es", "Antena3.es"], ["La1.es", "La2.es", "Antena3.es", "Cuatro.es"]]
        let windows: [[QueryParameter: [String]]] = [
            [:], [.day: ["2026-11-21"]], [.day: ["2026-11-22"]], [.day: ["2026-11-25"]], [.day: ["2026-11-18"]],
            [.from: ["2026-11-20T19:00:00Z"], .to: ["2026-11-20T23:00:00Z"]],
            [.from: ["2026-11-21T00:00:00Z"], .to: ["2026-11-21T00:01:00Z"]],
            [.from: ["2026-11-20T23:07:00Z"], .to: ["2026-11-21T04:00:00Z"], .window: ["starts"]],
            [.from: ["2026-11-19T00:00:00Z"], .to: ["2026-11-20T23:10:00Z"]],
            [.from: ["2026-11-22T12:00:00Z"], .to: ["2026-11-24T00:00:00Z"]],
        ]
        let filters: [[QueryParameter: [String]]] = [[:], [.type: ["film"]]]
        var queries: [(QueryParameters, Set<String>)] = []
        for chosen in channels {
            for window in windows {
                for filter in filters {
                    var parameters = QueryParameters()
                    for (parameter, values) in window.merging(filter, uniquingKeysWith: { $1 }) { parameters[parameter] = values }
                    parameters[.channel] = chosen
                    parameters[.limit] = ["10000"]
                    queries.append((parameters, Set(chosen)))
                }
            }
        }
        return queries
    }

    @Test func channelsInAWindowAnswerWhatTheWindowOverEveryChannelAnswers() throws {
        let engine = try fixture.engine()
        let context = fixture.context("2026-11-20 09:00")
        var answered = 0
        for (parameters, channels) in try queries() {
            let query = try parameters.query(kind: .programmes, context: context)
            var everyChannel = parameters
            everyChannel[.channel] = []
            let expected = engine.programmes(try everyChannel.query(kind: .programmes, context: context)).rows.filter { channels.contains($0.channel.rawValue) }
            let rows = engine.programmes(query).rows
            #expect(rows.map(\.id) == expected.map(\.id), "\(channels.sorted()) \(String(describing: query.window))")
            answered += rows.count
        }
        #expect(answered > 1000)
    }

    /// A channel the index does not hold matches nothing alone, and takes nothing from the channels beside it.
    @Test func aChannelTheIndexLacksMatchesNothing() throws {
        let engine = try fixture.engine()
        var query = Query(kind: .programmes, at: fixture.madrid("2026-11-20 09:00"))
        query.limit = 10_000
        query.channels = [ChannelID("Nowhere.es")]
        #expect(engine.programmes(query).rows.isEmpty)
        query.channels = []
        #expect(engine.programmes(query).rows.isEmpty)
        query.channels = [ChannelID("Nowhere.es"), ChannelID("La2.es")]
        let both = engine.programmes(query).rows
        query.channels = [ChannelID("La2.es")]
        #expect(!both.isEmpty && both.map(\.id) == engine.programmes(query).rows.map(\.id))
        query.text = "La2"
        query.channels = [ChannelID("Nowhere.es")]
        #expect(engine.programmes(query).rows.isEmpty)
        query.channels = [ChannelID("Nowhere.es"), ChannelID("La2.es")]
        #expect(!engine.programmes(query).rows.isEmpty)
    }
}
