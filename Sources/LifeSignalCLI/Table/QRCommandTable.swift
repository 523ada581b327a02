import CommandEngine
import QRCode

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

/// `qr refresh`
struct QRRefresh: CommandInput, Equatable {
    static let spec = CommandSpec(
        "refresh", summary: "Replace your QR code ID; the old one stops working at once", input: .running(QRRefresh.self))

    init(from parsed: ParsedCommand) {}
}

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
