import Glibc

/// What the numbers were measured on: they mean little without it.
enum Machine {
    /// Online processors, as `nproc` reports them.
    static var processors: Int { sysconf(Int32(_SC_NPROCESSORS_ONLN)) }

    /// The first "model name" in /proc/cpuinfo.
    static var cpuModel: String {
        for line in TextFile.read("/proc/cpuinfo").split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }.description
            }
        }
        return "unknown CPU"
    }

    /// The type of the file system holding `path`: the longest mount point
    /// in /proc/self/mounts that contains it.
    static func fileSystem(of path: String) -> String {
        var best = (point: "", type: "unknown")
        for line in TextFile.read("/proc/self/mounts").split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3 else { continue }
            let point = String(fields[1])
            let inside = path == point || path.hasPrefix(point == "/" ? "/" : point + "/")
            if inside, point.count >= best.point.count { best = (point, String(fields[2])) }
        }
        return best.type
    }
}

/// What one small durable write costs on a file system: lifesignal's
/// writing commands fsync each file and directory they change, so on a slow
/// disk this, not the program, sets their floor.
enum FsyncProbe {
    /// The median milliseconds of `write` + `fsync` of 200 bytes in `directory`.
    static func median(in directory: String, runs: Int = 15) -> Double {
        let path = directory + "/fsync-probe"
        defer { unlink(path) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        let bytes = [UInt8](repeating: 65, count: 200)
        var times: [Double] = []
        for _ in 0..<runs {
            let start = ProcessProbe.monotonicNanoseconds()
            _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
            fsync(descriptor)
            times.append(Double(ProcessProbe.monotonicNanoseconds() - start) / 1_000_000)
        }
        return Report.median(times)
    }
}
