import CarteleraQuery
import Foundation
import Testing

/// The command line's query options are the declared parameters: each one listed in `--help` with its declared help,
/// each one reaching the query under its own name, a repeated single value refused.
@Suite(.serialized) struct QueryParameterCommandLineTests {
    func run(_ arguments: [String]) throws -> CLIRunner.Result {
        try CLIRunner.run(arguments + ["--store", try QueryCommandLineTests.demo.get()])
    }

    @Test func helpListsEveryDeclaredParameterWithItsHelp() throws {
        let help = try CLIRunner.run(["query", "--help"])
        #expect(help.status == 0)
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for parameter in QueryParameter.all {
            let option = parameter.value == .flag ? "--\(parameter.name) " : "--\(parameter.name) <\(parameter.valueName)>"
            #expect(text.contains(option), "\(option)")
            #expect(text.contains(parameter.help.split(whereSeparator: \.isWhitespace).joined(separator: " ")), "\(parameter.name)")
        }
    }

    @Test func everyDeclaredParameterReachesTheQueryByItsName() throws {
        for parameter in QueryParameter.all {
            // A kind the parameter does not apply to is refused naming it; for those every kind takes, a value out of range.
            let kind = Query.Kind.allCases.first { !parameter.kinds.contains($0) }
            let arguments = parameter.value == .flag ? ["--\(parameter.name)"] : ["--\(parameter.name)=\(kind == nil ? "-1" : "x")"]
            let result = try run(["query", (kind ?? .programmes).rawValue] + arguments)
            #expect(result.status == 2, "\(parameter.name): \(result.stderr)")
            #expect(result.stderr.contains("--\(parameter.name)"), "\(parameter.name): \(result.stderr)")
        }
    }

    @Test func aRepeatedSingleOptionIsRefusedNotOverwritten() throws {
        let sorts = try run(["query", "programmes", "--sort", "title", "--sort", "rating"])
        #expect(sorts.status == 2)
        #expect(sorts.stderr.contains("--sort title,rating: give it once; for tie-breaking orders, list them in one: --sort rating,distance"), "\(sorts.stderr)")
        let two = try run(["query", "programmes", "--sort", "rating,title", "--json"])
        #expect(two.status == 0, "\(two.stderr)")
    }

    @Test func anUnknownChannelIsRefusedWithTheClosest() throws {
        let now = try run(["now", "--channel", "La1.es,Foo.es"])
        #expect(now.status == 2)
        #expect(now.stderr.contains("--channel Foo.es: no such channel in the store; the closest are"), "\(now.stderr)")
        let trimmed = try run(["now", "--channel", " La1.es ", "--json"])
        #expect(trimmed.status == 0, "\(trimmed.stderr)")
        #expect(trimmed.stdout.contains("\"La1.es\""))
    }
}
