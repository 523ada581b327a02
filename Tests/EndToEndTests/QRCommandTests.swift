import Foundation
import Testing
import TestSupport

@Suite(.serialized, .ownThreads) struct QRCommandTests {
    @Test func aPictureOfSomeonesCodeAddsThemInOneCommand() throws {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "Okafor")
        let picture = sandbox.root.appendingPathComponent("bob.png").path
        let shown = try bob.run(["qr", "show", "--png", picture, "--json"]).object()
        let code = try #require(shown["qrCodeID"] as? String)
        #expect(shown["payload"] as? String == "LIFESIGNAL:" + code)

        let scanned = try ada.run(["qr", "scan", picture])
        #expect(scanned.status == 0)
        #expect(scanned.stdout.contains("Bob Okafor"))
        #expect(scanned.stderr.contains("lifesignal contacts add \(code)"))

        let added = try ada.run(["contacts", "add", "--image", picture, "--responder", "--json"])
        #expect(added.status == 0, "\(added)")
        #expect(try added.object()["firstName"] as? String == "Bob")
    }

    @Test func encodeAndRawScanWorkSignedOutAndRoundTripBytes() throws {
        let sandbox = Sandbox()
        let nobody = sandbox.person("nobody")
        for (index, text) in ["hello", "Zoë 日本 😀", "12345678901234567890", String(repeating: "lifesignal ", count: 120)].enumerated() {
            let png = sandbox.root.appendingPathComponent("t\(index).png").path
            let svg = sandbox.root.appendingPathComponent("t\(index).svg").path
            let encoded = try nobody.run(["qr", "encode", text, "--png", png, "--svg", svg])
            #expect(encoded.status == 0, "\(encoded)")
            let raw = try nobody.run(["qr", "scan", "--raw", png])
            #expect(raw.status == 0, "\(raw)")
            #expect(raw.stdout == text + "\n")
            let svgText = try String(contentsOfFile: svg, encoding: .utf8)
            #expect(svgText.contains("viewBox") && svgText.components(separatedBy: "<path").count == 2)
        }
        let terminal = try nobody.run(["qr", "encode", "hi"])
        #expect(terminal.stdout.contains("▄") || terminal.stdout.contains("▀"))
        let json = try nobody.run(["qr", "encode", "hi", "--ecc", "H", "--json"]).object()
        #expect(json["level"] as? String == "H" && json["version"] as? Int == 1)
    }

    /// A phone photo is a JPEG: tilted, noisy, progressive, quality 80
    /// (ImageIOTests/Fixtures/jpeg/make_jpeg_fixtures.sh made it).
    @Test func aJPEGPhotoScans() throws {
        let sandbox = Sandbox()
        let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ImageIOTests/Fixtures/jpeg/qr-photo.jpg").path
        let raw = try sandbox.person("nobody").run(["qr", "scan", "--raw", photo])
        #expect(raw.status == 0, "\(raw)")
        #expect(raw.stdout == "LIFESIGNAL:6MDAD-K98QG-7JKJ3-JEB5X\n")
        let shown = try sandbox.person("nobody").run(["qr", "scan", photo])
        #expect(shown.stdout.contains("This is a lifesignal code: 6MDAD-K98QG-7JKJ3-JEB5X"), "\(shown)")
    }

    @Test func eachFailureHasItsOwnError() throws {
        let sandbox = Sandbox()
        let nobody = sandbox.person("nobody")
        let missing = try nobody.run(["qr", "scan", "/no/such/picture.png"])
        #expect(missing.status == 4 && missing.stderr.contains("no such file"))
        let gif = sandbox.root.appendingPathComponent("photo.gif")
        try Data("GIF89a".utf8 + [1, 0, 1, 0]).write(to: gif)
        let unsupported = try nobody.run(["qr", "scan", gif.path])
        #expect(unsupported.status == 5 && unsupported.stderr.contains("GIF"), "\(unsupported)")
        let cut = sandbox.root.appendingPathComponent("cut.jpg")
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 0x4A, 0x46, 0x49, 0x46]).write(to: cut)
        let truncated = try nobody.run(["qr", "scan", cut.path])
        #expect(truncated.status == 5 && truncated.stderr.contains("truncated"), "\(truncated)")
        let blank = sandbox.root.appendingPathComponent("blank.pgm")
        try Data("P5 64 64 255\n".utf8 + [UInt8](repeating: 255, count: 64 * 64)).write(to: blank)
        let none = try nobody.run(["qr", "scan", blank.path])
        #expect(none.status == 4 && none.stderr.contains("no QR code found"), "\(none)")
        let fromStdin = try nobody.run(["qr", "scan", "--raw", "-"], input: "P1 1 1 0\n")
        #expect(fromStdin.status == 4)
        let notLifeSignal = sandbox.root.appendingPathComponent("other.png").path
        #expect(try nobody.run(["qr", "encode", "https://example.com", "--png", notLifeSignal]).status == 0)
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        let refused = try ada.run(["contacts", "add", "--image", notLifeSignal, "--dependent"])
        #expect(refused.status == 5 && refused.stderr.contains("not a lifesignal code"), "\(refused)")
    }
}
