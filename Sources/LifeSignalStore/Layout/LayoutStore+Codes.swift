import LifeSignalCore

/// The code index (who has which QR code ID), under keyed names
/// (`CodeIndexName`), and the renaming of an older store's plain ones.
extension LayoutStore {
    public func accountID(qrCodeID code: String) throws -> EntityID? {
        guard QRCodeID.normalize(code) == code else { return nil }
        let meta = try load(StoreMeta.self, StorePaths.meta)
        if let key = meta?.codeKey, let entry = try load(IndexEntry.self, CodeIndexName.path(code, key: key)) {
            return entry.accountID
        }
        // A name an older lifesignal gave counts only until it is renamed.
        guard meta?.codeKey == nil || meta?.codesToRename == true else { return nil }
        return try load(IndexEntry.self, StorePaths.code(code))?.accountID
    }

    public func setQRCodeIndex(_ code: String, to id: EntityID?) throws {
        let meta = try load(StoreMeta.self, StorePaths.meta)
        guard let key = meta?.codeKey else {
            // A store without a key yet (only before its first command's
            // renaming, which comes first): its names stay as they are.
            let path = StorePaths.code(code)
            if let id { try store(IndexEntry(accountID: id), path) } else { try remove(path) }
            return
        }
        let path = CodeIndexName.path(code, key: key)
        if let id { try store(IndexEntry(accountID: id), path) } else { try remove(path) }
        if meta?.codesToRename == true { try remove(StorePaths.code(code)) }
    }

    /// How this store names a code index file that a store without a key
    /// named after its QR code ID (`codes/<ID>.json`): under this store's
    /// key, when it has one. For tools that put another store's files into
    /// this one; other paths stay as they are.
    package func codeIndexRenaming() throws -> (String) -> String {
        guard let key = try codeKey() else { return { $0 } }
        return { path in
            guard path.hasPrefix("codes/"), let code = CodeIndexName.plainCode(String(path.dropFirst("codes/".count))) else {
                return path
            }
            return CodeIndexName.path(code, key: key)
        }
    }

    /// Whether the code index has no key yet, or still has names that show
    /// QR code IDs: the store was made by an older lifesignal.
    var codeIndexNeedsRenaming: Bool {
        get throws {
            guard let meta = try load(StoreMeta.self, StorePaths.meta) else { return false }
            return meta.codeKey == nil || meta.codesToRename == true
        }
    }

    /// One step of giving the code index keyed names: the store gets its key
    /// (and with it `store.json` of schema 2, which an older lifesignal
    /// refuses), then at most `limit` files (all, when nil) are renamed,
    /// their bytes as they are; `store.json` says whether any are left.
    func renameCodes(limit: Int?, random: RandomSource) throws {
        guard var meta = try load(StoreMeta.self, StorePaths.meta) else { return }
        let key = meta.codeKey ?? StoreMeta.newCodeKey(random)
        meta.codeKey = key
        let plain = try files.list("codes").compactMap { name in CodeIndexName.plainCode(name).map { (name, $0) } }
        let now = plain.prefix(limit ?? plain.count)
        for (name, code) in now {
            guard let bytes = try files.read("codes/" + name) else { continue }
            try writeFile(CodeIndexName.path(code, key: key), bytes)
            try removeUnread("codes/" + name)
        }
        meta.codesToRename = plain.count > now.count ? true : nil
        try store(meta, StorePaths.meta)
    }
}
