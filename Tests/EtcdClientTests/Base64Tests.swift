import EtcdClient
import Testing

struct Base64Tests {
    /// RFC 4648 §10.
    @Test(arguments: [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
                      ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy")])
    func matchesRFC4648(plain: String, encoded: String) {
        #expect(Base64.encode(Array(plain.utf8)) == encoded)
        #expect(Base64.decode(Array(encoded.utf8)) == Array(plain.utf8))
    }

    @Test func roundTripsEveryByteAndLength() {
        let all = (0...255).map(UInt8.init)
        for length in 0...all.count {
            let bytes = Array(all.prefix(length).reversed())
            #expect(Base64.decode(Array(Base64.encode(bytes).utf8)) == bytes)
        }
        #expect(Base64.encode([0xfb, 0xff, 0xbf]) == "+/+/")
    }

    /// Only canonical base64 is taken: the alphabet, whole quads, padding
    /// only at the end, zero bits under the padding.
    @Test(arguments: ["Zg", "Zg=", "Z===", "Zm9v!", "Zh==", "Zm9=", "=Zg=", "Zg==Zg==", "Zm 9v", "Zm9v\n", "-_8="])
    func refusesNonCanonical(text: String) {
        #expect(Base64.decode(Array(text.utf8)) == nil)
    }
}
