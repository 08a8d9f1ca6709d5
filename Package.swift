// swift-tools-version:6.0
import PackageDescription

// Layering (see DECISIONS.md): ExhibitCore is pure (no curses, no file I/O);
// CZstd is libzstd (pure computation, no I/O) for result-bundle objects;
// ExhibitIO reads bundles from disk and writes records atomically; CCurses is the
// only code that includes curses.h; ExhibitTUI paints grids and reads keys;
// ExhibitApp holds the use cases (open, check, note, runs, diff, verify, collect, record);
// ExhibitCommands parses arguments, dispatches and maps outcomes to exit statuses;
// `exhibit` only calls it.
let package = Package(
    name: "exhibit",
    // Swift Regex (Redactor) and ContinuousClock/Duration (bench-keys) need macOS 13;
    // without this SwiftPM compiles for its oldest default and rejects both. Ignored on Linux.
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "exhibit", targets: ["exhibit"])
    ],
    targets: [
        // libzstd through pkg-config, as the ecosystem ships it (Debian libzstd-dev,
        // Homebrew zstd): the result bundle's Data/ objects are zstd frames. Only
        // Parsing/XCResult/ZstdFrameDecoder.swift imports it (DECISIONS.md 2026-12-01).
        .systemLibrary(
            name: "CZstd", pkgConfig: "libzstd",
            providers: [.apt(["libzstd-dev"]), .brew(["zstd"])]),
        // memchr, memcmp and malloc for the core's hot paths, without importing Glibc/Darwin;
        // and statx for a file's birth time on Linux (ExhibitIO's container walk only).
        .target(name: "CBytes"),
        // The evidence: model, readers, loading, text, the rules file's model. Pure.
        .target(name: "ExhibitCore", dependencies: ["CZstd", "CBytes"]),
        // The rules walk, the check report, the classifier, the report and note writers,
        // the archive's run list and diff. Pure.
        .target(name: "ExhibitRules", dependencies: ["ExhibitCore", "CBytes"]),
        // The triage UI's view model and its rendering into a cell grid. Pure.
        .target(name: "ExhibitTriageUI", dependencies: ["ExhibitCore", "ExhibitRules"]),
        // What `collect` computes (listings, metadata, scrubbing), outside the triage core. Pure.
        .target(name: "ExhibitCollect", dependencies: ["ExhibitCore"]),
        // The synthetic run generator for benchmarks and smoke tests. Pure.
        .target(name: "ExhibitSynthetic", dependencies: ["ExhibitCore"]),
        // The system SQLite (Debian libsqlite3-dev; the macOS SDK has it), for a result
        // bundle's database.sqlite3, opened read-only and immutable: I/O, so ExhibitIO.
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "ExhibitIO", dependencies: ["ExhibitCore", "CSQLite", "CBytes"]),
        .target(
            name: "CCurses",
            cSettings: [.define("_XOPEN_SOURCE_EXTENDED", to: "1")],
            linkerSettings: [
                .linkedLibrary("ncursesw", .when(platforms: [.linux])),
                .linkedLibrary("ncurses", .when(platforms: [.macOS])),
            ]),
        .target(name: "ExhibitTUI", dependencies: ["ExhibitCore", "ExhibitTriageUI", "CCurses"]),
        .target(name: "ExhibitApp", dependencies: ["ExhibitCore", "ExhibitRules", "ExhibitTriageUI", "ExhibitCollect", "ExhibitIO"]),
        .target(
            name: "ExhibitCommands",
            dependencies: [
                "ExhibitCore", "ExhibitRules", "ExhibitTriageUI", "ExhibitSynthetic", "ExhibitIO", "ExhibitApp", "ExhibitTUI", "CBytes",
            ]),
        .executableTarget(name: "exhibit", dependencies: ["ExhibitCommands"]),
        // What the UI tests and the core's cross-cutting robustness tests share: the hand-built
        // triage runs (TriageFixture, EvidenceFixture) and `press`. Not a product; it uses
        // only public API, so it builds in release too; the tests import it `@testable`.
        .target(name: "ExhibitTestSupport", dependencies: ["ExhibitCore", "ExhibitRules", "ExhibitTriageUI"], path: "Tests/ExhibitTestSupport"),
        .testTarget(
            name: "ExhibitCoreTests",
            // ExhibitIO and CSQLite: generated bundles with a database.sqlite3 are written
            // with the SQLite C API and read through DirectoryEvidenceSource.
            dependencies: [
                "ExhibitCore", "ExhibitRules", "ExhibitTriageUI", "ExhibitCollect", "ExhibitSynthetic", "ExhibitTestSupport", "CZstd", "ExhibitIO",
                "CSQLite",
            ]),
        .testTarget(
            name: "ExhibitTriageUITests", dependencies: ["ExhibitTriageUI", "ExhibitTestSupport", "ExhibitRules", "ExhibitCore", "ExhibitSynthetic"],
            exclude: ["Golden"]),
        .testTarget(name: "ExhibitRulesTests", dependencies: ["ExhibitRules", "ExhibitCore", "ExhibitSynthetic", "ExhibitTestSupport"]),
        .testTarget(name: "ExhibitSyntheticTests", dependencies: ["ExhibitSynthetic", "ExhibitRules", "ExhibitCore"]),
        .testTarget(
            name: "ExhibitCommandsTests",
            dependencies: [
                "ExhibitCommands", "ExhibitApp", "ExhibitIO", "ExhibitCore", "ExhibitRules", "ExhibitTriageUI", "ExhibitCollect", "ExhibitSynthetic",
            ],
            exclude: ["Golden"]),
        .testTarget(name: "ExhibitAppTests", dependencies: ["ExhibitApp", "ExhibitIO", "ExhibitCore", "ExhibitRules", "ExhibitTriageUI", "ExhibitCollect"]),
        .testTarget(name: "ExhibitTUITests", dependencies: ["ExhibitTUI", "ExhibitTriageUI", "ExhibitRules", "ExhibitCore"]),
    ],
    swiftLanguageModes: [.v6]
)

// A file uses only the members of modules it imports itself (SE-0444), so each file's
// imports say what it depends on and Tests/check-imports can hold the layering.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}

// libFuzzer targets, declared only when asked for (EXHIBIT_FUZZ=1, see Tests/fuzz/run.sh
// and DECISIONS.md), so a plain `swift build`/`swift test` on Linux and macOS never
// compiles or links them. CFuzzShim holds the weak LLVMFuzzerRunDriver reference.
if Context.environment["EXHIBIT_FUZZ"] == "1" {
    package.products.append(.executable(name: "exhibit-fuzz", targets: ["ExhibitFuzz"]))
    package.targets += [
        .target(name: "CFuzzShim"),
        .executableTarget(name: "ExhibitFuzz", dependencies: ["ExhibitCore", "ExhibitRules", "CFuzzShim"]),
    ]
}
