import StrictJSON
import Testing

/// The writer places commas and escapes strings; what it writes the strict reader reads back.
struct JSONWriterTests {
    @Test func writesNestedDocuments() throws {
        var writer = JSONWriter()
        writer.beginObject()
        writer.member("name", "Zoë \"Z\"\n\u{7f}")
        writer.member("count", Int64.min)
        writer.member("ok", true)
        writer.key("list")
        writer.beginArray()
        writer.int(1)
        writer.beginObject()
        writer.endObject()
        writer.beginArray()
        writer.endArray()
        writer.null()
        writer.raw { $0 += Array(#""raw""#.utf8) }
        writer.endArray()
        writer.key("empty")
        writer.beginObject()
        writer.endObject()
        writer.endObject()
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(text == #"{"name":"Zoë \"Z\"\n\u007f","count":-9223372036854775808,"ok":true,"list":[1,{},[],null,"raw"],"empty":{}}"#)
        var reader = JSONReader(writer.bytes)
        try reader.readDocument { (reader) throws(JSONReadError) in try reader.skipValue() }
    }

    @Test func writesLoneValues() {
        var writer = JSONWriter()
        writer.string("")
        #expect(writer.bytes == Array(#""""#.utf8))
    }
}
