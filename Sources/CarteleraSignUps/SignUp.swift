import CarteleraModel

/// One reader's place on a night's guest list, as the operator's door list needs it.
public struct SignUp: Codable, Sendable, Hashable {
    /// The booking reference given to the reader (`GL-…`), unique within the night.
    public var reference: String
    /// The name at the door.
    public var name: String
    /// How many people, the reader included.
    public var partySize: Int
    /// The e-mail address or phone number, as given (trimmed).
    public var contact: String
    /// The contact compared for duplicates: a lower-cased address, or a phone number's digits.
    public var contactKey: String
    /// SHA-256 of the cancellation code, hex: the code itself is never stored.
    public var codeHash: String
    /// When the sign-up was accepted.
    public var created: Timestamp
}

/// What a reader sends to join a list, before it is checked.
public struct SignUpRequest: Sendable, Hashable {
    /// The name at the door.
    public var name: String
    /// How many people, as text (a form field or a JSON number written out).
    public var partySize: String
    /// An e-mail address or a phone number.
    public var contact: String

    /// A request from its fields.
    public init(name: String, partySize: String, contact: String) {
        self.name = name
        self.partySize = partySize
        self.contact = contact
    }
}

/// What an accepted sign-up gives back: the only time the cancellation code is ever shown.
public struct SignUpReceipt: Sendable, Hashable {
    /// The night's id.
    public var night: String
    /// The booking reference.
    public var reference: String
    /// The secret code that cancels the sign-up.
    public var cancellationCode: String
    /// The party size accepted.
    public var partySize: Int
    /// Places left after this sign-up, when the list has a known number of places.
    public var placesLeft: Int?
}
