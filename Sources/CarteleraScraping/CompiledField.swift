import CarteleraMarkup

import Foundation

/// One field's recipe.
struct CompiledField: Sendable {
    /// Where a field looks for its value.
    enum Finder: Sendable {
        /// Nodes below the row (CSS, or an XPath that selects nodes); their text or attribute.
        case nodes(CompiledSelector)
        /// An XPath that yields a string (`string(…)`, `normalize-space(…)`, `concat(…)`), compiled.
        case text(XPathExpression)
        /// A JSONPath, for fields read from JSON.
        case json(CompiledJSONPath)
    }

    /// The places to look, in order: the first that gives a value after the transforms is used; none means the row itself.
    let finders: [Finder]
    /// The attributes to read instead of the text, in order: the first one an element has with a value.
    let attributes: [String]
    let all: Bool
    let lines: Bool
    let verbatim: Bool
    let regex: NSRegularExpression?
    let group: Int
    let replacements: [Replacement]
    let split: String?
    let constant: String?
    let fallback: String?
    let format: DateTimeFormat?
    let isURL: Bool
    var lower = false
    var upper = false
    /// Offset-less times in this field are UTC.
    var utc = false
    /// The unit of a bare number in a duration.
    var unit: DurationUnit? = nil
    /// The element's XPath string value instead of the text a reader sees.
    var stringValue = false

    /// The nodes of the first finder, when it selects nodes (date headers).
    var selector: CompiledSelector? {
        guard case .nodes(let selector) = finders.first else { return nil }
        return selector
    }
}

/// One `replace` pair of a field: compiled once, or, when it names placeholders (`{field.subtitle}`), per row.
enum Replacement: @unchecked Sendable {
    case fixed(NSRegularExpression, String)
    /// A pattern and template with placeholders: values are escaped for a pattern and a template before compiling.
    case template(pattern: String, template: String)
}

/// The unit of a bare number in a `duration` field.
enum DurationUnit: String, Sendable {
    case milliseconds = "ms"
    case seconds = "s"
    case minutes = "min"
    case hours = "h"

    /// The length in seconds of `value` of this unit.
    func seconds(_ value: Double) -> Double {
        switch self {
        case .milliseconds: value / 1000
        case .seconds: value
        case .minutes: value * 60
        case .hours: value * 3600
        }
    }
}

extension CompiledDefinition {
    private static let stringFunctions = ["string(", "normalize-space(", "concat(", "substring", "translate(", "count(", "number(", "sum("]

    static func compileFields(_ specs: [String: FieldSpec], keyPath: String, json: Bool = false, probe: PlaceholderValues = .probe, fail: (String, String) -> DefinitionError) throws(DefinitionError) -> [String: CompiledField] {
        var fields: [String: CompiledField] = [:]
        for (name, spec) in specs {
            fields[name] = try compileField(spec, keyPath: "\(keyPath).\(name)", json: json, probe: probe, fail: fail)
        }
        return fields
    }

    static func compileField(_ spec: FieldSpec, keyPath path: String, json: Bool, probe: PlaceholderValues, fail: (String, String) -> DefinitionError) throws(DefinitionError) -> CompiledField {
        /// Each alternative's key path: `select`, or `select[1]` in a list of several.
        func keys(_ key: String, _ list: [String]) -> [(String, String)] {
            list.enumerated().map { index, text in (list.count == 1 ? "\(path).\(key)" : "\(path).\(key)[\(index)]", text) }
        }
        var finders: [CompiledField.Finder] = []
        if json {
            // With JSON input a field's selector is a JSONPath; markup keys do not apply.
            if spec.xpath != nil || spec.attr != nil { throw fail(path, "xpath and attr read markup; with json, use path (a JSONPath)") }
            if spec.select != nil, spec.path != nil { throw fail(path, "use select or path, not both") }
            for (key, text) in keys("path", spec.path ?? spec.select ?? []) { finders.append(.json(try compileJSONPath(text, keyPath: key, fail: fail))) }
        } else if spec.path != nil {
            throw fail("\(path).path", "a JSONPath needs JSON input: add json: page, {script: CSS} or {variable: NAME} beside the fields")
        } else {
            if spec.select != nil, spec.xpath != nil { throw fail(path, "use select or xpath, not both") }
            for (key, css) in keys("select", spec.select ?? []) where !(css == "." && spec.select?.count == 1) {
                // "." names the row itself, as in XPath.
                finders.append(css == "." ? .nodes(try compileSelector(.xpath("."), keyPath: key, probe: probe, fail: fail)) : .nodes(try compileSelector(.css(css), keyPath: key, probe: probe, fail: fail)))
            }
            for (key, xpath) in keys("xpath", spec.xpath ?? []) {
                if stringFunctions.contains(where: { xpath.hasPrefix($0) }) {
                    do { finders.append(.text(try XPathExpression(xpath))) } catch { throw fail(key, "invalid XPath \"\(xpath)\": \(error.detail)") }
                } else {
                    finders.append(.nodes(try compileSelector(.xpath(xpath), keyPath: key, probe: probe, fail: fail)))
                }
            }
        }
        var regex: NSRegularExpression?
        if let pattern = spec.regex {
            let compiled: NSRegularExpression
            do { compiled = try NSRegularExpression(pattern: pattern) } catch {
                throw fail("\(path).regex", "invalid pattern \"\(pattern)\"")
            }
            if let group = spec.group, !(0...compiled.numberOfCaptureGroups).contains(group) {
                throw fail("\(path).group", "the pattern has \(compiled.numberOfCaptureGroups) groups, not \(group)")
            }
            regex = compiled
        }
        if spec.split?.isEmpty == true { throw fail("\(path).split", "an empty separator splits nothing") }
        let replacements = try compileReplacements(spec.replace ?? [], keyPath: "\(path).replace", probe: probe, fail: fail)
        var unit: DurationUnit?
        if let written = spec.unit {
            guard let known = DurationUnit(rawValue: written) else { throw fail("\(path).unit", "expected ms, s, min or h, not \"\(written)\"") }
            unit = known
        }
        var format: DateTimeFormat?
        if let pattern = spec.format {
            do { format = try DateTimeFormat(pattern) } catch { throw fail("\(path).format", error.description) }
        }
        if spec.lower == true, spec.upper == true { throw fail(path, "use lower or upper, not both") }
        if spec.stringValue == true {
            if json { throw fail("\(path).string_value", "string_value reads markup; with json, a path gives the value as it is") }
            if let other = [("lines", spec.lines), ("verbatim", spec.verbatim)].first(where: { $0.1 == true })?.0 {
                throw fail(path, "use string_value or \(other), not both")
            }
        }
        return CompiledField(
            finders: finders, attributes: spec.attr ?? [], all: spec.all ?? false,
            lines: spec.lines ?? false, verbatim: spec.verbatim ?? false, regex: regex,
            group: spec.group ?? ((regex?.numberOfCaptureGroups ?? 0) > 0 ? 1 : 0),
            replacements: replacements, split: spec.split, constant: spec.value, fallback: spec.default,
            format: format, isURL: spec.url ?? false, lower: spec.lower ?? false, upper: spec.upper ?? false, utc: spec.utc ?? false, unit: unit,
            stringValue: spec.stringValue ?? false)
    }
}
