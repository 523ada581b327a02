/// The static table of host names, /etc/hosts (hosts(5)): an address, then
/// its names, one line each; `#` starts a comment.
public struct HostsFile: Sendable {
    /// The lines that parsed, in file order: an address and its names, lowercased.
    public private(set) var entries: [(address: IPAddress, names: [String])] = []

    /// Parses `text`. Lines whose first field is not an address are skipped,
    /// as the C library does.
    public init(_ text: [UInt8]) {
        for line in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            let content = line.prefix { $0 != UInt8(ascii: "#") }
            let fields = content.split { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
            guard fields.count >= 2, let address = IPAddress(String(decoding: fields[0], as: UTF8.self)) else { continue }
            entries.append((address, fields.dropFirst().map { HostName.lowercased(String(decoding: $0, as: UTF8.self)) }))
        }
    }

    /// Every address listed for `name` (case-insensitive, a trailing dot
    /// ignored), in file order, without repeats.
    public func addresses(for name: String) -> [IPAddress] {
        var wanted = HostName.lowercased(name)
        if wanted.hasSuffix(".") { wanted.removeLast() }
        var found: [IPAddress] = []
        for entry in entries where entry.names.contains(wanted) && !found.contains(entry.address) {
            found.append(entry.address)
        }
        return found
    }
}
