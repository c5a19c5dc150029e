@testable import CarteleraScraping
import CarteleraModel
import FuzzSupport

/// Number, duration, date/time-format, XMLTV-time and JSON-LD-time parsing, the fuzzer choosing the format.
///
/// Input: the first line is a `DateTimeFormat` pattern (also used as a `{date:…}` placeholder pattern), the
/// rest is the text every parser reads.
@_cdecl("LLVMFuzzerTestOneInput")
public func timeAndNumbersHarness(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let (lines, rest) = FuzzInput(data, size).lines(1)
    let pattern = lines[0]
    let text = String(decoding: rest, as: UTF8.self)
    let day = FuzzEnvironment.day
    let zone = TimeAndNumbers.zone

    _ = NumberParsing.decimal(text)
    _ = NumberParsing.integer(text)
    _ = NumberParsing.duration(text)
    _ = CharacterReferences.decode(text)
    _ = XMLTVTime.parse(text)
    _ = Timestamp(iso8601: text)
    _ = Day(text)
    if let time = JSONLDTime(text) { _ = time.instant(in: zone) }
    _ = PlaceholderValues.format(day, pattern)

    if let format = try? DateTimeFormat(pattern), let parts = format.parse(text) {
        _ = parts.secondOfDay
        _ = ScheduleScraper.day(from: parts, near: day)
        if let time = ScheduleScraper.scheduleTime(parts, near: day, header: nil) {
            let slots = [ScheduleSlot(start: time, stop: time, duration: NumberParsing.duration(text))]
            _ = ScheduleTimeline.resolve(slots, day: day, zone: zone, rules: TimelineRules(broadcastDayStart: parts.secondOfDay))
        }
    }
    return 0
}

/// What the harness reads times against.
enum TimeAndNumbers {
    /// A zone with daylight saving, so conversions cross its gaps and overlaps.
    static let zone: ZoneConverter = {
        guard let zone = ZoneConverter(identifier: "Europe/Madrid") else { fatalError("the system has no Europe/Madrid zone") }
        return zone
    }()
}

runLibFuzzer(timeAndNumbersHarness)
