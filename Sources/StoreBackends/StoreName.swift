/// What a store's name says in messages. A name is a directory's absolute
/// path or an etcd store's URL in its normal form (`EtcdURL.description`:
/// `etcd[s]://[USER@]HOST:PORT[,HOST:PORT...]/PREFIX`), so it is read back
/// here by its shape, without the URL parser and the network below it.
package enum StoreName {
    /// Whether the store `name` names is on etcd.
    package static func isEtcd(_ name: String) -> Bool { name.hasPrefix("etcd://") || name.hasPrefix("etcds://") }

    /// The command that removes everything at the store `name` names (a
    /// directory, or every key under an etcd prefix), for a message.
    package static func removal(of name: String) -> String {
        guard isEtcd(name) else { return "rm -r -- '\(name)'" }
        let usesTLS = name.hasPrefix("etcds://")
        let rest = name.dropFirst(usesTLS ? "etcds://".count : "etcd://".count)
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<slash]
        if let at = authority.firstIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        let prefix = slash < rest.endIndex ? rest[rest.index(after: slash)...] : ""
        let scheme = usesTLS ? "https://" : "http://"
        let endpoints = authority.split(separator: ",").map { scheme + $0 }.joined(separator: ",")
        let tls = usesTLS ? " --cacert CA --cert CERT --key KEY" : ""
        return "etcdctl --endpoints=\(endpoints)\(tls) del --prefix '\(prefix)/'"
    }
}
