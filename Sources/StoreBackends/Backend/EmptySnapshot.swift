/// The files of a location that holds nothing yet: what a look at a
/// directory no lifesignal has used sees, without making anything there.
package final class EmptySnapshot: StoreSnapshot {
    package init() {}
    package func read(_ path: String) throws -> [UInt8]? { nil }
    package func list(_ directory: String) throws -> [String] { [] }
    package func files(under directory: String) throws -> [String] { [] }
}
