import LifeSignalCore
import LifeSignalStore
import StoreBackends

extension World {
    /// Dana and her responders (forty by default) on a store that bounds
    /// its transactions as etcd does (here 128 files a commit): a command
    /// carries 16 notices, so telling them all takes several commits.
    public static func boundedCircle(responders count: Int = 40) throws -> (World, Account, [Account]) {
        let world = World(backend: MemoryBackend(maximumChanges: 128))
        world.signUpLimits = SignUpLimits(accountsPerDay: .max, newNumberCodesPerDay: .max)
        let dana = try world.person("Dana", phone: "+15552000001")
        var responders: [Account] = []
        for i in 0..<count {
            let responder = try world.person("R\(i)", phone: "+1555300\(1000 + i)")
            try world.link(dana, responder, responder: true, dependent: false)
            responders.append(responder)
        }
        try world.checkIn(dana)
        return (world, dana, responders)
    }

    /// How many items of `person`'s feed have a title starting with `prefix`.
    public func feedCount(_ person: Account, titled prefix: String) throws -> Int {
        try feed(person).filter { $0.title.hasPrefix(prefix) }.count
    }
}
