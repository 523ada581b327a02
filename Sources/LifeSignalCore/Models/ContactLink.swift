import FoundationEssentials

/// One side of a link between two accounts, as seen by its owner.
///
/// `isResponder` means the contact watches over the owner; `isDependent`
/// means the owner watches over the contact. The other side holds the
/// mirror image.
public struct ContactLink: Codable, Sendable, Equatable {
    public var contactID: EntityID
    public var isResponder: Bool
    public var isDependent: Bool
    public var addedAt: Date
    /// As the owner's responder: seconds after the owner's grace period
    /// before the contact is told of a missed check-in (the owner sets it).
    public var responderDelay: Int
    /// As the owner's dependent: seconds after the contact's grace period
    /// before the owner is told (the contact sets it; this is its mirror).
    public var dependentDelay: Int

    public init(contactID: EntityID, isResponder: Bool, isDependent: Bool, addedAt: Date,
                responderDelay: Int = 0, dependentDelay: Int = 0) {
        self.contactID = contactID
        self.isResponder = isResponder
        self.isDependent = isDependent
        self.addedAt = addedAt
        self.responderDelay = responderDelay
        self.dependentDelay = dependentDelay
    }

    /// The same link seen from the contact's side.
    public func mirrored(owner: EntityID) -> ContactLink {
        ContactLink(contactID: owner, isResponder: isDependent, isDependent: isResponder, addedAt: addedAt,
                    responderDelay: dependentDelay, dependentDelay: responderDelay)
    }

    enum CodingKeys: String, CodingKey {
        case contactID, isResponder, isDependent, addedAt, responderDelay, dependentDelay
    }

    /// Links written before delays existed have none.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        contactID = try c.decode(EntityID.self, forKey: .contactID)
        isResponder = try c.decode(Bool.self, forKey: .isResponder)
        isDependent = try c.decode(Bool.self, forKey: .isDependent)
        addedAt = try c.decode(Date.self, forKey: .addedAt)
        responderDelay = try c.decodeIfPresent(Int.self, forKey: .responderDelay) ?? 0
        dependentDelay = try c.decodeIfPresent(Int.self, forKey: .dependentDelay) ?? 0
    }

    /// Delays of zero are left out, so links without any read as before.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(contactID, forKey: .contactID)
        try c.encode(isResponder, forKey: .isResponder)
        try c.encode(isDependent, forKey: .isDependent)
        try c.encode(addedAt, forKey: .addedAt)
        if responderDelay != 0 { try c.encode(responderDelay, forKey: .responderDelay) }
        if dependentDelay != 0 { try c.encode(dependentDelay, forKey: .dependentDelay) }
    }
}
