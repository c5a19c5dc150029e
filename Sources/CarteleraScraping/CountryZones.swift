import CarteleraCore
import CarteleraModel

/// The IANA zones of a country, so a night abroad read from its UTC offset gets its country's real zone
/// (with its daylight-saving rules) rather than a fixed `Etc/GMT±N`.
enum CountryZones {
    /// The candidate zones of a country named by ISO 3166 code or by its English or local name, most populous first.
    static func candidates(_ country: String) -> [String] {
        let key = TextFolding.fold(country)
        return byCode[key] ?? names[key].flatMap { byCode[$0] } ?? []
    }

    /// The first of the country's zones whose offset at `instant` is `offset` seconds, if any.
    static func zone(of country: String, offset: Int, at instant: Timestamp) -> ZoneConverter? {
        candidates(country).lazy.compactMap(ZoneConverter.init(identifier:)).first { $0.offset(at: instant) == offset }
    }

    private static let byCode: [String: [String]] = [
        "es": ["Europe/Madrid", "Atlantic/Canary"], "pt": ["Europe/Lisbon", "Atlantic/Azores"], "fr": ["Europe/Paris"],
        "ad": ["Europe/Andorra"], "gb": ["Europe/London"], "uk": ["Europe/London"], "ie": ["Europe/Dublin"],
        "it": ["Europe/Rome"], "de": ["Europe/Berlin"], "at": ["Europe/Vienna"], "ch": ["Europe/Zurich"],
        "be": ["Europe/Brussels"], "nl": ["Europe/Amsterdam"], "lu": ["Europe/Luxembourg"], "pl": ["Europe/Warsaw"],
        "cz": ["Europe/Prague"], "sk": ["Europe/Bratislava"], "hu": ["Europe/Budapest"], "ro": ["Europe/Bucharest"],
        "bg": ["Europe/Sofia"], "gr": ["Europe/Athens"], "tr": ["Europe/Istanbul"], "se": ["Europe/Stockholm"],
        "no": ["Europe/Oslo"], "dk": ["Europe/Copenhagen"], "fi": ["Europe/Helsinki"], "is": ["Atlantic/Reykjavik"],
        "ee": ["Europe/Tallinn"], "mn": ["Asia/Ulaanbaatar"], "ma": ["Africa/Casablanca"],
        "us": ["America/New_York", "America/Chicago", "America/Denver", "America/Phoenix", "America/Los_Angeles",
               "America/Anchorage", "Pacific/Honolulu"],
        "ca": ["America/Toronto", "America/Vancouver", "America/Edmonton", "America/Winnipeg", "America/Halifax", "America/St_Johns"],
        "mx": ["America/Mexico_City", "America/Tijuana", "America/Hermosillo", "America/Cancun"],
        "ar": ["America/Argentina/Buenos_Aires"], "uy": ["America/Montevideo"], "cl": ["America/Santiago"],
        "co": ["America/Bogota"], "pe": ["America/Lima"], "br": ["America/Sao_Paulo", "America/Manaus"],
        "au": ["Australia/Sydney", "Australia/Brisbane", "Australia/Adelaide", "Australia/Perth", "Australia/Darwin"],
        "id": ["Asia/Jakarta", "Asia/Makassar", "Asia/Jayapura"], "kr": ["Asia/Seoul"], "jp": ["Asia/Tokyo"],
    ]

    private static let names: [String: String] = [
        "spain": "es", "espana": "es", "portugal": "pt", "france": "fr", "francia": "fr", "andorra": "ad",
        "united kingdom": "gb", "reino unido": "gb", "ireland": "ie", "irlanda": "ie", "italy": "it", "italia": "it",
        "germany": "de", "alemania": "de", "deutschland": "de", "austria": "at", "switzerland": "ch", "suiza": "ch",
        "belgium": "be", "belgica": "be", "netherlands": "nl", "paises bajos": "nl", "luxembourg": "lu", "poland": "pl",
        "polonia": "pl", "czechia": "cz", "czech republic": "cz", "slovakia": "sk", "hungary": "hu", "romania": "ro",
        "rumania": "ro", "bulgaria": "bg", "greece": "gr", "grecia": "gr", "turkey": "tr", "turquia": "tr",
        "sweden": "se", "norway": "no", "denmark": "dk", "finland": "fi", "iceland": "is", "estonia": "ee",
        "mongolia": "mn", "morocco": "ma", "marruecos": "ma", "united states": "us", "estados unidos": "us", "usa": "us",
        "canada": "ca", "mexico": "mx", "argentina": "ar", "uruguay": "uy", "chile": "cl", "colombia": "co",
        "peru": "pe", "brazil": "br", "brasil": "br", "australia": "au", "indonesia": "id", "south korea": "kr",
        "corea del sur": "kr", "japan": "jp", "japon": "jp",
    ]
}
