import CarteleraModel
import CarteleraScraping
import Testing

@Suite struct DateTimeFormatTests {
    func parts(_ pattern: String, _ text: String) throws -> DateTimeParts? {
        try DateTimeFormat(pattern).parse(text)
    }

    @Test func clockTimesAreFoundInsideText() throws {
        let parts = try #require(try parts("HH:mm", "Emisión: 21:35 hrs."))
        #expect(parts.hour == 21)
        #expect(parts.minute == 35)
        #expect(try self.parts("H.mm", "5.21")?.secondOfDay == 5 * 3600 + 21 * 60)
    }

    @Test(arguments: [
        ("EEEE d 'de' MMMM", "Viernes 28 de noviembre", 11, 28),
        ("EEEE d MMMM", "JUEVES 16 ENERO", 1, 16),
        ("EEE, d MMM", "Dom, 26 jan", 1, 26),
        ("d MMM", "3 sept.", 9, 3),
        ("MMMM d", "February 21", 2, 21),
        ("d MMMM", "1 août", 8, 1),
        ("dd/MM", "Monday 26/06 09:00", 6, 26),
        ("EEEE d MMMM", "czwartek 5 grudnia", 12, 5),
        ("d. MMMM", "7. října", 10, 7),
        ("EEEE, d MMMM", "Κυριακή, 3 Μαΐου", 5, 3),
        ("d MMMM", "14 Ağustos", 8, 14),
        ("MMMM d.", "március 15.", 3, 15),
        ("d MMMM", "9 Maret", 3, 9),
        ("d MMMM", "12 urria", 10, 12),
        ("d MMMM", "2 xuño", 6, 2),
        ("d MMMM", "4 maart", 3, 4),
        ("d MMMM", "21 يونيو", 6, 21),
    ])
    func monthNamesInSeveralLanguages(pattern: String, text: String, month: Int, day: Int) throws {
        let parts = try #require(try DateTimeFormat(pattern).parse(text))
        #expect(parts.month == month)
        #expect(parts.day == day)
    }

    @Test func twelveHourClocksReadAmAndPm() throws {
        #expect(try parts("h:mma", "11:40pm Monday")?.hour == 23)
        #expect(try parts("h:mm a", "12:15 a. m.")?.hour == 0)
        #expect(try parts("h:mm a", "12:15 PM")?.hour == 12)
    }

    @Test func offsetsAndFullDates() throws {
        let parts = try #require(try parts("yyyy-MM-dd HH:mm:ssXXX", "2025-01-18 00:00:00-03:00"))
        #expect(parts.year == 2025)
        #expect(parts.offset == -3 * 3600)
    }

    @Test func epochAndISOFormats() throws {
        #expect(try parts("epoch", "1667824800")?.instant == Timestamp(secondsSince1970: 1_667_824_800))
        #expect(try parts("epoch-ms", "1667824800000")?.instant == Timestamp(secondsSince1970: 1_667_824_800))
        #expect(try parts("iso8601", "2021-11-08T06:00:00+01:00")?.instant?.iso8601 == "2021-11-08T05:00:00Z")
    }

    @Test func textWithoutAMatchGivesNothing() throws {
        #expect(try parts("HH:mm", "Madrugada") == nil)
        #expect(try parts("d MMMM", "32 enero") == nil)
    }

    @Test func badPatternsAreRefusedWithAReason() {
        #expect(throws: ScrapeMessage.self) { try DateTimeFormat("d 'de MMMM") }
        #expect(throws: ScrapeMessage.self) { try DateTimeFormat("HH:mm Q") }
    }
}

@Suite struct NumberParsingTests {
    @Test(arguments: [
        ("1.234.000", 1_234_000.0), ("1,234,000", 1_234_000), ("14,2 %", 14.2), ("14.2%", 14.2), ("2.345", 2345),
        ("0,8", 0.8), ("−", nil), ("+0,3", 0.3), ("-1,5", -1.5), ("1.234,56", 1234.56), ("1,234.56", 1234.56),
    ] as [(String, Double?)])
    func numbersAsListingsWriteThem(text: String, value: Double?) {
        #expect(NumberParsing.decimal(text) == value)
    }

    @Test(arguments: [
        ("95 min", 95 * 60), ("1h 30min", 90 * 60), ("01:30", 90 * 60), ("News - Duration : 01h00", 3600), ("PT1H30M", 90 * 60), ("45", 45 * 60),
    ])
    func durationsInTheirUsualForms(text: String, seconds: Int) {
        #expect(NumberParsing.duration(text) == seconds)
    }
}
