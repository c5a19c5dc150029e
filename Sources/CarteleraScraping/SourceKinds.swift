/// Every kind of source the engine knows: one line per kind.
enum SourceKinds {
    /// The kinds, in the order listings name them.
    static let registered: [any KindSection.Type] = [
        ScheduleSection.self,
        XMLTVSection.self,
        AudienceSection.self,
        ClubListingSection.self,
        JSONLDSection.self,
    ]

    /// The kind of that name, if the engine knows it.
    static func named(_ name: String) -> (any KindSection.Type)? {
        registered.first { $0.kind.rawValue == name }
    }

    /// The names of every kind, for messages.
    static var names: [String] { registered.map { $0.kind.rawValue } }
}
