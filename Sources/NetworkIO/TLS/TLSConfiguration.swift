/// What a TLS client trusts and presents: PEM files, named by path.
public struct TLSConfiguration: Hashable, Sendable {
    /// The CA that signed the servers' certificates; nil trusts the
    /// platform's default store.
    public var caFile: String?
    /// This client's certificate (with its chain) and key, for servers that
    /// ask for one; both or neither.
    public var certificateFile: String?
    public var keyFile: String?

    public init(caFile: String? = nil, certificateFile: String? = nil, keyFile: String? = nil) {
        self.caFile = caFile
        self.certificateFile = certificateFile
        self.keyFile = keyFile
    }
}
