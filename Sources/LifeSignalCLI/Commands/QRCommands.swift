import LifeSignalCore
import QRCode

/// `qr show [--png FILE] [--svg FILE] [--scale N] [--invert]`: your code,
/// to be scanned from the screen or a file, and its ID for typing.
enum QRShowCommand {
    static func run(_ c: Context) throws -> Int32 {
        let account = try c.reading { _, account in account }
        let payload = QRCodeID.payload(for: account.qrCodeID)
        // The payload is upper case, digits, ':' and '-': the alphanumeric mode keeps it small.
        let symbol = try QREncoder.encode(text: payload, level: .medium)
        let written = try QROutput.writeFiles(symbol, c)
        if c.json {
            c.printJSON(.object([("qrCodeID", .string(account.qrCodeID)), ("payload", .string(payload)),
                                 ("files", .array(written.map { .string($0) }))]))
            return success
        }
        if written.isEmpty {
            c.out.write(QROutput.terminal(symbol, c))
            c.out.line(account.qrCodeID)
        } else {
            c.say("Wrote " + written.joined(separator: " and ") + ". Your code ID: \(account.qrCodeID)")
        }
        c.hint("others add you with: lifesignal contacts add \(account.qrCodeID) --responder|--dependent")
        return success
    }
}

/// `qr refresh`: a new code ID; the old one stops working at once.
enum QRRefreshCommand {
    static func run(_ c: Context) throws -> Int32 {
        let account = try c.writing { store, account in
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

/// `qr encode TEXT [--png FILE] [--svg FILE] [--ecc L|M|Q|H] [--scale N] [--invert]`:
/// any text as a QR code; works signed out.
enum QREncodeCommand {
    static func run(_ c: Context) throws -> Int32 {
        let text = c.parsed.string("TEXT") ?? ""
        let symbol: QRSymbol
        do {
            if let level = c.parsed.string("ecc") {
                symbol = try QREncoder.encode(text: text, level: Self.level(level), boostLevel: false)
            } else {
                symbol = try QREncoder.encode(text: text, level: .low, boostLevel: true)
            }
        } catch {
            throw LifeSignalError.invalid("cannot encode that text: \(error)")
        }
        let written = try QROutput.writeFiles(symbol, c)
        if c.json {
            c.printJSON(.object([("version", .int(symbol.version.rawValue)), ("level", .string(Self.name(symbol.level))),
                                 ("mask", .int(Int(symbol.mask.rawValue))), ("size", .int(symbol.size)),
                                 ("files", .array(written.map { .string($0) }))]))
        } else if written.isEmpty {
            c.out.write(QROutput.terminal(symbol, c))
        } else {
            c.say("Wrote " + written.joined(separator: " and ")
                  + " (version \(symbol.version.rawValue), level \(Self.name(symbol.level))).")
        }
        return success
    }

    static func level(_ name: String) -> ErrorCorrectionLevel {
        switch name {
        case "L": .low
        case "Q": .quartile
        case "H": .high
        default: .medium
        }
    }

    static func name(_ level: ErrorCorrectionLevel) -> String {
        switch level {
        case .low: "L"
        case .medium: "M"
        case .quartile: "Q"
        case .high: "H"
        }
    }
}
