import CommandEngine
import LifeSignalCore
import QRCode

/// Where and how `qr show` and `qr encode` draw a code.
struct QRImageOptions: Equatable {
    static let png = Option<String>(
        "png", valueName: "FILE", help: "Write the code as a PNG image (1-bit grey); - writes it to standard output.",
        completion: .file)
    static let svg = Option<String>(
        "svg", valueName: "FILE", help: "Write the code as an SVG image; - writes it to standard output.",
        completion: .file)
    static let scale = Option<Int>.integer("scale", in: 1...64, help: "Pixels per module in the image files (default 8).")
    static let invert = Flag(
        "invert",
        help: "Swap dark and light on the terminal, for a light background without colour (colour output is always black on white).")

    static let definitions = [png.spec, svg.spec, scale.spec, invert.spec]

    /// Pixels per module unless `--scale` says otherwise.
    static let defaultScale = 8

    var png: String?
    var svg: String?
    var scale = defaultScale
    var invert = false

    init(from parsed: ParsedCommand) throws(UsageError) {
        png = try parsed.value(Self.png)
        svg = try parsed.value(Self.svg)
        scale = try parsed.value(Self.scale) ?? Self.defaultScale
        invert = parsed[Self.invert]
        if png == "-" && svg == "-" {
            throw parsed.problem(.conflict("--png -", "--svg -"))
        }
    }

    /// Whether an image goes to standard output instead of the terminal drawing.
    var writesToStandardOutput: Bool { png == "-" || svg == "-" }
}

/// QR codes: the account's own, and any text.
enum QRCommandTable {
    /// Its top-level commands, each built only when invoked (see `SubcommandEntry`).
    static let entries: [SubcommandEntry] = [
        SubcommandEntry("qr") { QRCommandTable.qr },
    ]

    static let qr = CommandSpec(
        "qr",
        summary: "Show, refresh, scan and make QR codes",
        subcommandEntries: [
            SubcommandEntry("show") { QRShow.spec },
            SubcommandEntry("refresh") { QRRefresh.spec },
            SubcommandEntry("scan") { QRScan.spec },
            SubcommandEntry("encode") { QREncode.spec },
        ])
}

/// `qr show [--png FILE] [--svg FILE] [--scale N] [--invert]`
struct QRShow: CommandInput, Equatable {
    static let spec = CommandSpec(
        "show",
        summary: "Show your QR code and its ID, for others to add you",
        discussion: [
            "On a terminal the code is drawn with half blocks; a phone can scan it from the screen. Without --png or --svg, and when output is not a terminal, only the code and its ID are printed.",
        ],
        options: QRImageOptions.definitions,
        examples: [CommandExample("qr show --png code.png", "save your code as an image to send")],
        input: .running(QRShow.self))

    let image: QRImageOptions

    init(from parsed: ParsedCommand) throws(UsageError) {
        image = try QRImageOptions(from: parsed)
    }
}

/// Your code, to be scanned from the screen or a file, and its ID for typing.
extension QRShow: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let account = try c.reading { _, account in account }
        let payload = QRCodeID.payload(for: account.qrCodeID)
        // The payload is upper case, digits, ':' and '-': the alphanumeric mode keeps it small.
        let symbol = try QREncoder.encode(text: payload, level: .medium)
        let written = try QROutput.writeFiles(symbol, image, c)
        if image.writesToStandardOutput { return success }
        if c.json {
            c.printJSON(.object([("qrCodeID", .string(account.qrCodeID)), ("payload", .string(payload)),
                                 ("files", .array(written.map { .string($0) }))]))
            return success
        }
        if written.isEmpty {
            c.out.write(QROutput.terminal(symbol, image, c))
            c.out.line(account.qrCodeID)
        } else {
            c.say("Wrote " + written.joined(separator: " and ") + ". Your code ID: \(account.qrCodeID)")
        }
        c.hint("others add you with: lifesignal contacts add \(account.qrCodeID) --responder|--dependent")
        return success
    }
}

/// `qr refresh`
struct QRRefresh: CommandInput, Equatable {
    static let spec = CommandSpec(
        "refresh", summary: "Replace your QR code ID; the old one stops working at once", input: .running(QRRefresh.self))

    init(from parsed: ParsedCommand) {}
}

/// A new code ID; the old one stops working at once.
extension QRRefresh: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let account = try c.writing { store, account in
            var account = account
            try AccountService(store: store, env: try c.core()).refreshQRCode(&account)
            return account
        }
        if c.json {
            c.printJSON(.object([("qrCodeID", .string(account.qrCodeID)),
                                 ("payload", .string(QRCodeID.payload(for: account.qrCodeID)))]))
        } else {
            c.say("Your new QR code ID is \(account.qrCodeID); the old one no longer works.")
        }
        return success
    }
}

/// `qr encode TEXT [--ecc L|M|Q|H] [--png FILE] [--svg FILE] [--scale N] [--invert]`
struct QREncode: CommandInput, Equatable {
    /// The error correction levels by the letters the standard uses.
    enum Level: String, CaseIterable, Equatable {
        case L, M, Q, H

        var level: ErrorCorrectionLevel {
            switch self {
            case .L: .low
            case .M: .medium
            case .Q: .quartile
            case .H: .high
            }
        }

        init(_ level: ErrorCorrectionLevel) {
            switch level {
            case .low: self = .L
            case .medium: self = .M
            case .quartile: self = .Q
            case .high: self = .H
            }
        }
    }

    static let text = Argument<String>("TEXT", help: "The text to encode (UTF-8).")
    static let ecc = Option<Level>(
        choice: "ecc", valueName: "L|M|Q|H",
        help: "Error correction level; by default the highest that fits the smallest symbol.")

    static let spec = CommandSpec(
        "encode",
        summary: "Draw any text as a QR code (works signed out)",
        arguments: [text.spec],
        options: [ecc.spec] + QRImageOptions.definitions,
        examples: [
            CommandExample("qr encode 'WIFI:T:WPA;S:home;P:secret;;' --png wifi.png", "a Wi-Fi code as an image"),
            CommandExample("qr encode 'https://example.com' --png -", "write the PNG to standard output, for a pipe or a redirect"),
        ],
        input: .running(QREncode.self))

    let text: String
    /// nil picks the highest level that fits the smallest symbol.
    let level: Level?
    let image: QRImageOptions

    init(from parsed: ParsedCommand) throws(UsageError) {
        text = try parsed.required(Self.text)
        level = try parsed.value(Self.ecc)
        image = try QRImageOptions(from: parsed)
    }
}

/// Any text as a QR code; works signed out.
extension QREncode: RunnableCommand {
    func run(_ c: Context) throws -> Int32 {
        let symbol: QRSymbol
        do {
            if let level {
                symbol = try QREncoder.encode(text: text, level: level.level, boostLevel: false)
            } else {
                symbol = try QREncoder.encode(text: text, level: .low, boostLevel: true)
            }
        } catch {
            throw LifeSignalError.invalid("cannot encode that text: \(error)")
        }
        let written = try QROutput.writeFiles(symbol, image, c)
        if image.writesToStandardOutput { return success }
        let level = Level(symbol.level).rawValue
        if c.json {
            c.printJSON(.object([("version", .int(symbol.version.rawValue)), ("level", .string(level)),
                                 ("mask", .int(Int(symbol.mask.rawValue))), ("size", .int(symbol.size)),
                                 ("files", .array(written.map { .string($0) }))]))
        } else if written.isEmpty {
            c.out.write(QROutput.terminal(symbol, image, c))
        } else {
            c.say("Wrote " + written.joined(separator: " and ") + " (version \(symbol.version.rawValue), level \(level)).")
        }
        return success
    }
}
