import Foundation
import Glibc

/// A fresh directory only its owner may enter (mkdtemp), removed with
/// everything in it when the value is released: how tests make a
/// temporary directory.
public final class TemporaryDirectory {
    public let path: String

    /// A directory named `label-XXXXXX` under `/tmp`, or under `/dev/shm`
    /// (memory, where fsync costs nothing) when `inMemory` is set and it exists.
    public init(_ label: String = "lifesignal-test", inMemory: Bool = false) {
        let base = inMemory && FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : "/tmp"
        var template = Array("\(base)/\(label)-XXXXXX".utf8CString)
        // mkdtemp only fails when /tmp is unusable, and then no test can run.
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(created != nil, "mkdtemp failed: errno \(errno)")
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A path inside the directory, for something that does not exist yet.
    public func child(_ name: String) -> String { path + "/" + name }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
