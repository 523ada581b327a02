import Foundation
import SystemFiles
import Testing
import TestSupport

/// QR image files go through the injected file system like everything
/// else: each call that fails (open, write, close, rename) is one clear
/// error, and neither the image nor a temporary file is left half-written.
@Suite(.ownThreads) struct QRFileTests {
    @Test(arguments: [FileOperation.open, .write, .close, .rename])
    func aFailingStepOfWritingAnImageIsOneErrorAndLeavesNothing(_ operation: FileOperation) throws {
        let sandbox = Sandbox("qr-files", inMemory: true, storeKind: .directory)
        let person = InProcessPerson(home: sandbox.root.appendingPathComponent("ada"), store: sandbox.store, seed: 3)
        let image = sandbox.root.appendingPathComponent("code.png").path
        let injector = FaultInjectingFileSystem(wrapping: SystemFileSystem(),
                                                fault: .init(operation: operation, occurrence: 1, errno: .noSpace))
        let result = person.run(["qr", "encode", "hello", "--png", image], fileSystem: injector)
        #expect(result.status == 8, "\(operation): \(result)")
        #expect(result.stderr.hasPrefix("error: cannot write \(image): No space left on device"), "\(operation): \(result)")
        let left = try FileManager.default.contentsOfDirectory(atPath: sandbox.root.path).filter { $0.hasPrefix("code.png") }
        #expect(left.isEmpty, "\(operation) left \(left)")
        #expect(injector.calls.contains { $0.operation == operation && $0.injected }, "the image was not written through it")

        let written = person.run(["qr", "encode", "hello", "--png", image])
        #expect(written.succeeded, "\(written)")
        let scanned = person.run(["qr", "scan", "--raw", image], fileSystem: FaultInjectingFileSystem(wrapping: SystemFileSystem()))
        #expect(scanned.stdout == "hello\n", "\(scanned)")
    }

    @Test func aFailingReadOfAnImageIsOneError() throws {
        let sandbox = Sandbox("qr-read", inMemory: true, storeKind: .directory)
        let person = InProcessPerson(home: sandbox.root.appendingPathComponent("ada"), store: sandbox.store, seed: 4)
        let image = sandbox.root.appendingPathComponent("code.png").path
        #expect(person.run(["qr", "encode", "hello", "--png", image]).succeeded)
        let injector = FaultInjectingFileSystem(wrapping: SystemFileSystem(),
                                                fault: .init(operation: .read, occurrence: 1, errno: .ioError))
        let result = person.run(["qr", "scan", "--raw", image], fileSystem: injector)
        #expect(result.status == 8 && result.stderr.hasPrefix("error: cannot read \(image): Input/output error"), "\(result)")
        let missing = person.run(["qr", "scan", image + ".none"])
        #expect(missing.status == 4 && missing.stderr.contains("no such file"), "\(missing)")
    }
}
