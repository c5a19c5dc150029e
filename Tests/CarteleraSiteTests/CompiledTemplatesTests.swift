import CarteleraCore
import CarteleraTesting
import Foundation
import Mustache
import Testing

@testable import CarteleraSite

/// The compiled templates against swift-mustache, the reference: same bytes, or no answer (and swift-mustache renders).
@Suite struct CompiledTemplatesTests {
    static let pragma = "{{% CONTENT_TYPE: \(HTMLEscaping.name)}}"

    /// Both renderings of `template` (with `partials`) over `context`, swift-mustache's from the value as it reads it; the
    /// compiled one nil when it declines.
    static func renderBoth(_ template: String, partials: [String: String] = [:], _ context: PageEntries) throws -> (reference: String, compiled: String?, compiles: Bool) {
        _ = HTMLEscaping.registered
        var sources = partials.mapValues { pragma + $0 }
        sources["page"] = pragma + template
        var templates: [String: MustacheTemplate] = [:]
        for (name, source) in sources { templates[name] = try MustacheTemplate(string: source) }
        let library = MustacheLibrary(templates: templates)
        let value = PageValue.object(context)
        let reference = library.getTemplate(named: "page")?.render(value.mustacheValue, library: library) ?? ""
        let compiled = CompiledTemplates(sources: sources, contentType: HTMLEscaping.name)
        return (reference, compiled?.render(value, template: "page").map { String(decoding: $0, as: UTF8.self) }, compiled != nil)
    }

    @Test func everyPageOfTheSiteIsTheSameAsSwiftMustachesRendering() throws {
        let fixture = try SiteFixture()
        #expect(fixture.web.compiled != nil, "the repository's templates stay inside the compiled subset")
        try fixture.build()
        let reference = fixture.folder.path + "/reference"
        var options = SiteOptions(workers: 2)
        options.mustacheOnly = true
        try fixture.build(into: reference, options: options)
        let files = fixture.publishedFiles()
        #expect(files.count > 40)
        #expect(fixture.publishedFiles(in: reference) == files)
        for file in files {
            let compiled = FileManager.default.contents(atPath: fixture.output + "/" + file)
            let expected = FileManager.default.contents(atPath: reference + "/" + file)
            #expect(compiled != nil && compiled == expected, "\(file) differs from swift-mustache's rendering")
        }
    }

    @Test func standaloneLinesWhitespaceAndCommentsAsSwiftMustache() throws {
        let context: PageEntries = [
            ("a", .flag(true)), ("b", .flag(false)), ("name", .text("Ana & <Bea>")), ("list", .objects([[("x", .text("1"))], [("x", .text("2"))]])),
            ("empty", .list([])),
        ]
        let templates = [
            "{{#a}}\nyes\n{{/a}}\n", "  {{#a}}\n  yes\n  {{/a}}\n", "x {{#a}}y{{/a}} z\n", "{{#a}}{{#a}}\nboth\n{{/a}}{{/a}}\n",
            "{{! a comment }}\nafter\n", "  {{! indented comment }}  \nafter", "{{#list}}\n- {{x}}\n{{/list}}\n", "{{^empty}}\nnone\n{{/empty}}\n",
            "{{^b}}not b{{/b}}|{{^a}}not a{{/a}}", "{{name}} {{{name}}} {{& name}}", "{{#list}}{{x}}{{^last}}, {{/last}}{{/list}}",
            "line\r\n{{#a}}\r\ncrlf\r\n{{/a}}\r\n", "{{#a}} \n spaced\n{{/a}} \n", "  {{name}}\n", "{{ name }}|{{missing}}|",
            "{{#a}}x{{/a}} {{#a}}\ny\n{{/a}}\n", "é {{name}} ü\n",
        ]
        for template in templates {
            let both = try Self.renderBoth(template, context)
            #expect(both.compiled == both.reference, "\(template.debugDescription)")
        }
    }

    @Test func unbalancedSectionsAreRejectedByBoth() {
        for template in ["{{/a}}", "{{#a}}\nunclosed", "{{#a}}x{{/b}}", "{{^a}}{{#b}}{{/a}}{{/b}}"] {
            #expect(throws: (any Error).self, "swift-mustache reads \(template.debugDescription)") { try Self.renderBoth(template, []) }
            #expect(CompiledTemplates(sources: ["page": Self.pragma + template], contentType: HTMLEscaping.name) == nil, "\(template.debugDescription)")
        }
    }

    @Test func namesAreFoundAsSwiftMustacheFindsThem() throws {
        let context: PageEntries = [
            ("title", .text("Top")), ("t", .labels(["label": "Etiqueta"])), ("count", .integer(3)), ("score", .real(6.5)), ("on", .flag(true)),
            ("item", .object([("title", .text("Inner")), ("deep", .object([("name", .text("Deepest"))]))])),
            ("rows", .objects([[("title", .text("Row 1"))], [("other", .text("no title"))]])), ("words", .list([.text("uno"), .text("dos")])),
        ]
        let templates = [
            "{{title}}|{{t.label}}|{{count}}|{{score}}|{{on}}", "{{#item}}{{title}}/{{t.label}}/{{deep.name}}/{{.title}}{{/item}}",
            "{{#rows}}[{{title}}|{{.title}}]{{/rows}}", "{{#words}}<{{.}}>{{/words}}", "{{item.deep.name}}|{{item.missing.name}}|{{item.title.name}}",
            "{{#title}}{{.}}:{{t.label}}{{/title}}", "{{#item.deep}}{{name}}{{/item.deep}}", "{{^item.missing}}absent{{/item.missing}}",
            "{{#count}}{{.}}{{/count}}", "{{#rows}}{{#title}}has {{title}}{{/title}}{{^title}}none{{/title}}{{/rows}}",
        ]
        for template in templates {
            let both = try Self.renderBoth(template, context)
            #expect(both.compiled == both.reference, "\(template)")
        }
    }

    @Test func partialsRenderInTheirCallersContext() throws {
        let partials = ["card": "<b>{{title}}</b>\n", "head": "<h1>{{title}}</h1>\n{{> card}}"]
        let context: PageEntries = [("title", .text("Página")), ("cards", .objects([[("title", .text("uno"))], [("title", .text("dos"))]]))]
        for template in ["{{> head}}\nbody\n", "{{#cards}}{{> card}}{{/cards}}", "{{#cards}}\n{{> card}}\n{{/cards}}\n", "x{{>card}}y"] {
            let both = try Self.renderBoth(template, partials: partials, context)
            #expect(both.compiled == both.reference, "\(template)")
        }
    }

    @Test func whatLiesOutsideTheSubsetIsLeftToSwiftMustache() throws {
        // Transforms, set delimiters, inheritance, dynamic and indented partials: not compiled, so rendered by swift-mustache.
        for template in ["{{uppercased(name)}}", "{{=<% %>=}}<% name %>", "{{<card}}{{$b}}x{{/b}}{{/card}}", "{{>*name}}", "  {{> card}}\n"] {
            let both = try Self.renderBoth(template, partials: ["card": "c{{$b}}{{/b}}"], [("name", .text("card"))])
            #expect(!both.compiles, "\(template) is outside the subset")
        }
        // A list or an object printed as a variable: no compiled answer, swift-mustache prints it.
        for context: PageEntries in [[("name", .list([.text("a")]))], [("name", .object([("title", .text("x"))]))]] {
            let both = try Self.renderBoth("{{name}}", context)
            #expect(both.compiles)
            #expect(both.compiled == nil)
        }
    }

    /// Random templates built from the pieces the site's templates are made of, compared with swift-mustache.
    @Test func randomTemplatesRenderAsSwiftMustacheRendersThem() throws {
        var generator = SplitMix64(seed: 20261125)
        let context: PageEntries = [
            ("a", .flag(true)), ("b", .flag(false)), ("s", .text("x<y>&\"'")), ("n", .integer(42)),
            ("list", .objects([[("s", .text("one")), ("a", .flag(false))], [("s", .text("two"))]])), ("none", .list([])),
            ("o", .object([("s", .text("inner")), ("p", .object([("s", .text("deeper"))]))])),
        ]
        // Variables name what the site's contexts show as text (a list or a dictionary printed is left to swift-mustache).
        let names = ["a", "b", "s", "n", "o.s", "o.p.s", ".s", "missing", "o.missing"]
        let texts = ["", " ", "  ", "\n", "text", "\t", " \n", "é·", "{", "}", "\r\n"]
        func piece(_ depth: Int) -> String {
            let name = names.randomElement(using: &generator) ?? "s"
            switch Int.random(in: 0..<10, using: &generator) {
            case 0, 1, 2: return texts.randomElement(using: &generator) ?? ""
            case 3: return "{{\(name)}}"
            case 4: return "{{{\(name)}}}"
            case 5: return "{{! note }}"
            case 6, 7, 8:
                guard depth < 3 else { return "{{s}}" }
                let kind = Bool.random(using: &generator) ? "#" : "^"
                let section = ["a", "b", "list", "none", "o", "s", "missing", "o.p"].randomElement(using: &generator) ?? "a"
                let body = (0..<Int.random(in: 0..<5, using: &generator)).map { _ in piece(depth + 1) }.joined()
                let open = (Bool.random(using: &generator) ? "\n" : "") + "{{\(kind)\(section)}}" + (Bool.random(using: &generator) ? "\n" : "")
                return open + body + (Bool.random(using: &generator) ? "\n" : "") + "{{/\(section)}}" + (Bool.random(using: &generator) ? "\n" : "")
            default: return "{{> part}}" + (Bool.random(using: &generator) ? "\n" : "")
            }
        }
        var compared = 0
        for _ in 0..<1_500 {
            let template = (0..<Int.random(in: 1..<9, using: &generator)).map { _ in piece(0) }.joined()
            guard let both = try? Self.renderBoth(template, partials: ["part": "[{{s}}]\n"], context) else { continue }
            #expect(both.compiled == nil || both.compiled == both.reference, "\(template.debugDescription)")
            if both.compiled != nil { compared += 1 }
        }
        #expect(compared > 1_200)
    }
}
