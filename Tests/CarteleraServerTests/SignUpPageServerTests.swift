import CarteleraModel
import CarteleraTesting
import Foundation
import Testing

/// The site's plain sign-up and cancellation forms, answered over real HTTP with the site's pages: its layout, the reader's
/// language, the right status and a way back.
@Suite struct SignUpPageServerTests {
    static let form = ["Content-Type": "application/x-www-form-urlencoded"]
    static let hostile = "<script>alert('x')</script>\"><img src=x onerror=alert(1)>"

    static func path(_ night: String) -> String { "/api/nights/\(ServerFixture.segment(night))/guestlist" }

    /// The night's page on the site, from an answer at the guest list's address (three folders down) in `language`.
    static func nightLink(_ night: String, _ language: String) -> String {
        let segment = night.unicodeScalars.map { scalar -> String in
            CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || scalar == "." || scalar == "-" ? String(scalar) : "_"
        }.joined()
        return "../../../\(language == "en" ? "en/" : "")night/\(segment)/index.html"
    }

    /// What every answer shares: a page of the site in `language`, never cached, its stylesheet and header from the root.
    static func expectSitePage(_ reply: LoopbackClient.Reply, status: Int, language: String, depth: Int = 3, _ comment: String) {
        let up = String(repeating: "../", count: depth)
        #expect(reply.status == status, "\(comment): \(reply.status) \(reply.text.prefix(300))")
        #expect(reply.headers["content-type"] == "text/html; charset=utf-8", "\(comment)")
        #expect(reply.headers["cache-control"] == "no-store", "\(comment)")
        #expect(reply.text.hasPrefix("<!DOCTYPE html>\n<html lang=\"\(language)\">"), "\(comment)")
        #expect(reply.text.contains("<link rel=\"stylesheet\" href=\"\(up)assets/site.css\">"), "\(comment)")
        #expect(reply.text.contains("<p class=\"brand\"><a href=\"\(up)\(language == "en" ? "en/" : "")index.html\">Cartelera</a></p>"), "\(comment)")
        #expect(!reply.text.contains(language == "en" ? "Volver" : "Back to"), "\(comment): the other language")
    }

    @Test(arguments: ["es", "en"])
    func aFormSignUpAndItsCancellationAnswerTheSitesPagesInTheFormsLanguage(language: String) async throws {
        let fixture = try ServerFixture()
        try await fixture.start()
        defer { Task { await fixture.stop() } }
        let open = Self.path(ServerFixture.openNight)
        let english = language == "en"
        let joined = try await fixture.send("POST", open, headers: Self.form,
                                            body: Array("lang=\(language)&name=Ana+L%C3%B3pez&party_size=2&contact=ana%40example.com".utf8))
        Self.expectSitePage(joined, status: 201, language: language, "sign-up")
        #expect(joined.text.contains("<h1>\(english ? "You are on the list" : "Estás en la lista")</h1>"))
        #expect(joined.text.contains("<dd><a href=\"\(Self.nightLink(ServerFixture.openNight, language))\">Noche Abierta</a></dd>"))
        #expect(joined.text.contains("<dd>Sala Prueba</dd>") && joined.text.contains(english ? "Friday 27 November 2026" : "viernes 27 de noviembre de 2026"))
        #expect(joined.text.contains("<a href=\"\(Self.nightLink(ServerFixture.openNight, language))\">← \(english ? "Back to the night" : "Volver a la noche")</a>"))
        #expect(!joined.text.contains("Ana"), "the reader's name is not echoed")
        let reference = try #require(joined.text.firstMatch(of: /<code>(GL-[0-9A-Z]{8})<\/code>/)?.1)
        let code = try #require(joined.text.firstMatch(of: /name="code" value="([0-9A-Z]{26})"/)?.1)
        #expect(joined.text.contains("<form class=\"cancel\" method=\"post\" action=\"guestlist/\(reference)/cancel\">"))
        #expect(joined.text.contains("<input type=\"hidden\" name=\"lang\" value=\"\(language)\">"))
        #expect(joined.text.contains(english ? "<dt>Places left</dt><dd>48</dd>" : "<dt>Plazas libres</dt><dd>48</dd>"), "\(joined.text)")

        // The cancel form, posted from that page: two folders deeper.
        let cancelled = try await fixture.send("POST", "\(open)/\(reference)/cancel", headers: Self.form, body: Array("code=\(code)&lang=\(language)".utf8))
        Self.expectSitePage(cancelled, status: 200, language: language, depth: 5, "cancellation")
        #expect(cancelled.text.contains(english ? "<p class=\"lead\">Booking \(reference) is off the list.</p>" : "<p class=\"lead\">La reserva \(reference) ya no está en la lista.</p>"))
        #expect(cancelled.text.contains("<a href=\"../../\(Self.nightLink(ServerFixture.openNight, language))\">← "))
        #expect(ServerFixture.object(try await fixture.get(open))["placesLeft"] as? Int == 50)

        // Cancelling twice: that booking is gone, said on the site's page.
        let again = try await fixture.send("POST", "\(open)/\(reference)/cancel", headers: Self.form, body: Array("code=\(code)&lang=\(language)".utf8))
        Self.expectSitePage(again, status: 404, language: language, depth: 5, "second cancellation")
        #expect(again.text.contains(english ? "No booking with that reference" : "No hay ninguna reserva con esa referencia"), "\(again.text)")
    }

    @Test func withoutTheFormsFieldTheLanguageIsTheReadersAcceptLanguage() async throws {
        let fixture = try ServerFixture()
        try await fixture.start()
        defer { Task { await fixture.stop() } }
        let full = Self.path(ServerFixture.fullNight)
        let body = Array("name=Eva&party_size=1&contact=eva%40example.com".utf8)
        let english = try await fixture.send("POST", full, headers: Self.form.merging(["Accept-Language": "fr-FR, en-GB;q=0.8, es;q=0.5"]) { $1 }, body: body)
        Self.expectSitePage(english, status: 409, language: "en", "Accept-Language English first")
        let spanish = try await fixture.send("POST", full, headers: Self.form.merging(["Accept-Language": "en;q=0.3, es-ES"]) { $1 }, body: body)
        Self.expectSitePage(spanish, status: 409, language: "es", "Accept-Language Spanish first")
        let neither = try await fixture.send("POST", full, headers: Self.form.merging(["Accept-Language": "de"]) { $1 }, body: body)
        Self.expectSitePage(neither, status: 409, language: "es", "no language of the site: Spanish")
        // The form's field is the page the reader was on: it wins over the browser's languages.
        let field = try await fixture.send("POST", full, headers: Self.form.merging(["Accept-Language": "es"]) { $1 }, body: Array("lang=en&".utf8) + body)
        Self.expectSitePage(field, status: 409, language: "en", "the form's lang field")
    }

    @Test(arguments: ["es", "en"])
    func aRefusedFormAnswersWhyWithItsStatusAndAWayBack(language: String) async throws {
        let fixture = try ServerFixture()
        try await fixture.start { $0.signUpsPerMinute = 6 }
        defer { Task { await fixture.stop() } }
        let english = language == "en"
        func post(_ night: String, _ fields: String) async throws -> LoopbackClient.Reply {
            try await fixture.send("POST", Self.path(night), headers: Self.form, body: Array("lang=\(language)&\(fields)".utf8))
        }
        let full = try await post(ServerFixture.fullNight, "name=Eva&party_size=1&contact=eva%40example.com")
        Self.expectSitePage(full, status: 409, language: language, "full list")
        #expect(full.text.contains("<h1>\(english ? "That did not work" : "No se pudo hacer")</h1>"))
        #expect(full.text.contains("<p class=\"problem\">\(english ? "The guest list is full." : "La lista de invitados está completa.")</p>"))
        #expect(full.text.contains("<a href=\"\(Self.nightLink(ServerFixture.fullNight, language))\">← \(english ? "Back to the night" : "Volver a la noche")</a>"))

        // The fixture's list takes parties of at most 4 ("Máximo 4 personas"): the sentence names it.
        let party = try await post(ServerFixture.openNight, "name=Eva&party_size=9&contact=eva%40example.com")
        Self.expectSitePage(party, status: 400, language: language, "party size")
        #expect(party.text.contains(english ? "People: a whole number from 1 to 4." : "Personas: un número entero del 1 al 4."), "\(party.text)")
        #expect(party.text.contains("<a href=\"\(Self.nightLink(ServerFixture.openNight, language))\">← "))

        let unknown = try await post("madrid/sala-prueba@2026-11-27#no-existe", "name=Eva&party_size=1&contact=eva%40example.com")
        Self.expectSitePage(unknown, status: 404, language: language, "unknown night")
        #expect(unknown.text.contains(english ? "That night is no longer listed." : "Esa noche ya no está en la cartelera."))
        #expect(unknown.text.contains("<a href=\"../../../\(english ? "en/" : "")tonight/index.html\">← \(english ? "Back to tonight" : "Volver a esta noche")</a>"))

        let closed = try await post(ServerFixture.closedNight, "name=Eva&party_size=1&contact=eva%40example.com")
        Self.expectSitePage(closed, status: 409, language: language, "closed list")
        #expect(closed.text.contains(english ? "The guest list is closed." : "La lista de invitados está cerrada."))

        let contact = try await post(ServerFixture.openNight, "name=Eva&party_size=1&contact=no")
        Self.expectSitePage(contact, status: 400, language: language, "bad contact")
        #expect(contact.text.contains(english ? "E-mail or phone" : "Correo o teléfono"), "\(contact.text)")

        // The sign-up limit (6 a minute; five posted above): the page says to wait, with the header saying how long.
        let limited = try await post(ServerFixture.openNight, "name=Eva&party_size=1&contact=eva%40example.com")
        #expect(limited.status == 201 || limited.status == 429)
        let over = try await post(ServerFixture.openNight, "name=Eva&party_size=1&contact=eva2%40example.com")
        Self.expectSitePage(over, status: 429, language: language, "rate limited")
        #expect(over.headers["retry-after"] != nil)
        #expect(over.text.contains(english ? "Too many requests in a row" : "Demasiadas solicitudes seguidas"))

        // The API itself still answers JSON.
        let json = try await fixture.postJSON(Self.path(ServerFixture.fullNight), #"{"name":"Eva","party_size":1,"contact":"eva3@example.com"}"#)
        #expect(json.headers["content-type"] == "application/json; charset=utf-8")
    }

    @Test func aHostileNightTitleStaysEscapedOnEveryAnswer() async throws {
        let fixture = try ServerFixture(moreNights: [Self.hostile])
        try await fixture.start()
        defer { Task { await fixture.stop() } }
        let night = Night.id(venue: ServerFixture.club, date: ServerFixture.evening, title: Self.hostile)
        let path = Self.path(night)
        let joined = try await fixture.send("POST", path, headers: Self.form, body: Array("lang=en&name=Eva&party_size=1&contact=eva%40example.com".utf8))
        let reference = try #require(joined.text.firstMatch(of: /<code>(GL-[0-9A-Z]{8})<\/code>/)?.1)
        let code = try #require(joined.text.firstMatch(of: /name="code" value="([0-9A-Z]{26})"/)?.1)
        let refused = try await fixture.send("POST", path, headers: Self.form, body: Array("lang=es&name=Eva&party_size=1&contact=eva%40example.com".utf8))
        let cancelled = try await fixture.send("POST", "\(path)/\(reference)/cancel", headers: Self.form, body: Array("code=\(code)&lang=es".utf8))
        for (name, reply, status) in [("sign-up", joined, 201), ("refusal", refused, 409), ("cancellation", cancelled, 200)] {
            #expect(reply.status == status, "\(name)")
            #expect(reply.text.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"), "\(name): \(reply.text)")
            #expect(!reply.text.contains("<script>alert") && !reply.text.contains("<img src=x"), "\(name)")
        }
    }
}
