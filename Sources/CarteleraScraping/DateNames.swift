import CarteleraCore

/// Month and weekday names by language, for reading dates and for `{date:EEEE@ro}`-style placeholders.
///
/// Months are listed January first, weekdays Monday first, in the form a listing writes them (lowercase
/// where the language does). Reading folds accents and case, and also accepts a few genitive forms.
public enum DateNames {
    /// A language's names.
    public struct Language: Sendable {
        /// Full month names, January first.
        public let months: [String]
        /// Full weekday names, Monday first.
        public let weekdays: [String]
        /// Other month forms a date may use (genitives), January first, or empty.
        public let otherMonths: [String]
    }

    /// The languages known, by code: es ca eu gl pt en fr it de nl pl cs sk ro hu tr el ar id.
    public static let languages: [String: Language] = [
        "es": .init(months: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
                    weekdays: ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"], otherMonths: []),
        "ca": .init(months: ["gener", "febrer", "març", "abril", "maig", "juny", "juliol", "agost", "setembre", "octubre", "novembre", "desembre"],
                    weekdays: ["dilluns", "dimarts", "dimecres", "dijous", "divendres", "dissabte", "diumenge"], otherMonths: []),
        "eu": .init(months: ["urtarrila", "otsaila", "martxoa", "apirila", "maiatza", "ekaina", "uztaila", "abuztua", "iraila", "urria", "azaroa", "abendua"],
                    weekdays: ["astelehena", "asteartea", "asteazkena", "osteguna", "ostirala", "larunbata", "igandea"], otherMonths: []),
        "gl": .init(months: ["xaneiro", "febreiro", "marzo", "abril", "maio", "xuño", "xullo", "agosto", "setembro", "outubro", "novembro", "decembro"],
                    weekdays: ["luns", "martes", "mércores", "xoves", "venres", "sábado", "domingo"], otherMonths: []),
        "pt": .init(months: ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"],
                    weekdays: ["segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado", "domingo"], otherMonths: []),
        "en": .init(months: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
                    weekdays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"], otherMonths: []),
        "fr": .init(months: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
                    weekdays: ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"], otherMonths: []),
        "it": .init(months: ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"],
                    weekdays: ["lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica"], otherMonths: []),
        "de": .init(months: ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
                    weekdays: ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"], otherMonths: ["Jänner"]),
        "nl": .init(months: ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"],
                    weekdays: ["maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag"], otherMonths: []),
        "pl": .init(months: ["styczeń", "luty", "marzec", "kwiecień", "maj", "czerwiec", "lipiec", "sierpień", "wrzesień", "październik", "listopad", "grudzień"],
                    weekdays: ["poniedziałek", "wtorek", "środa", "czwartek", "piątek", "sobota", "niedziela"],
                    otherMonths: ["stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia", "września", "października", "listopada", "grudnia"]),
        "cs": .init(months: ["leden", "únor", "březen", "duben", "květen", "červen", "červenec", "srpen", "září", "říjen", "listopad", "prosinec"],
                    weekdays: ["pondělí", "úterý", "středa", "čtvrtek", "pátek", "sobota", "neděle"],
                    otherMonths: ["ledna", "února", "března", "dubna", "května", "června", "července", "srpna", "září", "října", "listopadu", "prosince"]),
        "sk": .init(months: ["január", "február", "marec", "apríl", "máj", "jún", "júl", "august", "september", "október", "november", "december"],
                    weekdays: ["pondelok", "utorok", "streda", "štvrtok", "piatok", "sobota", "nedeľa"],
                    otherMonths: ["januára", "februára", "marca", "apríla", "mája", "júna", "júla", "augusta", "septembra", "októbra", "novembra", "decembra"]),
        "ro": .init(months: ["ianuarie", "februarie", "martie", "aprilie", "mai", "iunie", "iulie", "august", "septembrie", "octombrie", "noiembrie", "decembrie"],
                    weekdays: ["luni", "marți", "miercuri", "joi", "vineri", "sâmbătă", "duminică"], otherMonths: []),
        "hu": .init(months: ["január", "február", "március", "április", "május", "június", "július", "augusztus", "szeptember", "október", "november", "december"],
                    weekdays: ["hétfő", "kedd", "szerda", "csütörtök", "péntek", "szombat", "vasárnap"], otherMonths: []),
        "tr": .init(months: ["Ocak", "Şubat", "Mart", "Nisan", "Mayıs", "Haziran", "Temmuz", "Ağustos", "Eylül", "Ekim", "Kasım", "Aralık"],
                    weekdays: ["Pazartesi", "Salı", "Çarşamba", "Perşembe", "Cuma", "Cumartesi", "Pazar"], otherMonths: []),
        "el": .init(months: ["Ιανουάριος", "Φεβρουάριος", "Μάρτιος", "Απρίλιος", "Μάιος", "Ιούνιος", "Ιούλιος", "Αύγουστος", "Σεπτέμβριος", "Οκτώβριος", "Νοέμβριος", "Δεκέμβριος"],
                    weekdays: ["Δευτέρα", "Τρίτη", "Τετάρτη", "Πέμπτη", "Παρασκευή", "Σάββατο", "Κυριακή"],
                    otherMonths: ["Ιανουαρίου", "Φεβρουαρίου", "Μαρτίου", "Απριλίου", "Μαΐου", "Ιουνίου", "Ιουλίου", "Αυγούστου", "Σεπτεμβρίου", "Οκτωβρίου", "Νοεμβρίου", "Δεκεμβρίου"]),
        "ar": .init(months: ["يناير", "فبراير", "مارس", "أبريل", "مايو", "يونيو", "يوليو", "أغسطس", "سبتمبر", "أكتوبر", "نوفمبر", "ديسمبر"],
                    weekdays: ["الاثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة", "السبت", "الأحد"], otherMonths: []),
        "id": .init(months: ["Januari", "Februari", "Maret", "April", "Mei", "Juni", "Juli", "Agustus", "September", "Oktober", "November", "Desember"],
                    weekdays: ["Senin", "Selasa", "Rabu", "Kamis", "Jumat", "Sabtu", "Minggu"], otherMonths: []),
    ]

    /// Folded month name (any language, full or genitive) → month number; names two languages give different months are left out.
    static let monthsByName: [String: Int] = {
        var table: [String: Int] = [:]
        var conflicting = Set<String>()
        for language in languages.values {
            for (index, name) in Array(language.months.enumerated()) + Array(language.otherMonths.enumerated()) where !name.isEmpty {
                let key = TextFolding.fold(name)
                if let known = table[key], known != index + 1 { conflicting.insert(key) }
                table[key] = index + 1
            }
        }
        for key in conflicting { table[key] = nil }
        return table
    }()

    /// The month's name in a language (nil for an unknown code).
    static func month(_ month: Int, language: String) -> String? {
        guard let names = languages[language]?.months, names.indices.contains(month - 1) else { return nil }
        return names[month - 1]
    }

    /// The weekday's name (1 = Monday) in a language (nil for an unknown code).
    static func weekday(_ isoWeekday: Int, language: String) -> String? {
        guard let names = languages[language]?.weekdays, names.indices.contains(isoWeekday - 1) else { return nil }
        return names[isoWeekday - 1]
    }
}
