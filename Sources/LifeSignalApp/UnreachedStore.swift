import LifeSignalCore
import LifeSignalStore
import StoreBackends

/// A store failure met by a command someone's safety hangs on (`alert on`,
/// `checkin`): the store's own words, then what did not happen, that
/// nobody was told, and what to do instead. Still "store unavailable"
/// (exit 12), on one line.
public struct UnreachedStore: UserFacingError {
    /// What the command was for.
    public enum Action: Sendable {
        case alert
        case checkIn
    }

    let failure: StoreError
    let action: Action

    public var kind: FailureKind { failure.kind }
    public var hint: String? { nil }

    public var message: String {
        let maybe: Bool
        if case .unconfirmed = failure { maybe = true } else { maybe = false }
        switch (action, maybe) {
        case (.alert, false):
            return failure.message + "; the alert was NOT raised and nobody was told: call someone now (your emergency number if you are in danger), and raise it again when the network is back"
        case (.alert, true):
            return failure.message + "; the alert may not have been raised, so nobody may know: call someone now (your emergency number if you are in danger), and run `lifesignal alert` when the network is back to see"
        case (.checkIn, false):
            return failure.message + "; the check-in was NOT recorded and nobody was told you are fine: check in again when the network is back, or call your responders before your deadline"
        case (.checkIn, true):
            return failure.message + "; the check-in may not have been recorded: run `lifesignal status` when the network is back, and check in again if it is not there"
        }
    }

    /// Runs `body`; a store it could not reach fails as this error says.
    public static func saying<T>(_ action: Action, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let failure as StoreError where failure.kind == .unavailable {
            throw UnreachedStore(failure: failure, action: action)
        }
    }
}
