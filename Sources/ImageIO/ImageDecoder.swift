/// The entry point for user-supplied images: recognises the format by its
/// magic number and decodes PNG, PNM or JPEG.
public enum ImageDecoder {
    /// Decodes a PNG, PNM or JPEG file.
    ///
    /// - Throws: `.unsupportedFormat` naming the format when the bytes look
    ///   like another common image format (JPEG, GIF, BMP, WebP, TIFF,
    ///   HEIF, AVIF), otherwise the decoder's error.
    public static func decode(_ bytes: [UInt8], limits: DecodeLimits = .standard) throws(ImageError) -> DecodedImage {
        if bytes.starts(with: PNGChunkReader.signature) {
            return try PNGDecoder.decode(bytes, limits: limits)
        }
        if bytes.count >= 2, bytes[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[1]) {
            return try PNMDecoder.decode(bytes, limits: limits)
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            return try JPEGDecoder.decode(bytes, limits: limits)
        }
        throw .unsupportedFormat(detected: otherFormat(bytes))
    }

    /// Decodes a PNG, PNM or JPEG file into one luminance byte a pixel (layout
    /// `.grey`), as `DecodedImage.luminance()` computes it, holding no more
    /// than the luminance plane and a few rows (a JPEG: its luminance
    /// coefficients too when progressive) whatever the file's colour type,
    /// bit depth or sampling, so that memory follows the pixel count alone.
    ///
    /// - Throws: as `decode`.
    public static func decodeLuminance(_ bytes: [UInt8], limits: DecodeLimits = .standard) throws(ImageError) -> DecodedImage {
        if bytes.starts(with: PNGChunkReader.signature) {
            return try PNGDecoder.decodeLuminance(bytes, limits: limits)
        }
        if bytes.count >= 2, bytes[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[1]) {
            return try PNMDecoder.decodeLuminance(bytes, limits: limits)
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            return try JPEGDecoder.decodeLuminance(bytes, limits: limits)
        }
        throw .unsupportedFormat(detected: otherFormat(bytes))
    }

    /// The name of a known format `bytes` starts like, if any.
    static func otherFormat(_ bytes: [UInt8]) -> String? {
        func has(_ text: String, at offset: Int = 0) -> Bool {
            let magic = Array(text.utf8)
            return bytes.count >= offset + magic.count && Array(bytes[offset..<(offset + magic.count)]) == magic
        }
        if has("GIF87a") || has("GIF89a") { return "GIF" }
        if has("BM") { return "BMP" }
        if has("RIFF") && has("WEBP", at: 8) { return "WebP" }
        if has("II*\u{0}") || has("MM\u{0}*") { return "TIFF" }
        if has("ftypavif", at: 4) || has("ftypavis", at: 4) { return "AVIF" }
        if has("ftypheic", at: 4) || has("ftypheix", at: 4) || has("ftypmif1", at: 4) { return "HEIF" }
        if has("P7") { return "PAM" }
        if has("%PDF") { return "PDF" }
        if has("<svg") || has("<?xml") { return "SVG" }
        return nil
    }
}
