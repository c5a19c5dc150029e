@testable import CarteleraQuery
import CarteleraModel
import Testing

/// A query string read once into names and values, and those set as the command line sets its options: the same
/// values, the same first error.
@Suite struct QueryStringTests {
    let context: QueryContext = {
        var context = QueryContext(now: Timestamp(secondsSince1970: 1_795_000_000), guideZone: ZoneConverter(identifier: "Europe/Madrid")!)
        context.knownChannels = [ChannelID("La1.es"), ChannelID("La2.es")]
        return context
    }()

    /// The query the command line's way gives: each name set in the order of the names.
    private func byNames(_ given: QueryString, kind: Query.Kind) -> Result<Query, QueryError> {
        var parameters = QueryParameters()
        do {
            for entry in given.entries.sorted(by: { $0.name < $1.name }) where entry.isDeclared {
                try parameters.set(entry.name, to: entry.values)
            }
            return .success(try parameters.query(kind: kind, context: context))
        } catch {
            return .failure(error)
        }
    }

    @Test func theDeclarationsSlotsAreItsOrder() {
        for (position, parameter) in QueryParameter.all.enumerated() {
            #expect(parameter.slot.rawValue == position, "\(parameter)")
            #expect(QueryParameter.Slot(name: parameter.name) == parameter.slot)
            #expect(QueryParameter.rules[position].value == parameter.value)
            for kind in Query.Kind.allCases {
                #expect((QueryParameter.rules[position].kinds & kind.bit != 0) == parameter.kinds.contains(kind), "\(parameter) \(kind)")
            }
        }
        #expect(QueryParameter.Slot.allCases.count == QueryParameter.all.count)
        #expect(Set(Query.Kind.allCases.map(\.bit)).count == Query.Kind.allCases.count)
    }

    @Test func namesKeepTheirFirstPlaceAndEveryValue() throws {
        let given = try QueryString("limit=5&channel=La1.es&text=a+b%2Bc&channel=La2.es&&seed=3&free")
        #expect(given.entries.map(\.name) == ["limit", "channel", "text", "seed", "free"])
        #expect(given.values("channel") == ["La1.es", "La2.es"])
        #expect(given.values("text") == ["a b+c"])
        #expect(given.values("free") == [""])
        #expect(given.values("nothing") == nil)
        #expect(given.entries.filter { !$0.isDeclared }.map(\.name) == ["seed"])
        #expect(try QueryString(nil).entries.isEmpty && QueryString("").entries.isEmpty && QueryString("&&").entries.isEmpty)
    }

    @Test func settingAQueryStringIsSettingItsNamesInOrder() throws {
        let strings = [
            "channel=La1.es,La2.es&from=2026-11-24T20:00Z&to=2026-11-25T00:00Z&sort=time&limit=10000",
            "type=film&genre=Acci%C3%B3n&year=1990-2005&from=2026-11-25T18:00Z&to=2026-12-02T18:00Z&window=starts",
            // Several faults: the first by name is the one named.
            "text=x&text=y&limit=1&limit=2", "sort=title&sort=rating&free=maybe", "now=perhaps&day=x&day=y", "free=&free=&city=a&city=b",
            "channel=Foo.es&year=2025-1990", "channel-list=a&channel-list=b&channel=La1.es", "genre=film&type=comedy", "now&tonight&from=x",
            "channel=La1.es,%CC%81La2.es", "genre=comedy,,+drama+&all-genres", "near=1,2&within=3km&sort=distance",
        ]
        for string in strings {
            let given = try QueryString(string)
            for kind in Query.Kind.allCases {
                let expected = byNames(given, kind: kind)
                let actual = Result { () throws(QueryError) in try QueryParameters(given).query(kind: kind, context: context) }
                switch (expected, actual) {
                case (.success(let a), .success(let b)): #expect(a == b, "\(string) \(kind)")
                case (.failure(let a), .failure(let b)): #expect(a.description == b.description && a.parameter == b.parameter, "\(string) \(kind): \(a) / \(b)")
                default: Issue.record("\(string) \(kind): \(expected) / \(actual)")
                }
            }
        }
    }

    @Test func aListIsSplitWhereSplittingItsCharactersWould() {
        // ASCII around every comma splits on bytes; a combining mark after a comma, or a prepended mark before one,
        // makes one character of it, as the character split reads it.
        for text in ["La1.es,La2.es", ",,a,,b,,", "", ",", "Acción,comedia", "a,\u{301}b", "a\u{600},b", "\u{1F469}\u{200D},x", "a\r\n,b,\r\n",
                     "caña,ñu", "x,\u{65}\u{301},y", "a,\u{200D}b"] {
            #expect(text.commaSeparated() == text.split(separator: ","), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
