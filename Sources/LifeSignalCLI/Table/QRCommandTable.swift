import CommandEngine

/// QR codes: the account's own, and any text.
enum QRCommandTable {
    static let all = [qr]

    static let qr = CommandSpec(
        "qr",
        summary: "Show, refresh, scan and make QR codes",
        subcommands: [show, refresh, scan, encode])

    static let imageOptions: [OptionSpec] = [
        .value("png", valueName: "FILE", help: "Write the code as a PNG image (1-bit grey).", completion: .file),
        .value("svg", valueName: "FILE", help: "Write the code as an SVG image.", completion: .file),
        .value("scale", valueName: "N", help: "Pixels per module in the image files (default 8)."),
        .flag("invert", help: "Swap dark and light on the terminal, for a light background without colour (colour output is always black on white)."),
    ]

    static let show = CommandSpec(
        "show",
        summary: "Show your QR code and its ID, for others to add you",
        discussion: [
            "On a terminal the code is drawn with half blocks; a phone can scan it from the screen. Without --png or --svg, and when output is not a terminal, only the code and its ID are printed.",
        ],
        options: imageOptions,
        examples: [CommandExample("qr show --png code.png", "save your code as an image to send")])

    static let refresh = CommandSpec(
        "refresh",
        summary: "Replace your QR code ID; the old one stops working at once")

    static let scan = CommandSpec(
        "scan",
        summary: "Read a QR code from an image (PNG, JPEG, PBM, PGM, PPM)",
        discussion: [
            "Shows the text; for a lifesignal code, whose it is and the command that adds them. With --raw, prints exactly the payload's bytes (and works signed out).",
        ],
        arguments: [ArgumentSpec("FILE", help: "The image, or - for standard input.", completion: .file)],
        options: [.flag("raw", help: "Print only the payload, byte for byte.")],
        examples: [CommandExample("qr scan screenshot.png", "see whose code a picture holds")])

    static let encode = CommandSpec(
        "encode",
        summary: "Draw any text as a QR code (works signed out)",
        arguments: [ArgumentSpec("TEXT", help: "The text to encode (UTF-8).")],
        options: [
            .choice("ecc", valueName: "L|M|Q|H", choices: ["L", "M", "Q", "H"],
                    help: "Error correction level; by default the highest that fits the smallest symbol."),
        ] + imageOptions,
        examples: [CommandExample("qr encode 'WIFI:T:WPA;S:home;P:secret;;' --png wifi.png", "a Wi-Fi code as an image")])
}
