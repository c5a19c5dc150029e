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

    /// Folded weekday name (any language, full, or its first three letters outside Arabic) → ISO weekday (1 = Monday);
    /// names two languages give different days are left out (Turkish `paz` is Monday's and Sunday's).
    static let weekdaysByName: [String: Int] = {
        var table: [String: Int] = [:]
        var conflicting = Set<String>()
        func add(_ key: String, _ weekday: Int) {
            if let known = table[key], known != weekday { conflicting.insert(key) }
            table[key] = weekday
        }
        for (code, language) in languages {
            for (index, name) in language.weekdays.enumerated() {
                let key = TextFolding.fold(name)
                add(key, index + 1)
                // Portuguese "segunda-feira" is also written "segunda".
                if let first = key.split(separator: "-").first, first.count < key.count { add(String(first), index + 1) }
                if code != "ar", key.count > 3 { add(String(key.prefix(3)), index + 1) }
            }
        }
        for key in conflicting { table[key] = nil }
        return table
    }()

    /// Folded words for a day relative to today, in the languages above → days from today.
    static let relativeDays: [String: Int] = {
        let words: [(String, Int)] = [
            ("hoy", 0), ("mañana", 1), ("ayer", -1), ("pasado mañana", 2), ("esta noche", 0),
            ("avui", 0), ("demà", 1), ("ahir", -1), ("demà passat", 2), ("aquesta nit", 0),
            ("gaur", 0), ("bihar", 1), ("atzo", -1), ("etzi", 2),
            ("hoxe", 0), ("mañá", 1), ("onte", -1), ("pasado mañá", 2),
            ("hoje", 0), ("amanhã", 1), ("ontem", -1), ("depois de amanhã", 2),
            ("today", 0), ("tonight", 0), ("tomorrow", 1), ("yesterday", -1),
            ("aujourd'hui", 0), ("aujourd’hui", 0), ("ce soir", 0), ("demain", 1), ("hier", -1), ("après-demain", 2),
            ("oggi", 0), ("stasera", 0), ("domani", 1), ("ieri", -1), ("dopodomani", 2),
            ("heute", 0), ("morgen", 1), ("gestern", -1), ("übermorgen", 2),
            ("vandaag", 0), ("vanavond", 0), ("gisteren", -1), ("overmorgen", 2),
            ("dziś", 0), ("dzisiaj", 0), ("jutro", 1), ("wczoraj", -1), ("pojutrze", 2),
            ("dnes", 0), ("zítra", 1), ("včera", -1), ("pozítří", 2), ("zajtra", 1), ("pozajtra", 2),
            ("azi", 0), ("astăzi", 0), ("mâine", 1), ("poimâine", 2),
            ("ma", 0), ("holnap", 1), ("tegnap", -1), ("holnapután", 2),
            ("bugün", 0), ("yarın", 1), ("dün", -1),
            ("σήμερα", 0), ("αύριο", 1), ("χθες", -1), ("μεθαύριο", 2),
            ("اليوم", 0), ("غدا", 1), ("غداً", 1), ("أمس", -1), ("بعد غد", 2),
            ("hari ini", 0), ("besok", 1), ("kemarin", -1), ("lusa", 2),
        ]
        return Dictionary(words.map { (TextFolding.fold($0.0), $0.1) }, uniquingKeysWith: { first, _ in first })
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
