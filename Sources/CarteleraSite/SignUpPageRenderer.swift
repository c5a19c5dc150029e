import CarteleraModel
import Foundation

/// The pages `cartelera serve` answers the site's plain sign-up and cancellation forms with, in the site's layout and
/// the reader's language: the night, the booking's reference and cancellation code with the form to cancel, or what
/// went wrong, and a way back to the night.
///
/// A page is answered at the form's own address (`/api/nights/<id>/guestlist`, `…/guestlist/<reference>/cancel`), so
/// its links climb from there to the site's root and keep working when the site is served under a sub-path.
public struct SignUpPageRenderer: Sendable {
    /// The templates and labels.
    public let web: WebFolder
    /// The guide's zone, for the night's date and doors.
    public let zone: ZoneConverter

    /// A renderer through `web`'s `signup` template, times in `zone`.
    public init(web: WebFolder, zone: ZoneConverter) {
        self.web = web
        self.zone = zone
    }

    /// The night a page is about, as the store has it.
    public struct NightFacts: Sendable {
        /// The stored night.
        public var night: Night
        /// Its venue's name, when the store has the venue.
        public var venueName: String?

        /// The facts of `night` at `venueName`.
        public init(night: Night, venueName: String?) {
            self.night = night
            self.venueName = venueName
        }
    }

    /// What a form asked for came to.
    public enum Outcome: Sendable {
        /// On the list: the booking's reference and code (shown only now), the party and the places left.
        case accepted(reference: String, cancellationCode: String, partySize: Int, placesLeft: Int?)
        /// The booking is off the list.
        case cancelled(reference: String)
        /// Nothing was done, for this reason.
        case refused(SignUpProblem)
    }

    /// The reader's language for a form's answer: the form's `lang` field (the site's forms carry the language of the page
    /// they are on), else the first of `Accept-Language` the site is published in (by weight, then order), else Spanish.
    ///
    /// The page the form came from is known only through that field: the site's pages are served with
    /// `Referrer-Policy: no-referrer`, so browsers send no `Referer` to read it from.
    public static func language(formField: String?, acceptLanguage: String?) -> SiteLanguage {
        if let field = formField.flatMap({ SiteLanguage(rawValue: $0.lowercased()) }) { return field }
        var best: (language: SiteLanguage, weight: Double)?
        for range in (acceptLanguage ?? "").split(separator: ",") {
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let tag = parts.first, let primary = tag.split(separator: "-").first,
                  let language = SiteLanguage(rawValue: String(primary)) else { continue }
            // `q=` is 0 to 1 with up to three decimals; anything else counts as 1, and 0 means "not this one".
            let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) }.map { min(max($0, 0), 1) } ?? 1
            if weight > 0, weight > (best?.weight ?? 0) { best = (language, weight) }
        }
        return best?.language ?? .es
    }

    /// The page for `outcome` about `night`, answered at `path` (relative to the server's root, no leading slash), as UTF-8.
    public func page(_ outcome: Outcome, night: NightFacts?, language: SiteLanguage, path: String) -> [UInt8] {
        let labels = web.labels(language)
        let root = SitePaths.up(from: path)
        let languageRoot = root + language.folder
        let nightPath = night.map { SitePaths.night($0.night.id) } ?? SitePaths.tonight
        var context: PageEntries = [
            ("t", .labels(labels.texts)), ("lang", .text(language.rawValue)), ("root", .text(languageRoot)), ("siteRoot", .text(root)),
            ("assets", .text(root + "assets/")), ("noindex", .flag(true)), ("canonical", .text(languageRoot + nightPath)),
            ("alternate", .object([
                ("lang", .text(language.other.rawValue)), ("href", .text(root + language.other.folder + nightPath)),
                ("name", .text(language.other == .es ? "Español" : "English")),
            ])),
            ("backHref", .text(languageRoot + nightPath)), ("backText", .text(labels[night == nil ? "backToTonight" : "backToNight"])),
        ]
        if let night { context.append(("night", facts(night, labels: labels, href: languageRoot + nightPath))) }
        switch outcome {
        case .accepted(let reference, let code, let partySize, let placesLeft):
            var receipt: PageEntries = [
                ("reference", .text(reference)), ("code", .text(code)), ("partySize", .integer(partySize)),
                ("cancelAction", .text("guestlist/\(SitePaths.apiSegment(reference))/cancel")),
            ]
            if let placesLeft { receipt.append(("placesLeft", .integer(placesLeft))) }
            context += [("title", .text(labels["signUpAcceptedTitle"])), ("heading", .text(labels["signUpAcceptedHeading"])), ("receipt", .object(receipt))]
        case .cancelled(let reference):
            context += [
                ("title", .text(labels["signUpCancelledTitle"])), ("heading", .text(labels["signUpCancelledTitle"])),
                ("message", .text(labels["signUpCancelledText"].replacingOccurrences(of: "{reference}", with: reference))),
            ]
        case .refused(let problem):
            context += [
                ("title", .text(labels["signUpRefusedTitle"])), ("heading", .text(labels["signUpRefusedTitle"])), ("message", .text(problem.text(labels))),
                ("problem", .flag(true)),
            ]
        }
        return web.render(.object(context), template: "signup")
    }

    /// The night's title (linked to its page), evening, venue and doors.
    private func facts(_ facts: NightFacts, labels: SiteLabels, href: String) -> PageValue {
        let night = facts.night
        var values: PageEntries = [("title", .text(night.title)), ("href", .text(href)), ("eveningText", .text(labels.longDate(night.date)))]
        if let venue = facts.venueName, !venue.isEmpty { values.append(("venueName", .text(venue))) }
        if let doors = night.doors {
            let local = zone.local(doors)
            let clock = SitePages.clock(local.secondOfDay)
            values.append(("doors", .text(local.day == night.date ? clock : labels.shortDate(local.day) + " · " + clock)))
            values.append(("doorsISO", .text(doors.iso8601)))
        }
        return .object(values)
    }
}

/// Why a sign-up or cancellation was refused, in terms the reader's labels have a sentence for.
public struct SignUpProblem: Sendable, Equatable {
    /// What went wrong.
    public enum Reason: String, Sendable, CaseIterable {
        case closed, full, deadlinePassed, nightOver, notEnoughPlaces, alreadySignedUp, noGuestList, noNight, noBooking, wrongCode
        case name, contact, partySize, code, tooManyRequests, unavailable, other
    }

    /// What went wrong.
    public var reason: Reason
    /// The number the sentence names: places left for `notEnoughPlaces`, the largest party for `partySize`.
    public var number: Int?

    /// A problem for `reason`, naming `number` where its sentence does.
    public init(_ reason: Reason, number: Int? = nil) {
        self.reason = reason
        self.number = number
    }

    /// The sentence in the labels' language (`signUpProblem.<reason>`), its `{n}` filled in.
    func text(_ labels: SiteLabels) -> String {
        let sentence = labels.signUpProblems[reason.rawValue] ?? labels.signUpProblems[Reason.other.rawValue] ?? reason.rawValue
        return sentence.replacingOccurrences(of: "{n}", with: number.map(String.init) ?? "")
    }
}
