import Foundation

extension QueryParameter {
    /// The kinds as the documentation says them: `all`, `all but venues`, or the list.
    public var kindsDescription: String {
        let missing = Query.Kind.allCases.filter { !kinds.contains($0) }
        if missing.isEmpty { return "all" }
        if missing.count == 1, let only = missing.first { return "all but \(only.rawValue)" }
        return kinds.map(\.rawValue).joined(separator: ", ")
    }

    /// The README's table of query parameters, in Markdown: one row per parameter of `QueryParameter.all`, as the
    /// command line writes it (the API and feed definitions drop the dashes).
    public static var documentationTable: String {
        var lines = ["| parameter | kinds | what it takes |", "|---|---|---|"]
        for parameter in all {
            let usage = parameter.value == .flag ? "--\(parameter.name)" : "--\(parameter.name) \(parameter.valueName)"
            let cells = ["`\(usage)`", parameter.kindsDescription, parameter.help].map { $0.replacingOccurrences(of: "|", with: "\\|") }
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }
}
