import Glibc

/// The two C programs of the benchmark, compiled with `cc -O2` in the same
/// run: the do-nothing baseline every ratio is against, and the launcher
/// every timed process (the baseline included) is started from.
enum CPrograms {
    static let nothing = "int main(void) { return 0; }\n"

    /// Starts `argv[1]` with `argv[1...]`, reaps it with `wait4`, and writes
    /// "nanoseconds maxrss-kB wait-status cpu-microseconds" to descriptor 3.
    ///
    /// Why not time straight from the benchmark: `ru_maxrss` of a child
    /// counts the peak of the memory image it replaced at `exec`, and a
    /// child made with `posix_spawn` (CLONE_VM) or `fork` replaces an image
    /// of the benchmark itself, 100 MB after seeding. A child of this small
    /// launcher replaces the launcher's few hundred kilobytes instead.
    static let launcher = """
        #define _GNU_SOURCE
        #include <fcntl.h>
        #include <stdio.h>
        #include <sys/resource.h>
        #include <sys/wait.h>
        #include <time.h>
        #include <unistd.h>
        extern char **environ;
        int main(int argc, char **argv) {
            if (argc < 2) return 127;
            fcntl(3, F_SETFD, FD_CLOEXEC);
            struct timespec start, end;
            clock_gettime(CLOCK_MONOTONIC, &start);
            pid_t pid = vfork();
            if (pid == 0) { execve(argv[1], argv + 1, environ); _exit(127); }
            if (pid < 0) return 126;
            int status;
            struct rusage usage;
            if (wait4(pid, &status, 0, &usage) < 0) return 125;
            clock_gettime(CLOCK_MONOTONIC, &end);
            long long ns = (end.tv_sec - start.tv_sec) * 1000000000LL + (end.tv_nsec - start.tv_nsec);
            long long cpu = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000000LL
                + usage.ru_utime.tv_usec + usage.ru_stime.tv_usec;
            dprintf(3, "%lld %ld %d %lld\\n", ns, usage.ru_maxrss, status, cpu);
            return 0;
        }

        """

    /// Compiles both programs into `directory`; returns (baseline, launcher).
    static func build(in directory: String) throws -> (nothing: String, launcher: String) {
        (try compile(nothing, named: "nothing", in: directory), try compile(launcher, named: "launcher", in: directory))
    }

    private static func compile(_ source: String, named name: String, in directory: String) throws -> String {
        let sourcePath = directory + "/" + name + ".c"
        let binaryPath = directory + "/" + name
        try TextFile.write(source, to: sourcePath)
        let compile = ProcessProbe(program: "/usr/bin/env", arguments: ["cc", "-O2", "-o", binaryPath, sourcePath],
                                   environment: ["PATH": "/usr/local/bin:/usr/bin:/bin"])
        let result = try compile.run(stderr: directory + "/cc.log")
        guard result.status == 0 else { throw BenchError.compilerFailed(status: result.status) }
        return binaryPath
    }
}

/// Small whole-file helpers on top of Glibc.
enum TextFile {
    static func write(_ text: String, to path: String) throws {
        guard let file = fopen(path, "w") else { throw BenchError.system(call: "fopen \(path)", errno: errno) }
        defer { fclose(file) }
        guard fputs(text, file) >= 0 else { throw BenchError.system(call: "fputs \(path)", errno: errno) }
    }

    static func read(_ path: String) -> String {
        guard let file = fopen(path, "r") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The size of a file in bytes, or nil when it cannot be read.
    static func size(_ path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }
}
