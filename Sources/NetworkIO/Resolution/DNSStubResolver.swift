/// A DNS stub resolver of our own (no NSS modules, which crash static
/// binaries on other distributions): A and AAAA questions to the configured
/// nameservers over UDP, again over TCP when an answer comes back truncated.
///
/// Answers must match what was asked: the server it was sent to (a connected
/// socket), the random ID, the response bit and the question; anything else
/// is ignored, as RFC 5452 asks.
public struct DNSStubResolver: Sendable {
    public var configuration: ResolverConfiguration
    /// Query IDs: random, so an off-path forger has to guess them.
    public var nextID: @Sendable () -> UInt16

    public init(configuration: ResolverConfiguration,
                nextID: @escaping @Sendable () -> UInt16 = { UInt16.random(in: .min ... .max) }) {
        self.configuration = configuration
        self.nextID = nextID
    }

    /// The addresses of `name`, IPv4 first, trying the candidates the search
    /// list gives in order. A candidate that does not exist (NXDOMAIN) or has
    /// no address moves on to the next; a server that cannot answer stops
    /// the search, since a later candidate could name another host.
    public func resolve(_ name: String, deadline: Deadline) throws(NetworkError) -> [IPAddress] {
        var sawNoAddress = false
        for candidate in configuration.candidates(for: name) where HostName.problem(with: candidate) == nil {
            switch try lookUp(candidate, deadline: deadline) {
            case .found(let addresses): return addresses
            case .noSuchName: continue
            case .noAddress: sawNoAddress = true
            }
        }
        throw NetworkError(.resolution, sawNoAddress ? "\(name) has no IPv4 or IPv6 address in DNS" : "\(name): no such host")
    }

    enum Outcome: Equatable {
        case found([IPAddress])
        case noSuchName
        case noAddress
    }

    /// One candidate name, asked of each server in turn, `attempts` rounds.
    func lookUp(_ name: String, deadline: Deadline) throws(NetworkError) -> Outcome {
        let servers = configuration.nameservers
        let first = configuration.rotate ? Int.random(in: 0..<servers.count) : 0
        var lastProblem = "no time left to ask"
        for _ in 0..<configuration.attempts {
            for step in 0..<servers.count {
                guard !deadline.hasPassed else { break }
                let server = servers[(first + step) % servers.count]
                let tryDeadline = min(deadline, .after(configuration.timeout))
                do {
                    return try DNSExchange(server: server, name: name, nextID: nextID).run(deadline: tryDeadline)
                } catch {
                    lastProblem = error.message
                }
            }
        }
        throw NetworkError(.resolution, "cannot resolve \(name): \(lastProblem)")
    }
}

/// The A and AAAA questions for one name to one server.
struct DNSExchange {
    let server: SocketAddress
    let name: String
    let nextID: @Sendable () -> UInt16

    /// Sends both questions in one go and waits for both answers.
    func run(deadline: Deadline) throws(NetworkError) -> DNSStubResolver.Outcome {
        let socket = try Socket.connectUDP(to: server)
        defer { socket.close() }
        let types: [DNSMessage.RecordType] = [.a, .aaaa]
        var ids = types.map { _ in nextID() }
        if ids[1] == ids[0] { ids[1] &+= 1 }
        for (id, type) in zip(ids, types) {
            try socket.send(DNSMessage.query(id: id, name: name, type: type), deadline: deadline)
        }
        var answers: [DNSMessage.RecordType: [IPAddress]] = [:]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while answers.count < types.count {
            let count: Int
            do {
                count = try buffer.withMutableRawBytes { (raw) throws(NetworkError) in try socket.receive(into: raw, deadline: deadline) }
            } catch where error.kind == .timedOut {
                // One family answered with addresses: good enough (some servers drop AAAA).
                let found = answers.values.flatMap { $0 }
                if !found.isEmpty { return .found(ordered(answers)) }
                throw NetworkError(.timedOut, "no answer from nameserver \(server.ip) in time")
            } catch where error.kind == .refused {
                throw NetworkError(.refused, "nameserver \(server.ip) refused the query (nothing listens on port \(server.port))")
            }
            guard let response = try? DNSResponse(parsing: Array(buffer[..<count])),
                  let index = ids.firstIndex(of: response.id), answers[types[index]] == nil,
                  matches(response, type: types[index]) else { continue }
            let settled = response.isTruncated
                ? try overTCP(id: ids[index], type: types[index], deadline: deadline) : response
            switch try verdict(on: settled, type: types[index]) {
            case .noSuchName: return .noSuchName
            case .found(let addresses): answers[types[index]] = addresses
            case .noAddress: answers[types[index]] = []
            }
        }
        let found = ordered(answers)
        return found.isEmpty ? .noAddress : .found(found)
    }

    private func ordered(_ answers: [DNSMessage.RecordType: [IPAddress]]) -> [IPAddress] {
        (answers[.a] ?? []) + (answers[.aaaa] ?? [])
    }

    /// Whether `response` answers our question (a response, a standard query, our name and type).
    private func matches(_ response: DNSResponse, type: DNSMessage.RecordType) -> Bool {
        guard response.isResponse, response.opcode == 0 else { return false }
        guard response.questions.count == 1, let question = response.questions.first else {
            // A server may leave the question out of an error response.
            return response.questions.isEmpty && response.responseCode != DNSMessage.ResponseCode.noError.rawValue
        }
        return question.name == HostName.lowercased(name) && question.type == type.rawValue
            && question.questionClass == DNSMessage.classIN
    }

    /// What one matching response says about the name.
    private func verdict(on response: DNSResponse, type: DNSMessage.RecordType) throws(NetworkError) -> DNSStubResolver.Outcome {
        switch DNSMessage.ResponseCode(rawValue: response.responseCode) {
        case .noError:
            let addresses = response.addresses(for: name, type: type)
            return addresses.isEmpty ? .noAddress : .found(addresses)
        case .nameError:
            return .noSuchName
        case .serverFailure:
            throw NetworkError(.resolution, "nameserver \(server.ip) failed to answer (SERVFAIL)")
        case .refused:
            throw NetworkError(.resolution, "nameserver \(server.ip) refused to answer (REFUSED)")
        default:
            throw NetworkError(.resolution, "nameserver \(server.ip) answered with error code \(response.responseCode)")
        }
    }

    /// The same question over TCP (RFC 1035 §4.2.2: a two-byte length before each message).
    private func overTCP(id: UInt16, type: DNSMessage.RecordType, deadline: Deadline) throws(NetworkError) -> DNSResponse {
        let address = server
        do throws(NetworkError) {
            let socket = try Socket.connectTCP(to: address, deadline: deadline)
            defer { socket.close() }
            let query = DNSMessage.query(id: id, name: name, type: type)
            try socket.send([UInt8(query.count >> 8), UInt8(query.count & 0xff)] + query, deadline: deadline)
            let prefix = try readExactly(2, from: socket, deadline: deadline)
            let message = try readExactly(Int(prefix[0]) << 8 | Int(prefix[1]), from: socket, deadline: deadline)
            guard let response = try? DNSResponse(parsing: message), response.id == id, !response.isTruncated,
                  matches(response, type: type) else {
                throw NetworkError(.resolution, "nameserver \(address.ip) sent a bad answer over TCP")
            }
            return response
        } catch {
            throw NetworkError(.resolution, "the answer from nameserver \(address.ip) was truncated, and asking over TCP failed: \(error.message)")
        }
    }

    private func readExactly(_ count: Int, from socket: Socket, deadline: Deadline) throws(NetworkError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = try bytes.withMutableRawBytes { (raw) throws(NetworkError) in
                try socket.receive(into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...]), deadline: deadline)
            }
            guard got > 0 else { throw NetworkError(.closed, "the connection closed mid-answer") }
            filled += got
        }
        return bytes
    }
}
