// swift-tools-version:6.0
import PackageDescription

/// lifesignal: one executable over a pure core, a store, a command-line
/// layer, and codecs that know nothing of lifesignal. No dependencies.
let package = Package(
    name: "lifesignal",
    products: [
        .executable(name: "lifesignal", targets: ["lifesignal"]),
    ],
    targets: [
        // The program: a few lines that hand the live environment to the CLI.
        .executableTarget(
            name: "lifesignal",
            dependencies: ["LifeSignalCLI"],
            exclude: ["startup-order.txt"],
            // A fully static executable (Swift runtime, FoundationEssentials
            // with the two archives it needs, and the C libraries): no dynamic
            // loader, no symbol lookups, no relocations at start-up, which
            // were two thirds of a do-nothing run (3.5M → 1.2M instructions).
            // The functions and data common commands touch are laid out
            // together (startup-order.txt, made by .ci/startup-order.sh): a
            // start-up's cost was its page faults, code mapped 64 KiB at a
            // time wherever it ran in 12 MB (`--version`: 131 → 81 faults).
            linkerSettings: [
                .unsafeFlags(["-static-executable", "-use-ld=lld", "-Xlinker", "--gc-sections",
                              "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/lifesignal/startup-order.txt",
                              "-Xlinker", "--no-warn-symbol-ordering"],
                             .when(configuration: .release)),
                .linkedLibrary("_FoundationCollections", .when(configuration: .release)),
                .linkedLibrary("_FoundationCShims", .when(configuration: .release)),
            ]),
        // Command table, commands, terminal, output: parses, asks the application, renders.
        .target(name: "LifeSignalCLI",
                dependencies: ["LifeSignalApp", "LifeSignalCore", "CommandEngine", "SystemFiles",
                               "QRCode", "QRDetector", "ImageIO", "StrictJSON"]),
        // The application's imperative shell, below any terminal: its environment (clock,
        // randomness, files, the commands it runs, variables, waits), a run's session (now,
        // places, store, signed-in account), etcd read hints, delivery, the agent loop,
        // presence records, sign-in codes. Prints nothing.
        .target(name: "LifeSignalApp",
                dependencies: ["LifeSignalCore", "LifeSignalStore", "StoreBackends", "EtcdStore", "StoreOpening", "LifeSignalLocal",
                               "SystemFiles", "ZoneInfoFiles"]),
        // Models, rules, services and store interfaces: no clock, randomness or I/O of its own.
        .target(name: "LifeSignalCore", dependencies: ["ByteKeyed", "Hashing"]),
        // SHA-256, HMAC, PBKDF2, hex. Optimised in debug builds too: the slow key
        // derivation of sign-in and check-in codes (~0.66 µs a round optimised)
        // costs ~30 times that unoptimised, and every test signs people in.
        .target(name: "Hashing", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // The system's time zone database (/usr/share/zoneinfo, /etc/localtime) as the core's
        // ZoneInfoSource, read through SystemFiles.
        .target(name: "ZoneInfoFiles", dependencies: ["LifeSignalCore", "SystemFiles"]),
        // The shared store: the layout of lifesignal's files on any backend (feed segments,
        // history, schedule), the store's identity, copy and doctor. Sees only the seam.
        .target(name: "LifeSignalStore",
                dependencies: ["LifeSignalCore", "StoreCodecKit", "StoreBackends", "DurableFiles", "SystemFiles", "StrictJSON",
                               "ByteKeyed"]),
        // How a store file is read and written, whatever it holds: the versioned envelope, the
        // data protocol, the field readers and writers. Local files are written with it too.
        .target(name: "StoreCodecKit", dependencies: ["LifeSignalCore", "StoreBackends", "StrictJSON"]),
        // The backend seam (StoreBackend: files by relative path, snapshots, transactions,
        // leases, change signals) with the backends on this machine: memory and a directory.
        .target(name: "StoreBackends", dependencies: ["LifeSignalCore", "DurableFiles", "SystemFiles", "ByteKeyed"]),
        // The backend on an etcd cluster: optimistic transactions, read-ahead, watches, leases.
        .target(name: "EtcdStore",
                dependencies: ["StoreBackends", "LifeSignalCore", "EtcdClient", "NetworkIO", "StrictJSON"]),
        // Where a store is (a directory or an etcd URL, from --store or LIFESIGNAL_STORE) and
        // opening it on the backend it names: the one place that sees every backend.
        .target(name: "StoreOpening",
                dependencies: ["LifeSignalStore", "StoreBackends", "EtcdStore", "LifeSignalLocal", "LifeSignalCore",
                               "EtcdClient", "SystemFiles"]),
        // This person's files on this machine, apart from the shared store: XDG
        // directories, the session per store identity, the local settings.
        .target(name: "LifeSignalLocal",
                dependencies: ["LifeSignalCore", "StoreCodecKit", "StoreBackends", "DurableFiles", "SystemFiles", "StrictJSON"]),
        // Generic engines.
        .target(name: "CommandEngine"),
        // A strict pull reader of JSON (RFC 8259) and the string writer that matches it.
        .target(name: "StrictJSON", dependencies: ["ByteKeyed"]),
        // Thin wrappers over the POSIX file calls (FileSystem, Errno), with a
        // fault-injecting conformer for tests.
        .target(name: "SystemFiles"),
        // A directory changed only by atomic, durable transactions (write-ahead journal, flock).
        .target(name: "DurableFiles", dependencies: ["SystemFiles", "ByteKeyed"]),
        // A String-keyed table sorted by UTF-8 bytes: what commands use where a
        // Dictionary's first use would cost a scan of every conformance record.
        .target(name: "ByteKeyed"),
        // The network below the etcd store backend (issue 13), knowing nothing of lifesignal:
        // the platform's OpenSSL (static in the release binary) behind a small C target that
        // makes every OpenSSL call; sockets, name resolution without NSS and TLS streams; an
        // HTTP/1.1 client; and a client of etcd v3's JSON gateway.
        .systemLibrary(name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        // --wrap defers libcrypto's CPU probe (CPUID, trapped by hypervisors) from every
        // start-up to the first TLS use; see Sources/CTLS/ctls_context.c.
        .target(name: "CTLS", dependencies: ["COpenSSL"],
                linkerSettings: [.unsafeFlags(["-Xlinker", "--wrap=OPENSSL_cpuid_setup"], .when(configuration: .release))]),
        .target(name: "NetworkIO", dependencies: ["CTLS"]),
        .target(name: "HTTPClient", dependencies: ["NetworkIO"]),
        .target(name: "EtcdClient", dependencies: ["HTTPClient", "NetworkIO", "StrictJSON"]),
        // Whole-process benchmark of a release build (issue 7); see README.
        .executableTarget(name: "lifesignal-bench",
                          dependencies: ["LifeSignalCore", "LifeSignalStore", "StoreBackends", "EtcdStore", "StoreOpening",
                                         "LifeSignalLocal", "DurableFiles", "SystemFiles", "EtcdClient", "NetworkIO"],
                          path: "Sources/LifeSignalBench"),
        // The round-trip floor of the etcd client (issue 13): a static release binary like
        // lifesignal's, so OpenSSL's static link is exercised too; see README.
        .executableTarget(name: "etcd-floor", dependencies: ["EtcdClient", "NetworkIO"], path: "Sources/EtcdFloor",
                          linkerSettings: [
                              .unsafeFlags(["-static-executable", "-use-ld=lld", "-Xlinker", "--gc-sections"],
                                           .when(configuration: .release)),
                          ]),
        // Fuzzing: checks plus one libFuzzer target each; built normally they only replay inputs.
        .target(name: "FuzzChecks",
                dependencies: ["LifeSignalCLI", "LifeSignalApp", "LifeSignalStore", "StoreBackends", "LifeSignalCore", "CommandEngine",
                               "SystemFiles", "ImageIO", "QRCode", "QRDetector", "TestSupport"]),
        .executableTarget(name: "FuzzParser", dependencies: ["FuzzChecks"]),
        .executableTarget(name: "FuzzStoreDecoding", dependencies: ["FuzzChecks"]),
        .executableTarget(name: "FuzzPNG", dependencies: ["FuzzChecks"]),
        .executableTarget(name: "FuzzJPEG", dependencies: ["FuzzChecks"]),
        .executableTarget(name: "FuzzPNM", dependencies: ["FuzzChecks"]),
        .executableTarget(name: "FuzzInflate", dependencies: ["FuzzChecks"]),
        .executableTarget(name: "FuzzQR", dependencies: ["FuzzChecks"]),
        .executableTarget(name: "FuzzDurations", dependencies: ["FuzzChecks"]),
        // Codecs that know nothing of lifesignal.
        .target(name: "ImageIO"),
        .target(name: "QRCode"),
        .target(name: "QRDetector"),

        // The core's rules, and its services on a store in memory (the layout over `MemoryBackend`).
        .testTarget(name: "LifeSignalCoreTests",
                    dependencies: ["LifeSignalCore", "LifeSignalStore", "StoreBackends", "ZoneInfoFiles", "SystemFiles",
                                   "TestSupport"]),
        .testTarget(name: "LifeSignalStoreTests",
                    dependencies: ["LifeSignalCore", "LifeSignalStore", "StoreCodecKit", "StoreBackends", "EtcdStore", "StoreOpening",
                                   "DurableFiles", "SystemFiles", "TestSupport", "ZoneInfoFiles"]),
        .testTarget(name: "LifeSignalLocalTests",
                    dependencies: ["LifeSignalLocal", "StoreBackends", "StoreOpening", "TestSupport"]),
        // Runs the built binary in temporary XDG directories.
        .testTarget(name: "EndToEndTests", dependencies: ["lifesignal", "peak-memory", "TestSupport"]),
        // Measures a program's peak memory from a process small enough not to count in it.
        .executableTarget(name: "peak-memory", path: "Tests/PeakMemory"),
        .testTarget(name: "LifeSignalCLITests",
                    dependencies: ["LifeSignalCLI", "LifeSignalApp", "LifeSignalCore", "CommandEngine", "QRCode", "ImageIO",
                                   "StrictJSON", "TestSupport"]),
        .testTarget(name: "CommandEngineTests", dependencies: ["CommandEngine", "TestSupport"]),
        .testTarget(name: "StrictJSONTests", dependencies: ["StrictJSON", "TestSupport"]),
        // What several test targets share: seeded randomness (the core's), the sandbox, person and binary
        // harness that runs the built lifesignal, throw-away etcd clusters and loopback servers, a
        // complete sample store and the reference readers of its files (also the fuzzer's), and the
        // world of service tests (a memory store, a pinned clock, people).
        .target(name: "TestSupport",
                dependencies: ["LifeSignalCore", "LifeSignalStore", "StoreCodecKit", "StoreBackends", "EtcdClient", "HTTPClient",
                               "NetworkIO"],
                path: "Tests/TestSupport"),
        // The network stack: against published vectors, misbehaving loopback peers and real etcd.
        .testTarget(name: "NetworkIOTests", dependencies: ["NetworkIO", "TestSupport"]),
        .testTarget(name: "HTTPClientTests", dependencies: ["HTTPClient", "NetworkIO", "TestSupport"]),
        .testTarget(name: "EtcdClientTests",
                    dependencies: ["EtcdClient", "HTTPClient", "NetworkIO", "StrictJSON", "TestSupport", "etcd-floor"]),
        .testTarget(name: "ImageIOTests", dependencies: ["ImageIO"], exclude: ["Fixtures"]),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "QRDetectorTests", dependencies: ["QRDetector", "QRCode"], exclude: ["Fixtures"]),
        .testTarget(name: "ByteKeyedTests", dependencies: ["ByteKeyed", "TestSupport"]),
        .testTarget(name: "DurableFilesTests", dependencies: ["DurableFiles", "SystemFiles", "TestSupport"]),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["FuzzChecks", "TestSupport"], exclude: ["Fixtures"]),
        // The benchmark's own checks of what it measures.
        .testTarget(name: "LifeSignalBenchTests",
                    dependencies: ["lifesignal-bench", "LifeSignalCore", "LifeSignalStore", "StoreBackends"]),
        // kill -9, concurrency, I/O faults, damaged and hostile files, environment, properties, security.
        .testTarget(name: "StressTests",
                    dependencies: ["lifesignal", "lifesignal-bench", "LifeSignalCLI", "LifeSignalApp", "LifeSignalCore", "LifeSignalStore",
                                   "StoreBackends", "EtcdStore", "StoreOpening", "LifeSignalLocal", "DurableFiles", "SystemFiles",
                                   "TestSupport", "ZoneInfoFiles"]),
    ],
    swiftLanguageModes: [.v6]
)

// Every Swift target refers to a concrete type's metadata through its accessor
// function rather than through the type's mangled name: by name, the runtime
// demangles the name at the type's first use in a run (~7k instructions each;
// `status` met ~60 such types, 0.29M of its 1.46M instructions).
//
// In release builds every function gets a section of its own, so that the
// link's symbol order (startup-order.txt) moves just that function: without
// it a module's value witnesses, thunks and merged functions share one
// `.text` section per source file, and one of them touched by a command
// brought the whole file's along (`status` ran code spread over 4.5 MB, 70
// page faults on code).
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
        .unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release)),
    ]
}
