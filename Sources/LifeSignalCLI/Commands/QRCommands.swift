import LifeSignalCore

/// `qr show`: the account's code ID for others to add.
enum QRShowCommand {
    static func run(_ c: Context) throws -> Int32 {
        let account = try c.reading { _, account in account }
        let payload = QRCodeID.payload(for: account.qrCodeID)
        if c.json {
            c.printJSON(.object([("qrCodeID", .string(account.qrCodeID)), ("payload", .string(payload))]))
            return success
        }
        c.out.line(account.qrCodeID)
        if c.out.isTerminal {
            c.hint("others add you with: lifesignal contacts add \(account.qrCodeID) --responder|--dependent")
        }
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
