/// What a store location holds, judged by the names at its top: a store
/// (its `store.json`), nothing yet, a store copy that did not finish, or
/// something else. Only a store is read as one, and a store is made only
/// where nothing is, so no command adopts a partial copy or writes its
/// files among someone else's.
package enum StoreShape: Equatable {
    /// The file that makes a location a store (`StorePaths.meta`).
    package static let storeFile = "store.json"
    /// A `store copy` in progress (`StorePaths.copyMarker`).
    package static let copyMarker = "copying.json"

    case store
    case empty
    /// A `store copy` cut short: its marker, and no `store.json` yet.
    case partialCopy
    /// Files of something else (or a store whose `store.json` was lost).
    case other

    /// The shape of a location whose top holds `names`. Hidden names (a
    /// backend's own machinery, temporary files) and a directory store's
    /// `lock`, `gate` and `journal` say nothing about it.
    package init(topLevel names: [String]) {
        var sawAnything = false, sawMarker = false
        for name in names where name.utf8.first != UInt8(ascii: ".") && !BackendPath.reservedNames.contains(name) {
            if name == Self.storeFile {
                self = .store
                return
            }
            if name == Self.copyMarker { sawMarker = true }
            sawAnything = true
        }
        self = sawMarker ? .partialCopy : sawAnything ? .other : .empty
    }

    /// Throws unless the location can be read (or made) as a store.
    package func require(at store: String) throws {
        switch self {
        case .store, .empty: return
        case .partialCopy: throw StoreError.partialCopy(store: store)
        case .other: throw StoreError.notAStore(store: store)
        }
    }
}
