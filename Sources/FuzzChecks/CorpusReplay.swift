import FoundationEssentials
import Glibc

/// The `Fuzz*` executables without libFuzzer: replay inputs through the
/// same check, or write the seed corpus.
///
///     FuzzPNG FILE|DIR...        replays every file given (directories: their files)
///     FuzzPNG --seeds DIR        writes the target's seeds into DIR
///     FuzzPNG --dictionary FILE  writes the target's libFuzzer dictionary
public enum CorpusReplay {
    public static func main(_ target: FuzzTarget) {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.count == 2, arguments[0] == "--seeds" {
            exit(writeSeeds(target, into: arguments[1]))
        }
        if arguments.count == 2, arguments[0] == "--dictionary" {
            exit(writeDictionary(target, to: arguments[1]))
        }
        guard !arguments.isEmpty, !arguments.contains(where: { $0.hasPrefix("-") }) else {
            printError("usage: \(CommandLine.arguments[0]) FILE|DIR... | --seeds DIR | --dictionary FILE\n"
                       + "Replays inputs through the '\(target.rawValue)' check (build with -DFUZZING for libFuzzer).")
            exit(2)
        }
        var replayed = 0
        for path in arguments {
            for file in files(at: path) {
                guard let data = FileManager.default.contents(atPath: file) else {
                    printError("cannot read \(file)")
                    exit(1)
                }
                target.check(Array(data))
                replayed += 1
            }
        }
        print("\(target.rawValue): replayed \(replayed) input\(replayed == 1 ? "" : "s") without a finding")
    }

    /// The regular files at `path`, sorted: itself, or a directory's entries.
    public static func files(at path: String) -> [String] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [path] }
        return names.filter { !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 }
    }

    private static func writeSeeds(_ target: FuzzTarget, into directory: String) -> Int32 {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for (index, seed) in target.seeds.enumerated() {
                try Data(seed).write(to: URL(fileURLWithPath: directory + "/seed-\(index)"))
            }
            print("\(target.rawValue): wrote \(target.seeds.count) seeds to \(directory)")
            return 0
        } catch {
            printError("cannot write seeds to \(directory): \(error)")
            return 1
        }
    }

    /// One quoted token a line, bytes outside printable ASCII as `\\xNN`.
    private static func writeDictionary(_ target: FuzzTarget, to path: String) -> Int32 {
        let lines = target.dictionary.map { token in
            "\"" + token.map { byte in
                (0x20..<0x7F).contains(byte) && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
                    ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(2)
            }.joined() + "\""
        }
        do {
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
            return 0
        } catch {
            printError("cannot write \(path): \(error)")
            return 1
        }
    }

    private static func printError(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
