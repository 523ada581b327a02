import LifeSignalCore
import LifeSignalStore
import TestSupport

extension World {
    /// Ada, watched by Bob, who signed in through the service; with the hash
    /// of his sign-in's token (his delivery set-up's key).
    static func adaWatchedBySignedInBob() throws -> (world: World, ada: Account, bob: Account, session: String) {
        let world = World()
        let ada = try world.person("Ada", phone: "+15550000001")
        let auth = AuthService(store: world.store, env: world.env)
        let issued = try auth.requestCode(phoneNumber: "+15550000002")
        guard case .signedIn(let bob, let token, _) = try auth.verify(phoneNumber: "+15550000002", code: issued.code,
                                                                      firstName: "Bob", lastName: "O") else {
            throw LifeSignalError.invalid("sign-in failed in the test world")
        }
        try world.link(ada, bob, responder: true, dependent: false)
        return (world, try world.reload(ada), bob, SHA256.hexDigest(token))
    }
}
