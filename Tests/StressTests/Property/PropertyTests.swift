import Foundation
import LifeSignalCore
import LifeSignalStore
import StoreBackends
import TestSupport
import Testing

/// Random sequences of everything people do, run against the real services
/// on `LayoutStore` over a `MemoryBackend` and against `RulesModel`; after every
/// step both must agree on contacts (both sides), pending pings, every feed
/// (order, titles, read marks, unread counts), alerts and check-ins, and no
/// responder may hold two missed-check-in notices for one deadline.
///
/// CI runs the fixed seeds; `LIFESIGNAL_PROPERTY_RUNS=N` adds N random seeds
/// (each printed), `LIFESIGNAL_STRESS_SEED=S` replays one.
@Suite(.ownThreads)
struct PropertyTests {
    static let fixedSeeds: [UInt64] = [1, 2, 3, 42, 1234, 99_991]

    static var seeds: [UInt64] {
        let environment = ProcessInfo.processInfo.environment
        if let one = environment["LIFESIGNAL_STRESS_SEED"].flatMap(UInt64.init) { return [one] }
        let extra = environment["LIFESIGNAL_PROPERTY_RUNS"].flatMap(Int.init) ?? 0
        return fixedSeeds + (0..<extra).map { _ in UInt64.random(in: 1...UInt64(UInt32.max)) }
    }

    @Test(arguments: seeds)
    func theServicesFollowTheRules(_ seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let world = try PropertyWorld(seed: seed)
        let steps = 300
        for step in 0..<steps {
            let action = PropertyAction.random(people: world.model.people.count, using: &random)
            let label = "seed \(seed), step \(step): \(action)"
            do {
                try world.perform(action, label)
                try world.compare(label)
            } catch {
                print("property test failed: \(label) (rerun with LIFESIGNAL_STRESS_SEED=\(seed))")
                throw error
            }
        }
        #expect(world.model.people.count >= 3)
    }
}

/// One thing a person (by index) does, or time passing.
enum PropertyAction: CustomStringConvertible {
    case signUp
    case add(Int, Int, responder: Bool, dependent: Bool)
    case setRoles(Int, Int, responder: Bool?, dependent: Bool?)
    case remove(Int, Int)
    case ping(Int, Int)
    case respond(Int)
    case checkIn(Int)
    case alert(Int, on: Bool)
    case advance(seconds: Int)
    case tick
    case readAll(Int), read(Int, newest: Int), deleteAll(Int), delete(Int, newest: Int)

    var description: String {
        switch self {
        case .signUp: "sign up"
        case .add(let a, let b, let r, let d): "\(a) adds \(b) (responder \(r), dependent \(d))"
        case .setRoles(let a, let b, let r, let d): "\(a) sets \(b)'s roles (responder \(r.map(String.init) ?? "-"), dependent \(d.map(String.init) ?? "-"))"
        case .remove(let a, let b): "\(a) removes \(b)"
        case .ping(let a, let b): "\(a) pings \(b)"
        case .respond(let a): "\(a) answers pings"
        case .checkIn(let a): "\(a) checks in"
        case .alert(let a, let on): "\(a) alert \(on ? "on" : "off")"
        case .advance(let seconds): "time +\(seconds) s"
        case .tick: "tick"
        case .readAll(let a): "\(a) reads all"
        case .read(let a, let n): "\(a) reads item \(n)"
        case .deleteAll(let a): "\(a) deletes all"
        case .delete(let a, let n): "\(a) deletes item \(n)"
        }
    }

    static func random(people: Int, using random: inout SeededGenerator) -> PropertyAction {
        let a = Int.random(in: 0..<people, using: &random)
        let b = Int.random(in: 0..<people, using: &random)
        let flag = { (random: inout SeededGenerator) in Bool.random(using: &random) }
        let maybe = { (random: inout SeededGenerator) -> Bool? in
            Int.random(in: 0..<3, using: &random) == 0 ? nil : Bool.random(using: &random)
        }
        let newest = Int.random(in: 0..<4, using: &random)
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<3: return people < 5 ? .signUp : .tick
        case 3..<18: return .add(a, b, responder: flag(&random), dependent: flag(&random))
        case 18..<26: return .setRoles(a, b, responder: maybe(&random), dependent: maybe(&random))
        case 26..<31: return .remove(a, b)
        case 31..<43: return .ping(a, b)
        case 43..<50: return .respond(a)
        case 50..<62: return .checkIn(a)
        case 62..<67: return .alert(a, on: flag(&random))
        case 67..<80:
            let choices = [60, 3_600, 5_400, 7_200, 21_600, 79_200, 82_800, 86_400, 90_000, 172_800]
            return .advance(seconds: choices.randomElement(using: &random) ?? 3_600)
        case 80..<85: return .tick
        case 85..<91: return .readAll(a)
        case 91..<95: return .read(a, newest: newest)
        case 95..<97: return .deleteAll(a)
        default: return .delete(a, newest: newest)
        }
    }
}
