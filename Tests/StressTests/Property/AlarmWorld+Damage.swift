import Foundation
import LifeSignalCore
import Testing
import TestSupport

/// Damaged files in `AlarmWorld`: one file of one account's own is
/// damaged at a time, on whichever backend the world runs on, and later
/// put back as it was (as a restore from a backup would); meanwhile each
/// command meets what `AlarmModel.containment` says.
extension AlarmWorld {
    /// The damage in force: the file's path, the bytes it had, and the damaged bytes.
    struct Damage {
        var person: Int
        var file: AlarmModel.DamagedFile
        var path: String
        var good: [UInt8]
        var bad: [UInt8]
    }

    /// Damages `p`'s `file` with `bytes`, unless a file is damaged already
    /// or the account has no such file yet; returns whether it did.
    func damage(_ p: Int, _ file: AlarmModel.DamagedFile, with bytes: [UInt8]) throws -> Bool {
        guard damage == nil else { return false }
        let id = accounts[p].rawValue
        let done: Damage? = try store.backend.write { files in
            guard let path = file.path(among: try files.files(under: "accounts/\(id)"), of: id),
                  let good = try files.read(path) else { return nil }
            try files.write(path, bytes)
            return Damage(person: p, file: file, path: path, good: good, bad: bytes)
        }
        damage = done
        return done != nil
    }

    /// Puts the damaged file back as it was; it must have been left exactly as damaged.
    func repair(_ label: String) throws {
        guard let damage else { return }
        let found: [UInt8]? = try store.backend.write { files in
            let found = try files.read(damage.path)
            try files.write(damage.path, damage.good)
            return found
        }
        self.damage = nil
        try #require(found == damage.bad, "\(label): the damaged \(damage.path) was changed to \(found.map { String(decoding: $0, as: UTF8.self) } ?? "nothing")")
    }

    /// Judges a command that failed on a damaged file: it must be one that
    /// may, and the error must name the damaged file.
    func judgeDamageFailure(_ action: AlarmAction, message: String, before: AlarmModel, _ label: String) throws {
        guard let damage else { throw HarnessFailure("\(label): failed on damage with none in force: \(message)") }
        let containment = before.containment(of: action, damaged: damage.person, damage.file,
                                             changesLinks: before.people[damage.person].links != model.people[damage.person].links)
        try #require(containment != .works, "\(label): failed on \(damage.path) damaged, but must work around it: \(message)")
        try #require(message.contains(damage.path), "\(label): failed without naming \(damage.path): \(message)")
    }

    /// A command that succeeded while a file was damaged must be one that may.
    func judgeDamageSuccess(_ action: AlarmAction, before: AlarmModel, _ label: String) throws {
        guard let damage else { return }
        let containment = before.containment(of: action, damaged: damage.person, damage.file,
                                             changesLinks: before.people[damage.person].links != model.people[damage.person].links)
        try #require(containment != .fails, "\(label): worked with \(damage.path) damaged, which it needs")
    }
}
