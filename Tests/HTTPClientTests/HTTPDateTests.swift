import HTTPClient
import Testing

/// RFC 9110 §5.6.7: one instant in the three forms a recipient must accept.
struct HTTPDateTests {
    @Test(arguments: [
        ("IMF-fixdate", "Sun, 06 Nov 1994 08:49:37 GMT", Int64(784_111_777)),
        ("RFC 850", "Sunday, 06-Nov-94 08:49:37 GMT", 784_111_777),
        ("asctime", "Sun Nov  6 08:49:37 1994", 784_111_777),
        ("epoch", "Thu, 01 Jan 1970 00:00:00 GMT", 0),
        ("leap day", "Thu, 29 Feb 2024 12:00:00 GMT", 1_709_208_000),
        ("2038+", "Tue, 19 Jan 2038 03:14:08 GMT", 2_147_483_648),
    ])
    func parses(id: String, text: String, seconds: Int64) {
        #expect(HTTPDate.secondsSinceEpoch(text) == seconds, "\(id)")
    }

    @Test(arguments: ["", "yesterday", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 31 Feb 2024 08:49:37 GMT",
                      "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT", "Sun, 6 Nov 1994 08:49:37 GMT"])
    func refuses(text: String) {
        #expect(HTTPDate.secondsSinceEpoch(text) == nil)
    }
}
