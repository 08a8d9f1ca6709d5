import ExhibitCore
import Foundation
import Testing

@testable import ExhibitCommands
@testable import ExhibitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A backup-exclusion flag the collector could not read is unknown, never "not
/// excluded" (review 2026-12-04, repro-3: a flagged must-restore file of mode 000,
/// collected as `nobody`, went into a "complete" inventory without its flag and `check`
/// passed). collect says so on stderr and writes `"x_backup_excluded":null`; the reader
/// takes null as unknown, with a warning naming the collector; `check` exits 2.
@Suite struct CollectUnreadableFlagTests {
    static let attribute = LinuxAttributes.exclusion
    static let runner = LinuxAttributes.runner
    static let rules = #"{"version":1,"rules":[{"name":"vault-db","path":"Documents/Vault.sqlite","requirement":"must-restore","owner":"@s"}]}"#
    static let isLinux = LinuxAttributes.isLinux
    /// The `exhibit` built beside this test bundle, for running as another user (Linux:
    /// the test runner is the bundle; macOS: xctest loads it).
    static let exhibit: String? = {
        let places = [URL(fileURLWithPath: CommandLine.arguments[0])] + Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
        return places.map { $0.deletingLastPathComponent().appendingPathComponent("exhibit").path }.first { access($0, X_OK) == 0 }
    }()
    /// As root, mode 000 still reads: the collect then runs as `nobody` (as in repro-3).
    static let canRefuseAttributes: Bool =
        isLinux && runner.resolve("setfattr") != nil && (!HostileBundle.isRoot || (runner.resolve("runuser") != nil && exhibit != nil))

    /// A container whose must-restore database carries the flag; false when the file
    /// system refuses user attributes.
    private func makeContainer(_ s: CollectScratch) throws -> Bool {
        try s.makeFile(Array("container/Documents/Vault.sqlite".utf8), size: 5)
        try s.makeFile(Array("container/Documents/other.txt".utf8), size: 5)
        try s.write(Self.rules, to: "rules.json")
        return s.setAttribute("container/Documents/Vault.sqlite", name: Self.attribute, value: "com.apple.MobileBackup")
    }

    /// The real kernel's refusal: mode 000 read by a user who is not root.
    @Test(.enabled(if: canRefuseAttributes, "needs Linux, setfattr, and as root runuser and the built exhibit"))
    func aFlagTheCollectorCannotReadIsUnknownAndTheGateDoesNotPass() throws {
        let s = try CollectScratch()
        defer {
            chmod(s.root + "/container/Documents/Vault.sqlite", 0o644)
            s.remove()
        }
        guard try makeContainer(s) else {
            withKnownIssue("the file system under \(s.root) refuses user. attributes") { Issue.record("setxattr failed") }
            return
        }
        try #require(chmod(s.root + "/container/Documents/Vault.sqlite", 0) == 0)
        let run = s.root + "/out/RUN"
        let collected: (status: Int32, out: String, err: String)
        if HostileBundle.isRoot {
            try s.makeDirectory("out")
            try #require(chmod(s.root + "/out", 0o777) == 0)
            let r = try Self.runner.run([
                "runuser", "-u", "nobody", "--", try #require(Self.exhibit), "collect", "--container", s.root + "/container", "--out", run,
                "--rules", s.root + "/rules.json",
            ])
            collected = (r.status, r.stdoutText, r.stderrText)
        } else {
            collected = CollectRunner.collect(
                ["--container", s.root + "/container", "--out", run, "--rules", s.root + "/rules.json"], environment: ["PATH": "/nonexistent"])
        }
        #expect(collected.status == 0, "\(collected.err)")
        #expect(
            collected.err.contains(
                "container: Documents/Vault.sqlite: its backup-exclusion flag could not be read (cannot read \(Self.attribute): Permission denied); recorded as unknown"
            ), "\(collected.err)")
        #expect(collected.out.contains("(0 flagged excluded from backup, 1 with a flag that could not be read)"), "\(collected.out)")
        let inventory = try String(contentsOfFile: run + "/container/inventory.json", encoding: .utf8)
        #expect(
            inventory.split(separator: "\n").first { $0.contains(#""name":"Vault.sqlite""#) }?.contains(#""x_backup_excluded":null"#) == true,
            "\(inventory)")
        #expect(inventory.contains(#""x_backup_flags":"complete""#), "every other flag was read")

        let check = CollectRunner.exhibit(["check", run])
        #expect(check.status == 2, "undecided, never a pass:\n\(check.out)")
        #expect(check.out.contains("undecided: 1 rule"), "\(check.out)")
        #expect(check.out.contains("the collector could not read this item's backup-exclusion flag"), "\(check.out)")
        #expect(!check.out.contains("expected true or false"), "\(check.out)")

        // The twin: read as root (or with the mode restored), the flag is known and blocks.
        chmod(s.root + "/container/Documents/Vault.sqlite", 0o644)
        let readable = CollectRunner.collect(
            ["--container", s.root + "/container", "--out", s.root + "/RUN2", "--rules", s.root + "/rules.json"],
            environment: ["PATH": "/nonexistent"])
        #expect(readable.status == 0 && !readable.err.contains("could not be read"), "\(readable.err)")
        #expect(CollectRunner.exhibit(["check", s.root + "/RUN2"]).status == 1)
    }

    /// Each way an attribute read can fail, as the walk sees it (a refusal the test
    /// user's own permissions cannot cause).
    @Test func theWalkRecordsARefusedFlagAsUnknown() throws {
        let s = try CollectScratch()
        defer { s.remove() }
        try s.makeFile(Array("container/Documents/Vault.sqlite".utf8), size: 5)
        try s.makeFile(Array("container/Documents/listed.txt".utf8), size: 5)
        try s.makeFile(Array("container/Documents/legacy.txt".utf8), size: 5)
        try s.makeFile(Array("container/Documents/other.txt".utf8), size: 5)
        try s.makeFile(Array("container/Library/Caches/c.db".utf8), size: 5)
        let flag = Array(Self.attribute.utf8)
        let scan = try ContainerWalker.walk(
            root: s.root + "/container", exclusion: BackupExclusionProbe(useResourceValues: false)
        ) { path in
            let name = String(decoding: path.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if name.hasSuffix("/Vault.sqlite") { return .init(failures: [(flag, EACCES)]) }
            if name.hasSuffix("/Library") { return .init(failures: [(nil, EIO)]) }
            if name.hasSuffix("/legacy.txt") { return .init(failures: [(Array("user.com.apple.MobileBackup".utf8), EACCES)]) }
            if name.hasSuffix("/other.txt") { return .init(failures: [(Array("user.other".utf8), EACCES)]) }
            return .init()
        }
        let inventory = scan.inventory
        let vault = try #require(inventory.lookup("Documents/Vault.sqlite"))
        #expect(inventory.backupFlag(vault) == .unknown)
        #expect(inventory.isFlagRecordUnusable(vault))
        #expect(inventory.backupFlag(try #require(inventory.lookup("Library/Caches/c.db"))) == .unknown, "below a directory whose list was refused")
        #expect(inventory.backupFlag(try #require(inventory.lookup("Documents/legacy.txt"))) == .excluded, "the legacy attribute marks by its name")
        #expect(inventory.backupFlag(try #require(inventory.lookup("Documents/other.txt"))) == .notExcluded, "another attribute's value does not decide")
        #expect(inventory.backupFlag(try #require(inventory.lookup("Documents/listed.txt"))) == .notExcluded)
        #expect(
            scan.unreadableFlags.map(\.path) == ["Documents/Vault.sqlite", "Library"], "\(scan.unreadableFlags)")
        #expect(scan.unreadableFlags.first?.why == "cannot read \(Self.attribute): \(String(cString: strerror(EACCES)))")

        // Written and read back: null where it could not be read, the claim kept for the rest.
        let written = String(
            decoding: NcduWriter.write(inventory, rootName: "c", progname: "exhibit", version: "t", timestamp: 1), as: UTF8.self)
        #expect(written.contains(#""x_backup_flags":"complete""#))
        let lines = written.split(separator: "\n")
        for name in ["Vault.sqlite", "Library"] {
            #expect(lines.first { $0.contains(#"{"name":"\#(name)""#) }?.contains(#""x_backup_excluded":null"#) == true, "\(written)")
        }
        #expect(lines.filter { $0.contains("x_backup_excluded") }.count == 3, "null twice, true once (legacy.txt):\n\(written)")
        var warnings: [Diagnostic] = []
        let read = try NcduInventoryReader.read(Array(written.utf8), file: "container/inventory.json", warnings: &warnings)
        #expect(read.backupFlag(try #require(read.lookup("Documents/Vault.sqlite"))) == .unknown)
        #expect(read.backupFlag(try #require(read.lookup("Documents/other.txt"))) == .notExcluded)
        #expect(read.backupFlag(try #require(read.lookup("Documents/legacy.txt"))) == .excluded)
        #expect(read.backupFlag(try #require(read.lookup("Library/Caches/c.db"))) == .unknown)
        #expect(warnings.filter { $0.message.contains("the collector could not read this item's backup-exclusion flag") }.count == 2, "\(warnings)")
    }

    /// A dump of the whole container that does not name an item whose flag the inventory
    /// says could not be read does not decide it (the dump was made without it too); one
    /// that names it excluded does.
    @Test func aDumpThatDoesNotNameAnUnreadableFlagLeavesItUnknown() throws {
        let run = try GateEvidenceTests.Run()
        defer { run.cleanUp() }
        let item = #"[{"name":"Documents"},{"name":"Vault.sqlite","asize":5,"x_backup_excluded":null}]"#
        try run.write("container/inventory.json", GateEvidenceTests.inventory(item))
        try run.write("container/xattr.txt", "")
        let silent = run.check()
        #expect(silent.status == 2, "\(silent.out)")
        #expect(silent.out.contains("undecided: 1 rule"), "\(silent.out)")

        try run.write(
            "container/xattr.txt",
            "# file: Documents/Vault.sqlite\nuser.com.apple.metadata:com_apple_backup_excludeItem=\"com.apple.MobileBackup\"\n\n")
        let named = run.check()
        #expect(named.status == 1, "excluded, and only a backup brings it back:\n\(named.out)")
    }
}
