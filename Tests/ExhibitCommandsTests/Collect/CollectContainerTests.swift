import ExhibitCore
import Foundation
import Testing

@testable import ExhibitCommands
@testable import ExhibitIO

/// `exhibit collect --container DIR` over a generated container, then the bundle
/// read back by the loader, `summary`, `check` and ncdu (the round trip).
@Suite struct CollectContainerTests {
    static let excludeAttribute = "user.com.apple.metadata:com_apple_backup_excludeItem"
    static let newlineName = Array("Library/Application Support/Downloads/pack\nline.bin".utf8)
    static let escapeName = Array("tmp/\u{1B}[31mred".utf8)
    static let invalidUTF8Name = Array("Documents/caf".utf8) + [0xE9] + Array(".txt".utf8)
    /// APFS accepts only valid UTF-8 names for creation (Apple's APFS FAQ; `open` fails
    /// with EILSEQ) and HFS+ rewrites them, so the name that is not UTF-8 can only be
    /// made on the Linux file systems.
    static let fileSystemKeepsInvalidUTF8: Bool = {
        #if os(Linux)
            return true
        #else
            return false
        #endif
    }()
    /// ncdu is in the Debian CI image (.ci/run installs it); on a Mac it is an optional
    /// Homebrew package, so there the check runs only where it is installed.
    static let ncduExpected: Bool = {
        #if os(Linux)
            return true
        #else
            return ProcessRunner(environment: ProcessInfo.processInfo.environment).resolve("ncdu") != nil
        #endif
    }()

    /// Documents with spaces and UTF-8, an excluded Downloads folder (by attribute),
    /// a cache, a newline in a name, an escape sequence in tmp, a byte that is not UTF-8.
    func makeContainer(_ s: CollectScratch) throws -> String {
        let c = "container"
        try s.makeFile(Array("\(c)/Documents/Résumé 2026.txt".utf8), size: 5)
        try s.makeFile(Array("\(c)/Documents/日本語 ガイド.pdf".utf8), size: 70_000)
        if Self.fileSystemKeepsInvalidUTF8 { try s.makeFile(Array("\(c)/".utf8) + Self.invalidUTF8Name, size: 3) }
        try s.makeFile(Array("\(c)/".utf8) + Self.newlineName, size: 5_000)
        try s.makeFile(Array("\(c)/Library/Caches/com.example.vault/Cache.db".utf8), size: 300)
        try s.makeFile(Array("\(c)/Library/Preferences/com.example.vault.plist".utf8), size: 42)
        try s.makeFile(Array("\(c)/".utf8) + Self.escapeName, size: 1)
        try s.makeDirectory("\(c)/SystemData")
        return s.root + "/" + c
    }

    @Test func roundTripThroughLoaderSummaryCheckAndNcdu() throws {
        let s = try CollectScratch()
        defer { s.remove() }
        let container = try makeContainer(s)
        #if os(macOS)
            try #require(
                s.excludeFromBackup("container/Library/Application Support/Downloads"),
                "Foundation cannot set isExcludedFromBackup here")
        #else
            try #require(
                s.setAttribute(
                    "container/Library/Application Support/Downloads", name: Self.excludeAttribute,
                    value: "com.apple.MobileBackup"), "the file system refuses user. attributes")
        #endif
        try s.write("Documents/Résumé 2026.txt\n", to: "excluded.txt")
        try s.write("step\tpath\nfirst install: seed vault\tDocuments/Résumé 2026.txt\n", to: "steps.tsv")
        let run = s.root + "/RUN"
        let r = CollectRunner.collect(
            [
                "--container", container, "--out", run, "--excluded-list", s.root + "/excluded.txt",
                "--steps", s.root + "/steps.tsv", "--bundle-id", "com.example.vault",
                "--results-json", CollectScratch.samples + "/run-2026-11-03-unset-attribute/results",
            ],
            environment: ["PATH": s.root + "/no-tools", "HOME": s.root])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("flagged excluded from backup"))

        let bundle = RunLocator.loadRun(at: URL(fileURLWithPath: run))
        let inventory = try #require(bundle.inventory)
        #expect(bundle.inventorySource == EvidenceLayout.inventoryJSON)
        let oddNames =
            [Self.newlineName, Self.escapeName] + (Self.fileSystemKeepsInvalidUTF8 ? [Self.invalidUTF8Name] : [])
            + [Array("Documents/日本語 ガイド.pdf".utf8)]
        for name in oddNames {
            #expect(inventory.lookup(bytes: name) != nil, "\(String(decoding: name, as: UTF8.self)) is in the inventory")
        }
        let downloads = try #require(inventory.lookup("Library/Application Support/Downloads"))
        #expect(inventory.isExcludedOwn(downloads))
        let pack = try #require(inventory.lookup(bytes: Self.newlineName))
        #expect(!inventory.isExcludedOwn(pack))
        #expect(inventory.isExcludedEffective(pack), "inherits the flag from its directory")
        #expect(inventory.size(pack) == 5_000)
        let resume = try #require(inventory.lookup("Documents/Résumé 2026.txt"))
        #expect(inventory.isExcludedOwn(resume), "from --excluded-list")
        #expect(inventory.step(resume) == "first install: seed vault")
        #expect(inventory.isExcludedOwn(try #require(inventory.lookup("Library/Caches/com.example.vault/Cache.db"))) == false)
        #expect(inventory.isDirectory(try #require(inventory.lookup("SystemData"))))
        #expect(bundle.metadata.bundleIdentifier == "com.example.vault")
        #expect(bundle.failures.isEmpty == false, "results copied from --results-json")
        #expect(!bundle.diagnostics.contains(where: { $0.severity == .error }), "\(bundle.diagnostics)")
        #expect(bundle.status(of: EvidenceLayout.duTotals) == .loaded)
        #expect(bundle.status(of: EvidenceLayout.steps) == .loaded)

        let summary = CollectRunner.exhibit(["summary", run])
        #expect(summary.status == 0)
        #expect(summary.out.contains("Container  "))
        #expect(!summary.out.contains("malformed"))
        let check = CollectRunner.exhibit(["check", run])
        #expect(check.status == 1, "tmp is not empty: a blocking skipped cleanup")
        #expect(check.out.contains("tmp/\\x1b[31mred"))
        #expect(!check.out.contains("\u{1B}"), "the escape character is never printed raw")

        let xattr = try String(contentsOfFile: run + "/container/xattr.txt", encoding: .utf8)
        #if os(macOS)
            // Foundation stores the flag as this attribute holding a binary plist that names
            // com.apple.backupd; other attributes macOS adds to files may be listed too. A
            // name holds a newline, so the dump is in getfattr form, not xattr -rl's.
            let block = xattr.components(separatedBy: "\n\n").first { $0.hasPrefix("# file: Library/Application Support/Downloads\n") }
            #expect(
                block?.split(separator: "\n").contains { $0.hasPrefix("com.apple.metadata:com_apple_backup_excludeItem=") } == true,
                "\(xattr)")
        #else
            // getfattr -R -d form (CollectXattrDumpTests compares it with the real tool).
            #expect(
                xattr == "# file: Library/Application Support/Downloads\n"
                    + "user.com.apple.metadata:com_apple_backup_excludeItem=\"com.apple.MobileBackup\"\n\n")
        #endif
        let du = try String(contentsOfFile: run + "/container/du.txt", encoding: .utf8)
        #expect(du.split(separator: "\n").map { $0.split(separator: "\t").last ?? "" } == ["Documents", "Library", "SystemData", "tmp"])

        for (file, bytes) in s.contents(of: "RUN") {
            #expect(!bytes.contains(bytes: Array(s.root.utf8)), "\(file) holds an absolute path")
        }
    }

    @Test(.enabled(if: CollectContainerTests.ncduExpected, "ncdu is not installed (brew install ncdu)"))
    func ncduAcceptsTheInventory() throws {
        let s = try CollectScratch()
        defer { s.remove() }
        let container = try makeContainer(s)
        let run = s.root + "/RUN"
        let r = CollectRunner.collect(["--container", container, "--out", run], environment: ["PATH": "/nonexistent"])
        #expect(r.status == 0, "\(r.err)")
        let runner = ProcessRunner(environment: ProcessInfo.processInfo.environment)
        try #require(runner.resolve("ncdu") != nil, "ncdu is needed for this test (apt-get install ncdu)")
        let ncdu = try runner.run(["ncdu", "-0", "-f", run + "/container/inventory.json", "-o", "/dev/null"])
        // ncdu exits 0 even after a parse error; only stderr tells (-0: no progress lines there).
        #expect(ncdu.status == 0)
        #expect(ncdu.stderr.isEmpty, "\(ncdu.stderrText)")
    }

    /// Each item's times go into times.txt (NUL-terminated here: a name holds a newline)
    /// and the inventory's `mtime`/`x_btime`; the loader reads them back for the inference.
    @Test func theItemsTimesAreRecorded() throws {
        let s = try CollectScratch()
        defer { s.remove() }
        let container = try makeContainer(s)
        let run = s.root + "/RUN"
        let r = CollectRunner.collect(["--container", container, "--out", run], environment: ["PATH": "/nonexistent"])
        #expect(r.status == 0, "\(r.err)")
        let path = container + "/Documents/Résumé 2026.txt"
        let modified = try #require(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date).timeIntervalSince1970
        let times = try Data(contentsOf: URL(fileURLWithPath: run + "/container/times.txt"))
        #expect(times.contains(0), "NUL-terminated records, for the name with a newline")
        // Names are kept byte for byte, invalid UTF-8 included: decoded with replacement.
        let inventoryJSON = String(decoding: try Data(contentsOf: URL(fileURLWithPath: run + "/container/inventory.json")), as: UTF8.self)
        #expect(inventoryJSON.contains(#""mtime":\#(Int(modified.rounded(.down)))"#))

        let bundle = RunLocator.loadRun(at: URL(fileURLWithPath: run))
        #expect(bundle.status(of: EvidenceLayout.timesList) == .loaded, "\(bundle.diagnostics)")
        let node = try #require(bundle.inventory?.lookup("Documents/Résumé 2026.txt"))
        let recorded = try #require(bundle.fileTimes?.modification(node))
        #expect(abs(recorded - modified) < 0.001)
        #if os(macOS)
            #expect(bundle.fileTimes?.birth(node) != nil)
        #else
            // statx through the C shim: the birth time where the file system keeps one,
            // none (never a made-up one) where it does not.
            if let kept = ContainerWalker.linuxBirthTime(Array(path.utf8CString)) {
                #expect(abs((bundle.fileTimes?.birth(node) ?? 0) - kept) < 1e-6)
            } else {
                #expect(bundle.fileTimes?.birth(node) == nil)
            }
        #endif
    }

    @Test func refusesANonEmptyRunUnlessForced() throws {
        let s = try CollectScratch()
        defer { s.remove() }
        let container = try makeContainer(s)
        try s.write("stale", to: "RUN/results/legacy.json")
        try s.write("keep", to: "RUN/notes.txt")
        try s.write("<plist/>", to: "RUN/container/preferences/Library/Preferences/com.example.plist")
        let run = s.root + "/RUN"
        let refused = CollectRunner.collect(["--container", container, "--out", run], environment: [:])
        #expect(refused.status == 2)
        #expect(refused.err.contains("not empty (use --force"))
        #expect(FileManager.default.fileExists(atPath: run + "/results/legacy.json"))

        let forced = CollectRunner.collect(["--container", container, "--out", run, "--force"], environment: [:])
        #expect(forced.status == 0, "\(forced.err)")
        #expect(!FileManager.default.fileExists(atPath: run + "/results/legacy.json"), "stale results of another run are cleared")
        #expect(!FileManager.default.fileExists(atPath: run + "/container/preferences"), "so are an earlier run's preference copies")
        #expect(FileManager.default.fileExists(atPath: run + "/notes.txt"), "files outside the layout are left alone")
        #expect(FileManager.default.fileExists(atPath: run + "/container/inventory.json"))
    }

    @Test func refusesMistakesBeforeWritingAnything() throws {
        let s = try CollectScratch()
        defer { s.remove() }
        let container = try makeContainer(s)
        let cases: [([String], String)] = [
            (["--container", container], "--out RUN is required"),
            (["--out", s.root + "/R1"], "--bundle-id ID --device UDID|booted"),
            (["--container", container, "--device", "booted", "--out", s.root + "/R2"], "exclude each other"),
            (["--container", s.root + "/missing", "--out", s.root + "/R3"], "no such file or directory (--container)"),
            (["--container", container, "--out", container + "/Documents/RUN"], "inside the container"),
            (
                ["--container", container, "--out", s.root + "/R4", "--results-json", container + "/Documents/Résumé 2026.txt"],
                "not a results file"
            ),
        ]
        for (arguments, message) in cases {
            let r = CollectRunner.collect(arguments, environment: [:])
            #expect(r.status == 2, "\(arguments)")
            #expect(r.err.contains(message), "\(r.err)")
        }
        for name in ["R1", "R2", "R3", "R4"] { #expect(!FileManager.default.fileExists(atPath: s.root + "/" + name)) }
        #expect(!FileManager.default.fileExists(atPath: container + "/Documents/RUN"))
    }
}
