/// Byte-level access to the files of the store, relative to its root, as
/// one transaction (or one consistent read) sees them.
public protocol FileAccess: AnyObject {
    func read(_ path: String) throws -> [UInt8]?
    func list(_ directory: String) throws -> [String]
    func write(_ path: String, _ bytes: [UInt8]) throws
    func delete(_ path: String) throws
}
