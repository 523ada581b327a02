import LifeSignalLocal
import LifeSignalStore
import StoreBackends

// The store's and the local files' names the command line meets: what it
// reads and writes through (`reading`, `writing`), the failures it reports,
// the settings it shows. Only these are handed on; opening, locking,
// catching up and the backends stay behind the application.

/// One consistent view of the store, in a read or a transaction.
public typealias LayoutStore = LifeSignalStore.LayoutStore
/// A failure of the store or of a local file.
public typealias StoreError = StoreBackends.StoreError
/// What wakes a long-running command when the store changes.
public typealias StoreChangeSignal = StoreBackends.StoreChangeSignal
/// This machine's settings (the notify and sms commands, the etcd files).
public typealias LocalSettings = LifeSignalLocal.LocalSettings
/// A signed-in session as the session file keeps it.
public typealias SessionData = LifeSignalLocal.SessionData
/// A PEM file's checks, for the etcd TLS settings.
public typealias PEMFile = LifeSignalLocal.PEMFile
