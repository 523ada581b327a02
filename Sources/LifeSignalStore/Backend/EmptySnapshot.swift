/// The files of a location that holds nothing yet: what a look at a
/// directory no lifesignal has used sees, without making anything there.
final class EmptySnapshot: StoreSnapshot {
    func read(_ path: String) throws -> [UInt8]? { nil }
    func list(_ directory: String) throws -> [String] { [] }
    func files(under directory: String) throws -> [String] { [] }
}
