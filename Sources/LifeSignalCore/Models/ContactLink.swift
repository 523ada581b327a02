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

    public init(contactID: EntityID, isResponder: Bool, isDependent: Bool, addedAt: Date) {
        self.contactID = contactID
        self.isResponder = isResponder
        self.isDependent = isDependent
        self.addedAt = addedAt
    }

    /// The same link seen from the contact's side.
    public func mirrored(owner: EntityID) -> ContactLink {
        ContactLink(contactID: owner, isResponder: isDependent, isDependent: isResponder, addedAt: addedAt)
    }
}
