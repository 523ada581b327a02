import ImageIO
import LifeSignalApp
import LifeSignalCore
import QRCode
import SystemFiles

/// Writing and drawing QR codes for `qr show` and `qr encode`.
enum QROutput {
    /// Writes the `--png` and `--svg` images asked for; `-` writes one to
    /// standard output. Returns the paths of the files written.
    static func writeFiles(_ symbol: QRSymbol, _ options: QRImageOptions, _ c: Context) throws -> [String] {
        var written: [String] = []
        if let path = options.png {
            // Packed straight into PNG scanlines: one buffer for the picture.
            let raster = RasterRenderer.packed(symbol, quietZone: 4, scale: options.scale, darkIsOne: false, rowPrefix: 1)
            let png = PNGEncoder.encodeBilevel(width: raster.width, height: raster.height, scanlines: raster.bytes)
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

    /// Replaces `path` whole: a temporary file beside it, then a rename,
    /// through the injected file system.
    static func write(_ bytes: [UInt8], to path: String, _ c: Context) throws {
        let full = path.hasPrefix("/") ? path : c.env.workingDirectory + "/" + path
        let files = c.env.fileSystem
        let temporary = full + ".tmp-" + Hex.encode(c.env.random.bytes(8))
        let descriptor: FileDescriptor
        do {
            descriptor = try files.open(temporary, access: .writeOnly, options: [.create, .exclusive, .closeOnExec],
                                        permissions: FilePermissions(rawValue: 0o644))
        } catch {
            throw failure(path, error)
        }
        do {
            try files.writeAll(descriptor, bytes)
            // A picture you asked for is not store data: the rename keeps it
            // whole; an fsync would only make the command slower.
            try files.close(descriptor)
            try files.rename(temporary, to: full)
        } catch {
            try? files.close(descriptor)
            try? files.unlink(temporary)
            throw failure(path, error)
        }
    }

    private static func failure(_ path: String, _ error: Errno) -> StoreError {
        .io("cannot write \(path): \(error.message)")
    }
}
