import ArgumentParser
import CarteleraCore
import CarteleraModel
import CarteleraQuery
import Foundation

extension Cartelera {
    /// `cartelera query <kind>`: ask the store.
    struct QueryCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "query",
            abstract: "Ask the store: programmes, audiences, shares, venues, nights or promotions, filtered, sorted and paged.",
            discussion: """
                Examples:
                  cartelera query programmes --type film --genre drama --tonight --channel-list mine
                  cartelera query programmes --text accion --sort relevance
                  cartelera query venues --near 40.4168,-3.7038 --within 2km --music techno
                  cartelera query nights --tonight --guest-list-open --near 40.4168,-3.7038 --within 3km

                Exits 0 with a table (or --json), 2 for a bad parameter (named, with the forms it accepts), 1 when the store cannot be read.
                """)

        @Argument(help: ArgumentHelp("programmes, audiences, shares, venues, nights or promotions.", valueName: "kind"))
        var kind: Query.Kind

        @OptionGroup var global: GlobalOptions
        @OptionGroup var filters: QueryOptions

        func run() async throws {
            global.bootstrapLogging()
            var (context, _) = try filters.moment.context(global.configuration())
            let engine = try global.engine()
            context.knownChannels = engine.channels
            let query = try filters.query(kind: kind, context: context)
            if global.json {
                GlobalOptions.printJSON(compact: engine.answerJSON(query))
            } else {
                print(QueryTable(zone: try filters.moment.displayZone()).render(engine.answer(query)))
            }
        }
    }

    /// `cartelera shake <kind>`: one random pick among everything that matches.
    struct Shake: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "shake",
            abstract: "Pick one item at random among everything the filters match (not only the first page).",
            discussion: "The same filters as `query`. --seed makes the pick reproducible. Exits 1 when nothing matches.")

        @Argument(help: ArgumentHelp("programmes, audiences, shares, venues, nights or promotions.", valueName: "kind"))
        var kind: Query.Kind

        @Option(name: .long, help: ArgumentHelp("Seed the pick, for a reproducible one.", valueName: "n"))
        var seed: UInt64?

        @OptionGroup var global: GlobalOptions
        @OptionGroup var filters: QueryOptions

        private static let nothingMatches = CommandFailure(description: "nothing matches these filters: shake has nothing to pick from", status: .failed)

        func run() async throws {
            global.bootstrapLogging()
            var (context, _) = try filters.moment.context(global.configuration())
            let engine = try global.engine()
            context.knownChannels = engine.channels
            let query = try filters.query(kind: kind, context: context)
            var seeded = SplitMix64(seed: seed ?? 0)
            var system = SystemRandomNumberGenerator()
            if global.json {
                let picked = seed == nil ? engine.shakeJSON(query, using: &system) : engine.shakeJSON(query, using: &seeded)
                guard let picked else { throw Self.nothingMatches }
                GlobalOptions.printJSON(compact: picked)
            } else {
                let picked = seed == nil ? engine.shake(query, using: &system) : engine.shake(query, using: &seeded)
                guard let picked else { throw Self.nothingMatches }
                print(QueryTable(zone: try filters.moment.displayZone()).render(picked, picked: true))
            }
        }
    }

    /// `cartelera now`: what every channel has on now, and next.
    struct Now: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "now", abstract: "What every channel has on now, with the minutes left, and what comes next.")

        @Option(name: .customLong(QueryParameter.channel.name), help: .parameter(.channel))
        var channel: [String] = []

        @Option(name: .customLong(QueryParameter.channelList.name), help: .parameter(.channelList))
        var channelList: [String] = []

        @OptionGroup var global: GlobalOptions
        @OptionGroup var moment: MomentOptions

        func run() async throws {
            global.bootstrapLogging()
            var (context, _) = try moment.context(global.configuration())
            let engine = try global.engine()
            context.knownChannels = engine.channels
            let channels: Set<ChannelID>?
            do {
                var parameters = QueryParameters()
                if !channel.isEmpty { try parameters.set(QueryParameter.channel.name, to: channel) }
                if !channelList.isEmpty { try parameters.set(QueryParameter.channelList.name, to: channelList) }
                channels = try parameters.channelSelection(context: context)
            } catch {
                throw CommandFailure(description: error.description, status: .usage)
            }
            if global.json {
                GlobalOptions.printJSON(compact: engine.nowAndNextJSON(at: context.now, channels: channels))
            } else {
                print(QueryTable(zone: try moment.displayZone()).render(engine.nowAndNext(at: context.now, channels: channels)))
            }
        }
    }

    /// `cartelera airings "<title>"`: the airings of a title on the air now or to come.
    struct Airings: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "airings",
            abstract: "The airings of a title on every channel that have not ended: on the air now or to come (accents and case do not matter).")

        @Argument(help: ArgumentHelp("The title.", valueName: "title"))
        var title: String

        @OptionGroup var global: GlobalOptions
        @OptionGroup var moment: MomentOptions

        func run() async throws {
            global.bootstrapLogging()
            let (context, _) = try moment.context(global.configuration())
            let engine = try global.engine()
            if global.json {
                GlobalOptions.printJSON(compact: engine.airingsJSON(of: title, at: context.now))
            } else {
                let rows = engine.airings(of: title, at: context.now)
                print(QueryTable(zone: try moment.displayZone()).render(QueryAnswer.programmes(QueryPage(total: rows.count, offset: 0, rows: rows))))
            }
        }
    }
}
