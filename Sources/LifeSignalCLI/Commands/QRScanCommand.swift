import CommandEngine
import LifeSignalApp
import LifeSignalCore
import QRCode

/// `qr scan FILE|- [--raw]`
struct QRScan: CommandInput, Equatable {
    static let file = Argument<String>("FILE", help: "The image, or - for standard input.", completion: .file)
    static let raw = Flag("raw", help: "Print only the payload, byte for byte.")

    static let spec = CommandSpec(
        "scan",
        summary: "Read a QR code from an image (PNG, JPEG, PBM, PGM, PPM)",
        discussion: [
            "Shows the text; for a lifesignal code, whose it is and the command that adds them. With --raw, prints exactly the payload's bytes (and works signed out).",
        ],
        arguments: [file.spec],
        options: [raw.spec],
        examples: [CommandExample("qr scan screenshot.png", "see whose code a picture holds")],
        input: .running(QRScan.self))

    let file: String
    let raw: Bool

    init(from parsed: ParsedCommand) throws(UsageError) {
        file = try parsed.required(Self.file)
        raw = parsed[Self.raw]
    }
}

/// Reads a QR code from an image. With `--raw`, prints exactly the payload
/// bytes (works signed out); otherwise shows the text and, for a lifesignal
/// code, whose it is and how to add them.
extension QRScan: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let decoded = try QRImaging.scan(try QRImaging.readInput(file, c))
        if raw {
            // Exactly the payload, ending with at most one added newline.
            c.out.writeBytes(decoded.bytes + (decoded.bytes.last == 10 ? [] : [10]))
            return success
        }
        let code = QRImaging.accountCode(in: decoded)
        let owner = try code.flatMap { try Self.account(withCode: $0, c) }
        if c.json {
            var members: [(String, JSONValue)] = [
                ("text", .optional(decoded.text)), ("bytes", .int(decoded.bytes.count)),
                ("version", .int(decoded.version.rawValue)), ("level", .string(QREncode.Level(decoded.level).rawValue)),
                ("isLifeSignalCode", .bool(code != nil)), ("qrCodeID", .optional(code)),
            ]
            if let owner {
                members.append(("owner", .object([("id", .id(owner.id)), ("firstName", .string(owner.firstName)),
                                                  ("lastName", .string(owner.lastName))])))
            }
            c.printJSON(.object(members))
            return success
        }
        guard let code else {
            // Text from outside: shown harmless and indented, so that no line
            // of it can pass for lifesignal's own; --raw prints it exactly.
            if let text = decoded.text {
                c.out.line("Not a lifesignal code. It says:")
                c.out.line("  " + TerminalText.block(text, indent: "  "))
            } else {
                c.out.line("Not a lifesignal code: \(decoded.bytes.count) bytes of binary data; use --raw to print them.")
            }
            return success
        }
        if let owner {
            c.out.line("This is the lifesignal code of \(TerminalText.line(owner.fullName)) (\(code)).")
        } else {
            c.out.line("This is a lifesignal code: \(code)")
        }
        if !c.quiet {
            c.out.line("Add it with --dependent if you watch over them, --responder if they watch over you (both: each other).")
        }
        c.hint("lifesignal contacts add \(code) --responder|--dependent")
        return success
    }

    /// Whose code it is, when signed in to this store; nil otherwise.
    private static func account(withCode code: String, _ c: Context) throws -> Account? {
        let session = (try? c.sessionFile().load()) ?? nil
        guard session != nil else { return nil }
        return try c.reading { store, _ in try store.accountID(qrCodeID: code).flatMap { try store.account($0) } }
    }
}
