import CarteleraModel
import Foundation
import Testing
@testable import CarteleraScraping

@Test func weekRangeIsMondayToSunday() {
    let values = PlaceholderValues(day: Day(year: 2023, month: 1, day: 26)!)
    #expect(values.render("{week.start:yyyy-MM-dd}~{week.end:yyyy-MM-dd}") == "2023-01-23~2023-01-29")
}

@Test func relativeDayNamesTheDistanceFromToday() {
    var values = PlaceholderValues(day: Day(year: 2023, month: 1, day: 12)!)
    values.today = Day(year: 2023, month: 1, day: 11)
    #expect(values.render("{day.relative:oggi,domani,dopodomani}") == "domani")
    values.today = Day(year: 2023, month: 1, day: 1)
    #expect(values.render("/{day.relative:oggi,domani}/") == "//")
}

@Test func pageWordsCountFromOne() {
    let values = PlaceholderValues(day: nil, channel: nil, page: 2)
    #expect(values.render("period={page:morning,noon,afternoon}") == "period=noon")
    #expect(PlaceholderValues.unknownNames(in: "{page:a,b}{week.start:yyyy}{day.relative:x}").isEmpty)
}

@Test func bodyReplacementsKeepOtherBytes() throws {
    let pattern = try NSRegularExpression(pattern: "@click\\.prevent=")
    let latin1: [UInt8] = Array("<a @click.prevent=\"x\">caf".utf8) + [0xE9] + Array("</a>".utf8)
    let result = CompiledDefinition.replacing(latin1, [(pattern, "data-click=")])
    #expect(result == Array("<a data-click=\"x\">caf".utf8) + [0xE9] + Array("</a>".utf8))
}

@Test func dayNamesInOtherLanguagesAndTheDayOffset() {
    var values = PlaceholderValues(day: Day(year: 2021, month: 10, day: 24)!)
    values.today = Day(year: 2021, month: 10, day: 22)
    #expect(values.render("{date:EEEE@ro|lower|ascii}") == "duminica")
    #expect(values.render("{date:EEEE d MMMM@ca}") == "diumenge 24 octubre")
    #expect(values.render("{date:d MMMM@pl}") == "24 październik")
    #expect(values.render("{day.offset}") == "2")
}
