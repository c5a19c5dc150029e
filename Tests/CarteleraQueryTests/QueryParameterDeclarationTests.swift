import CarteleraQuery
import Foundation
import Testing

/// The declaration is the only list of parameters: the README's table is made from it, names are unique, every
/// parameter can be set by its name and applies to some kind.
@Suite struct QueryParameterDeclarationTests {
    @Test func theReadmeTableIsTheDeclaration() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let table = QueryParameter.documentationTable
        #expect(text.contains(table + "\n"), "README.md's query parameter table should read:\n\(table)")
    }

    @Test func everyParameterHasAUniqueNameAndIsSetByIt() throws {
        #expect(Set(QueryParameter.all.map(\.name)).count == QueryParameter.all.count)
        for parameter in QueryParameter.all {
            #expect(QueryParameter.named(parameter.name) == parameter)
            #expect(!parameter.kinds.isEmpty && !parameter.help.isEmpty)
            #expect(parameter.value == .flag ? parameter.valueName.isEmpty : !parameter.valueName.isEmpty, "\(parameter)")
            var parameters = QueryParameters()
            try parameters.set(parameter.name, to: [parameter.value == .flag ? "yes" : "x"])
            #expect(parameters.parameters == [parameter])
        }
        var parameters = QueryParameters()
        #expect(throws: QueryError.self) { try parameters.set("colour", to: ["red"]) }
    }
}
