import LifeSignalCore

extension World {
    /// `owner` invites `phone`, as `contacts add --phone` does.
    @discardableResult
    public func invite(_ owner: Account, _ phone: String, responder: Bool, dependent: Bool = false,
                       first: String? = nil, last: String? = nil) throws -> Invitation {
        var fresh = try reload(owner)
        return try InvitationService(store: store, env: env).invite(
            phone: phone, asResponder: responder, asDependent: dependent, firstName: first, lastName: last, owner: &fresh)
    }
}
