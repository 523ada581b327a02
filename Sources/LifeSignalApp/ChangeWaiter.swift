import Glibc
import LifeSignalStore
import StoreBackends

/// What ended a long-running command's wait.
public enum WakeReason: Sendable, Equatable {
    /// The store may have changed where the command watches.
    case changed
    /// The time asked for passed.
    case timedOut
    /// SIGINT or SIGTERM: finish what is in hand and stop.
    case stopRequested
}

/// Waits for whichever comes first of a change in the store, a moment, and
/// a request to stop, without waking in between: how `agent` and
/// `notifications follow` sleep. Tests substitute their own.
public protocol ChangeWaiter: AnyObject {
    /// Waits up to `seconds`.
    func wait(seconds: Double) -> WakeReason
    /// Whether a stop was requested, without waiting; once true, always true.
    var stopRequested: Bool { get }
}

/// The live waiter: SIGINT, SIGTERM and a wake-up signal are blocked and
/// taken synchronously with `sigtimedwait`, so a stop that arrives at any
/// instant (even just before the wait begins) ends the wait at once and
/// nothing polls. A watcher thread blocks on the store's change signal and
/// sends the wake-up signal (SIGUSR1) to the waiting thread when it fires.
///
/// Blocking the stop signals also keeps the step in hand safe: a SIGTERM
/// while a notify command runs waits until that item is recorded. Children
/// start with an empty signal mask (`SpawningProcessRunner`), so they
/// still get Ctrl-C and SIGTERM as usual.
public final class SignalChangeWaiter: ChangeWaiter {
    private var stopped = false
    private var stops = sigset_t()
    private var all = sigset_t()

    /// How long the watcher waits on the store's signal before waiting
    /// again: a backend without a way to watch (no inotify left) wakes then,
    /// and that is its polling interval.
    static let watchSlice: Duration = .seconds(60)

    /// Starts watching `signal` for changes; from now on SIGINT and SIGTERM
    /// stop the command politely instead of killing it.
    public init(_ signal: any StoreChangeSignal) {
        sigemptyset(&stops)
        sigaddset(&stops, SIGINT)
        sigaddset(&stops, SIGTERM)
        all = stops
        sigaddset(&all, SIGUSR1)
        // Blocked before the watcher starts, so it inherits the mask and the
        // signals wait for `sigtimedwait` in this thread.
        pthread_sigmask(SIG_BLOCK, &all, nil)
        Watcher.start(signal, waking: pthread_self())
    }

    public var stopRequested: Bool {
        if stopped { return true }
        var none = timespec(tv_sec: 0, tv_nsec: 0)
        var stopsOnly = stops
        if sigtimedwait(&stopsOnly, nil, &none) > 0 { stopped = true }
        return stopped
    }

    public func wait(seconds: Double) -> WakeReason {
        if stopRequested { return .stopRequested }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(Int64(min(max(seconds, 0), 86_400 * 365) * 1000)))
        while true {
            let left = max(clock.now.duration(to: deadline), .zero)
            var timeout = timespec(tv_sec: Int(left.components.seconds),
                                   tv_nsec: Int(left.components.attoseconds / 1_000_000_000))
            var waiting = all
            let taken = sigtimedwait(&waiting, nil, &timeout)
            switch taken {
            case SIGINT, SIGTERM:
                stopped = true
                return .stopRequested
            case SIGUSR1:
                return .changed
            default:
                if errno == EINTR, clock.now < deadline { continue }
                return .timedOut
            }
        }
    }
}

/// The thread that blocks on a store's change signal for a waiter.
private final class Watcher: @unchecked Sendable {
    // Unchecked: after `start` hands the signal over, only the watcher's
    // thread touches it, and `target` is a thread ID, a plain value.
    let signal: any StoreChangeSignal
    let target: pthread_t

    private init(signal: any StoreChangeSignal, target: pthread_t) {
        self.signal = signal
        self.target = target
    }

    static func start(_ signal: any StoreChangeSignal, waking target: pthread_t) {
        let watcher = Unmanaged.passRetained(Watcher(signal: signal, target: target))
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<Watcher>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, watcher.toOpaque())
        if started == 0 {
            pthread_detach(thread)
        } else {
            // No thread to be had: changes are then noticed at the waits'
            // own deadlines (the agent's heartbeat), never missed for good.
            watcher.release()
        }
    }

    private func run() {
        while true {
            if signal.wait(timeout: SignalChangeWaiter.watchSlice) { pthread_kill(target, SIGUSR1) }
        }
    }
}
