import CommandEngine

/// QR codes: the account's own, and any text.
enum QRCommandTable {
    static let all = [qr]

    static let qr = CommandSpec(
        "qr",
        summary: "Show, refresh, scan and make QR codes",
        subcommands: [show, refresh])

    static let show = CommandSpec(
        "show",
        summary: "Show your QR code ID, for others to add you",
        options: [
            .flag("invert", help: "Swap dark and light (for a light terminal background)."),
        ])

    static let refresh = CommandSpec(
        "refresh",
        summary: "Replace your QR code ID; the old one stops working at once")
}
