import LifeSignalCore
import QRCode

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
