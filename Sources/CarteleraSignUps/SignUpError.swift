/// Why a sign-up, a cancellation or a door list was refused or failed, with the field or file it concerns.
public struct SignUpError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure; each maps to one HTTP status in the server.
    public enum Kind: String, Sendable {
        /// A field is missing or malformed (`field` names it).
        case invalid
        /// No such night, list or booking reference.
        case notFound
        /// The list's state refuses it (`reason` says which: closed, full, deadline passed…).
        case refused
        /// The cancellation code does not match.
        case wrongCode
        /// The sign-ups file could not be read or written (`file` names it).
        case storage
    }

    /// The reasons a list refuses a sign-up, as stable identifiers for clients.
    public enum Reason: String, Sendable {
        /// The page says the list is closed.
        case closed
        /// No places are left.
        case full
        /// Sign-up closed at the list's deadline.
        case deadlinePassed = "deadline_passed"
        /// The night is over.
        case nightOver = "night_over"
        /// The party is larger than the places left.
        case notEnoughPlaces = "not_enough_places"
        /// This contact is already on the list.
        case alreadySignedUp = "already_signed_up"
        /// The night has no guest list.
        case noGuestList = "no_guest_list"
    }

    /// What kind of failure.
    public var kind: Kind
    /// The request field at fault (`name`, `party_size`, `contact`, `code`).
    public var field: String?
    /// Why the list refused, for `.refused`.
    public var reason: Reason?
    /// The sign-ups file, for `.storage`.
    public var file: String?
    /// What happened, in words a reader can act on.
    public var message: String

    /// An error from its parts.
    public init(kind: Kind, field: String? = nil, reason: Reason? = nil, file: String? = nil, message: String) {
        self.kind = kind
        self.field = field
        self.reason = reason
        self.file = file
        self.message = message
    }

    /// A malformed field.
    static func invalid(_ field: String, _ message: String) -> SignUpError { SignUpError(kind: .invalid, field: field, message: message) }

    /// A refusal by the list's state.
    static func refused(_ reason: Reason, _ message: String) -> SignUpError { SignUpError(kind: .refused, reason: reason, message: message) }

    /// One line naming the field, reason or file.
    public var description: String {
        if let file { return "sign-ups \(file): \(message)" }
        if let field { return "\(field): \(message)" }
        if let reason { return "\(reason.rawValue): \(message)" }
        return message
    }
}
