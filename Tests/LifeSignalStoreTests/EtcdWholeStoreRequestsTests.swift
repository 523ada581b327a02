import EtcdClient
import EtcdStore
import LifeSignalCore
import LifeSignalStore
import StoreBackends
import StoreOpening
import TestSupport
import Testing

/// Whole-store work on etcd sends requests by the page, not by the file:
/// `doctor` and `store copy` of a store of 64 linked accounts (about 400
/// files) take a few dozen requests, where one a file took hundreds.
@Suite(.serialized) struct EtcdWholeStoreRequestsTests {
    static let people = 64

    /// A world of `people` accounts linked in pairs and checked in, copied into a fresh etcd prefix.
    static func store(people: Int = Self.people) throws -> (world: MemoryBackend, etcd: EtcdBackend, files: Int, location: EtcdURL) {
        let world = World()
        world.signUpLimits = SignUpLimits(accountsPerDay: .max, newNumberCodesPerDay: .max)
        var previous: Account?
        for number in 0..<people {
            let person = try world.person("P\(number)", phone: "+1555\(1_000_000 + number)")
            try world.checkIn(person)
            if let partner = previous {
                try world.link(person, partner, responder: true, dependent: true)
                previous = nil
            } else {
                previous = person
            }
        }
        let cluster = try EtcdCluster.shared("conformance")
        let location = try cluster.freshStore("whole")
        let etcd = try EtcdBackend(location: location, access: EtcdStoreAccess())
        let report = try StoreCopy(from: SharedStore(backend: world.backend), to: SharedStore(backend: etcd)).run()
        return (world.backend, etcd, report.files, location)
    }

    @Test(.enabled(if: EtcdBinary.shouldRun, Comment(rawValue: EtcdBinary.skipNote)))
    func doctorAndCopyReadPagesNotFiles() throws {
        let (_, etcd, files, _) = try Self.store()
        #expect(files > Self.people * 5, "\(files) files")
        let copied = try #require(etcd.traffic).roundTrips
        #expect(copied < files / 4, "the copy into etcd and its read-back took \(copied) requests for \(files) files")

        let examined = try StoreDoctor(store: SharedStore(backend: etcd)).examine()
        #expect(examined.isHealthy, "\(examined.findings)")
        #expect(examined.accounts == Self.people)
        let doctor = try #require(etcd.traffic).roundTrips - copied
        #expect(doctor < files / 10, "doctor took \(doctor) requests for \(files) files")

        let back = MemoryBackend(name: "memory:back")
        let before = try #require(etcd.traffic).roundTrips
        _ = try StoreCopy(from: SharedStore(backend: etcd), to: SharedStore(backend: back)).run()
        let out = try #require(etcd.traffic).roundTrips - before
        #expect(out < 10, "the copy out of etcd took \(out) requests for \(files) files")
    }
}
