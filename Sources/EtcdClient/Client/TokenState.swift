/// The client's sign-in token, read from its cache at first use.
final class TokenState: @unchecked Sendable {
    private let lock = StateLock()
    private var token: String?
    private var triedCache = false
    private var fromCache = false

    /// The token in hand; the first time, the cached one (`cache`, if given).
    func current(loadingFrom cache: EtcdConfiguration.TokenCache?) -> String? {
        lock.withLock {
            if token == nil, !triedCache, let cache {
                triedCache = true
                token = cache.load()
                fromCache = token != nil
            }
            return token
        }
    }

    /// Whether the token came from the cache and no call has yet succeeded with it.
    var unproven: Bool { lock.withLock { fromCache } }

    func proven() { lock.withLock { fromCache = false } }

    func set(_ fresh: String) {
        lock.withLock {
            token = fresh
            fromCache = false
        }
    }

    func forget() {
        lock.withLock {
            token = nil
            triedCache = true
            fromCache = false
        }
    }
}
