import ImageIO
import LifeSignalCore
import QRCode
import QRDetector
import SystemFiles

/// Reading QR codes from images: decode the image, find the code, read it.
enum QRImaging {
    /// Why an image gave no payload, worded once.
    enum ScanError: UserFacingError {
        case unreadable(path: String, reason: String)
        case missing(path: String)
        case unsupported(ImageError)
        case noCode
        case tooDamaged(String)

        var kind: FailureKind {
            switch self {
            case .unreadable: .io
            case .missing, .noCode: .notFound
            case .unsupported, .tooDamaged: .refused
            }
        }

        var message: String {
            switch self {
            case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
            case .missing(let path): "no such file: \(path)"
            case .unsupported(let error): "cannot read the image: \(error.description)"
            case .noCode: "no QR code found in the image"
            case .tooDamaged(let reason): "found a QR code but could not read it: \(reason)"
            }
        }

        var hint: String? {
            switch self {
            case .unsupported: "convert it to PNG or JPEG first (PNG, JPEG, PBM, PGM and PPM are read)"
            case .noCode: "crop closer to the code, or take the picture straight on with more light"
            default: nil
            }
        }
    }

    /// The largest image file read (64 MiB).
    static let maxFileSize = 64 << 20

    /// The bytes of FILE, or of standard input for `-`.
    static func readInput(_ path: String, _ c: Context) throws -> [UInt8] {
        if path == "-" {
            guard let bytes = c.input.readAll(limit: maxFileSize) else {
                throw ScanError.unreadable(path: "standard input", reason: "more than 64 MiB")
            }
            return bytes
        }
        let full = path.hasPrefix("/") ? path : c.env.workingDirectory + "/" + path
        let files = c.env.fileSystem
        let descriptor: FileDescriptor
        do {
            descriptor = try files.open(full, access: .readOnly, options: [.closeOnExec], permissions: .ownerReadWrite)
        } catch .noSuchFile {
            throw ScanError.missing(path: path)
        } catch {
            throw ScanError.unreadable(path: path, reason: error.message)
        }
        defer { try? files.close(descriptor) }
        // Read in pieces, not by size: FILE may be a pipe (`<(...)`).
        var bytes: [UInt8] = []
        while true {
            let chunk: [UInt8]
            do { chunk = try files.read(descriptor, upTo: 1 << 16) } catch {
                throw ScanError.unreadable(path: path, reason: error.message)
            }
            if chunk.isEmpty { return bytes }
            bytes += chunk
            if bytes.count > maxFileSize { throw ScanError.unreadable(path: path, reason: "larger than 64 MiB") }
        }
    }

    /// The first code in the image that reads: the detector offers its
    /// candidates cheapest first and stops at the first that decodes
    /// (deterministic for a given image).
    static func scan(_ bytes: [UInt8]) throws -> DecodedQR {
        let image: DecodedImage
        do { image = try ImageDecoder.decodeLuminance(bytes) } catch { throw ScanError.unsupported(error) }
        guard let luminance = LuminanceImage(width: image.width, height: image.height, pixels: image.samples) else {
            throw ScanError.noCode
        }
        var decoded: DecodedQR?
        var firstFailure: QRDecodingError?
        let offered = QRDetector.detect(in: luminance) { candidate in
            let rows = (0..<candidate.grid.size).map { row in (0..<candidate.grid.size).map { candidate.grid[row, $0] } }
            guard let matrix = BitMatrix(rows: rows) else { return false }
            do throws(QRDecodingError) {
                decoded = try QRDecoder.decode(matrix)
                return true
            } catch {
                firstFailure = firstFailure ?? error
                return false
            }
        }
        if let decoded { return decoded }
        guard !offered.isEmpty else { throw ScanError.noCode }
        throw ScanError.tooDamaged(firstFailure?.description ?? "no candidate could be sampled")
    }

    /// The lifesignal code inside a payload, if it is one.
    static func accountCode(in decoded: DecodedQR) -> String? {
        guard let text = decoded.text, text.uppercased().hasPrefix(QRCodeID.payloadPrefix) else { return nil }
        return QRCodeID.normalize(text)
    }
}
