import Testing

@testable import DurableFiles
@testable import SystemFiles

@Suite("Error wording")
struct ErrorTests {
    @Test("each error reads as one line naming what failed", arguments: [
        (DurableFilesError.busy(storeDirectory: "/s", timeout: .milliseconds(1500)),
         "the store '/s' is busy: another process kept it locked for more than 1500 ms"),
        (.io(.open, path: "/s/a", .noSuchFile), "cannot open '/s/a': No such file or directory (ENOENT)"),
        (.io(.fsync, path: "/s/.a.tmp-0", .ioError), "cannot sync '/s/.a.tmp-0': Input/output error (EIO)"),
        (.io(.rename, path: "/s/x", .noSpace), "cannot rename '/s/x': No space left on device (ENOSPC)"),
        (.io(.flock, path: "/s/lock", Errno(rawValue: 9999)), "cannot lock '/s/lock': Unknown error 9999 (errno 9999)"),
        (.invalidPath("../x", reason: "no"), "invalid store path '../x': no"),
        (.damaged(path: "/s/journal", reason: "bad"), "'/s/journal' is damaged: bad; it was left as it is"),
        (.committedButIncomplete(.io(.unlink, path: "/s/journal", .permissionDenied)),
         "the changes were committed but not fully applied (the next access completes them): "
            + "cannot remove '/s/journal': Permission denied (EACCES)"),
    ])
    func wording(error: DurableFilesError, expected: String) {
        #expect(error.description == expected)
        #expect(!error.description.contains("\n"))
        #expect(error.isCommitted == (expected.hasPrefix("the changes were committed")))
    }

    @Test("every operation has a verb", arguments: FileOperation.allCases)
    func verbs(operation: FileOperation) {
        #expect(!operation.verb.isEmpty)
        let description = DurableFilesError.io(operation, path: "/p", .ioError).description
        #expect(description.hasPrefix("cannot \(operation.verb) '/p'"))
    }
}
