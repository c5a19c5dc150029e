import CarteleraModel
import Foundation
import Testing

@testable import CarteleraSite

/// What pages carry so their script can follow the reader's clock, and what they say without it.
@Suite struct LivePagesTests {
    @Test func tvNowCarriesEachChannelsScheduleForTwelveHoursAndSaysWhenItWasBuilt() throws {
        let fixture = try SiteFixture()
        try fixture.build()
        let html = fixture.text("tv/index.html")
        #expect(html.contains("<span data-built>Página generada el <time datetime=\"2026-11-25T17:00:00Z\">miércoles 25 de noviembre de 2026 · 18:00</time>. "
                              + "Los minutos restantes se cuentan desde esa hora.</span>"))
        #expect(fixture.text("en/tv/index.html").contains("Page built on <time datetime=\"2026-11-25T17:00:00Z\">Wednesday 25 November 2026 · 18:00</time>. "
                                                          + "Minutes left are counted from then."))
        let schedules = TVGridTests.matches(#"<template data-upcoming>([\s\S]*?)</template>"#, in: html)
        #expect(schedules.count == 2)
        let now = fixture.now.secondsSince1970
        let entry = try NSRegularExpression(pattern: #"<a href="(\.\./programme/[^"]+)" data-start="(\d+)" data-stop="(\d+)"><time datetime="[^"]+">\d\d:\d\d</time><span>"#)
        for text in schedules {
            let found = entry.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
                (2...3).compactMap { Range(match.range(at: $0), in: text).flatMap { Int64(text[$0]) } }
            }
            // The film on at 18:00 and the night show at 22:00; the next morning's news at 07:00 is more than twelve hours away.
            #expect(found.count == 2 && found.allSatisfy { $0.count == 2 }, "\(text)")
            guard let first = found.first, first.count == 2 else { continue }
            #expect(first[0] <= now && now < first[1], "the first is the programme on now")
            #expect(found.allSatisfy { $0[0] < now + 12 * 3600 } && found.map { $0[0] } == found.map { $0[0] }.sorted())
        }
        // A hostile title is text inside the template, escaped as everywhere else.
        #expect(html.contains("<span>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;") && !html.contains("<script>alert"))
    }

    @Test func aChannelsDayMarksWhenEachProgrammeIsOnTheAir() throws {
        let fixture = try SiteFixture()
        try fixture.build()
        let html = fixture.text("channel/La1.es/2026-11-26/index.html")
        #expect(html.contains("<ol class=\"schedule\" data-on-now=\"Ahora\">"))
        let start = fixture.madrid.instant(LocalDateTime(day: SiteFixture.days[2], hour: 7, minute: 0)).secondsSince1970
        #expect(html.contains("<li data-start=\"\(start)\" data-stop=\"\(start + 3 * 3600)\">"))
        // Listings by type are not live: no marks.
        #expect(!fixture.text("listings/type/film/2026-11-25/index.html").contains("data-stop"))
    }
}
