import Glibc
import ImageIO
import LifeSignalCore
import LifeSignalStore
import QRCode

/// Writing and drawing QR codes for `qr show` and `qr encode`.
enum QROutput {
    /// Writes the `--png` and `--svg` images asked for; `-` writes one to
    /// standard output. Returns the paths of the files written.
    static func writeFiles(_ symbol: QRSymbol, _ options: QRImageOptions, _ c: Context) throws -> [String] {
        var written: [String] = []
        if let path = options.png {
            let raster = RasterRenderer.render(symbol, quietZone: 4, scale: options.scale)
            let png = PNGEncoder.encodeBilevel(width: raster.width, height: raster.height, isDark: raster.pixels)
            if path == "-" { c.out.writeBytes(png) } else {
                try write(png, to: path, c)
                written.append(path)
            }
        }
        if let path = options.svg {
            let svg = Array(SVGRenderer.render(symbol, quietZone: 4, moduleSize: options.scale).utf8)
            if path == "-" { c.out.writeBytes(svg) } else {
                try write(svg, to: path, c)
                written.append(path)
            }
        }
        return written
    }

    /// The code drawn for the terminal. On a colour terminal it is drawn in
    /// explicit black and white, right whatever the theme, so `--invert`
    /// (meant for light backgrounds without colour) does not apply there.
    static func terminal(_ symbol: QRSymbol, _ options: QRImageOptions, _ c: Context) -> String {
        let colours = c.style.enabled
        return TerminalRenderer.render(symbol, quietZone: 4, invert: !colours && options.invert, ansiColors: colours)
    }

    /// Replaces `path` whole: a temporary file beside it, then a rename.
    static func write(_ bytes: [UInt8], to path: String, _ c: Context) throws {
        let full = path.hasPrefix("/") ? path : c.env.workingDirectory + "/" + path
        let temporary = full + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(path) }
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 {
                if errno == EINTR { continue }
                let error = failure(path)
                close(descriptor)
                unlink(temporary)
                throw error
            }
            offset += count
        }
        // A picture you asked for is not store data: the rename keeps it whole;
        // an fsync would only make the command slower.
        guard close(descriptor) == 0, rename(temporary, full) == 0 else {
            let error = failure(path)
            unlink(temporary)
            throw error
        }
    }

    private static func failure(_ path: String) -> StoreError {
        .io("cannot write \(path): \(String(cString: strerror(errno)))")
    }
}
