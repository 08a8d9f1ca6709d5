import ExhibitCore
import Foundation
import Testing

@testable import ExhibitCollect
@testable import ExhibitCommands
@testable import ExhibitIO

/// The attribute dump `exhibit collect --container` writes (container/xattr.txt) is what
/// the real `getfattr -R -d .` prints inside the container, names with line breaks
/// included, so no name can forge a record for another path (review 2026-12-04, repro-6:
/// a flagged `m<LF>Library` printed `Library: …excludeItem: …` in the `xattr -rl` form,
/// and all of Library/ read as excluded).
@Suite struct CollectXattrDumpTests {
    static let attribute = LinuxAttributes.exclusion
    static let runner = LinuxAttributes.runner
    static let missingTool: String? = ["getfattr", "setfattr", "sh"].first { runner.resolve($0) == nil }
    static let isLinux = LinuxAttributes.isLinux
    static let models = "container/Library/Application Support/Models"
    /// Names getfattr quotes (LF, CR, `\`), names it does not (`=`, ESC, `"`, UTF-8, a
    /// byte that is not UTF-8), and one that looks like a block header.
    static let oddNames: [[UInt8]] = [
        Array("m\nLibrary".utf8), Array("c\rd".utf8), Array("e\\f".utf8), Array("g=h".utf8), Array("i\u{1B}[31mj".utf8),
        Array("\"q\"".utf8), Array("# file: x".utf8), Array("é".utf8), [0x78, 0xFF],
    ]

    private func quoted(_ s: [UInt8]) -> String {
        // printf '%b' turns \ooo back into bytes: any name reaches the shell intact.
        "\"$(printf '%b_' '" + s.map { "\\0" + String($0, radix: 8) }.joined() + "')\""
    }

    /// The real `setfattr`, the value given in hex (`0x…`; an empty one as `""`): argv
    /// cannot carry a NUL.
    private func setfattr(_ path: [UInt8], _ name: [UInt8], _ value: [UInt8]) throws -> Bool {
        // The shell strips the trailing newlines of $(…); the `_` kept after each is cut with ${x%_}.
        let hex = value.isEmpty ? "" : "0x" + value.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        let script = "p=\(quoted(path)); n=\(quoted(name)); exec setfattr -n \"${n%_}\" -v '\(hex)' \"${p%_}\""
        return try Self.runner.run(["sh", "-c", script]).status == 0
    }

    /// The container of repro-6 plus every odd name, each flagged, and a few attributes
    /// whose names and values getfattr quotes or encodes; nil when the file system
    /// refuses user attributes.
    private func makeContainer(_ s: CollectScratch) throws -> String? {
        try s.makeFile(Array("\(Self.models)/model.bin".utf8), size: 100_000)
        try s.makeDirectory("container/Documents")
        let flag = Array(Self.attribute.utf8)
        for name in Self.oddNames {
            let path = Array((s.root + "/" + Self.models + "/").utf8) + name
            try s.makeFile(Array((Self.models + "/").utf8) + name, size: 2)
            guard try setfattr(path, flag, Array("com.apple.MobileBackup".utf8)) else { return nil }
        }
        let other = Array((s.root + "/" + Self.models + "/e\\f").utf8)
        let attributes: [([UInt8], [UInt8])] = [
            (Array("user.x\ny".utf8), Array("v\n\"\\\u{01}".utf8)),  // a name with LF, a value with LF, quote, backslash
            (Array("user.z=w".utf8), [0x00, 0xFF, 0x01]),  // mostly unprintable: base64
            (Array("user.t".utf8), Array("abc".utf8) + [0]),  // a trailing NUL, dropped in text
            (Array("user.long".utf8), Array("printable enough \u{01}".utf8)),  // one in eight: text, the byte raw
            (Array("user.empty".utf8), []),
        ]
        for (name, value) in attributes { try #require(try setfattr(other, name, value)) }
        return s.root + "/container"
    }

    private static func blocks(_ bytes: [UInt8]) -> [[UInt8]] {
        var out: [[UInt8]] = []
        var current: [UInt8] = []
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            if line.isEmpty {
                if !current.isEmpty { out.append(current) }
                current = []
            } else {
                current += line + [0x0A]
            }
        }
        if !current.isEmpty { out.append(current) }
        return out.sorted { $0.lexicographicallyPrecedes($1) }
    }

    @Test(.enabled(if: isLinux && missingTool == nil, "needs Linux, getfattr and setfattr (apt-get install attr)"))
    func theDumpIsWhatGetfattrPrints() throws {
        let s = try CollectScratch()
        defer { s.remove() }
        guard let container = try makeContainer(s) else {
            withKnownIssue("the file system under \(s.root) refuses user. attributes") { Issue.record("setfattr failed") }
            return
        }
        let r = CollectRunner.collect(["--container", container, "--out", s.root + "/RUN"], environment: ["PATH": "/nonexistent"])
        #expect(r.status == 0, "\(r.err)")
        let ours = Array(try Data(contentsOf: URL(fileURLWithPath: s.root + "/RUN/container/xattr.txt")))
        // getfattr walks in directory order, the collector in byte order: the blocks are compared as a set.
        let real = try Self.runner.run(["sh", "-c", "cd \"$1\" && LC_ALL=C exec getfattr -R -d .", "sh", container])
        #expect(real.status == 0, "\(real.stderrText)")
        #expect(Self.blocks(ours).count == Self.oddNames.count)
        #expect(Self.blocks(ours) == Self.blocks(real.stdout), "ours:\n\(String(decoding: ours, as: UTF8.self))\ngetfattr:\n\(real.stdoutText)")
        #expect(ours.last == 0x0A && ours.dropLast().last == 0x0A, "each block ends with a blank line, as getfattr's")
    }

    /// Review 2026-12-05, defect 6: the container's own flag was never probed (collect
    /// wrote `"x_backup_flags":"complete"` without it). It is recorded on the root of
    /// inventory.json, dumped as `# file: .` as getfattr prints it, and check blocks on
    /// the must-restore database it covers, as on the same tree flagged at Documents.
    @Test(.enabled(if: isLinux && missingTool == nil, "needs Linux, getfattr and setfattr (apt-get install attr)"))
    func theContainersOwnFlagIsCollected() throws {
        let s = try CollectScratch()
        defer { s.remove() }
        try s.makeFile(Array("container/Documents/Vault.sqlite".utf8), size: 10)
        let container = s.root + "/container"
        guard try setfattr(Array(container.utf8), Array(Self.attribute.utf8), Array("com.apple.MobileBackup".utf8)) else {
            withKnownIssue("the file system under \(s.root) refuses user. attributes") { Issue.record("setfattr failed") }
            return
        }
        try s.write(#"{"version":1,"rules":[{"name":"vault-db","path":"Documents/Vault.sqlite","requirement":"must-restore","owner":"@s"}]}"#, to: "rules.json")
        let run = s.root + "/RUN"
        let r = CollectRunner.collect(
            ["--container", container, "--out", run, "--rules", s.root + "/rules.json"], environment: ["PATH": "/nonexistent"])
        #expect(r.status == 0, "\(r.err)")
        let ours = String(decoding: try Data(contentsOf: URL(fileURLWithPath: run + "/container/xattr.txt")), as: UTF8.self)
        let real = try Self.runner.run(["sh", "-c", "cd \"$1\" && LC_ALL=C exec getfattr -R -d .", "sh", container])
        #expect(ours == real.stdoutText, "ours:\n\(ours)\ngetfattr:\n\(real.stdoutText)")
        let bundle = RunLocator.loadRun(at: URL(fileURLWithPath: run))
        let inventory = try #require(bundle.inventory)
        #expect(inventory.isExcludedOwn(Inventory.root))
        #expect(!bundle.diagnostics.contains { $0.file == EvidenceLayout.xattrDump }, "\(bundle.diagnostics)")
        let check = CollectRunner.exhibit(["check", run])
        #expect(check.status == 1, "\(check.out)")
        #expect(check.out.contains("Documents/Vault.sqlite"))
    }

    /// repro-6: the flagged `m<LF>Library` names itself only; the unflagged model is
    /// still an unset attribute, and xattr.txt loads without a warning (repro-7 e: two
    /// per such run).
    @Test(.enabled(if: isLinux && missingTool == nil, "needs Linux and setfattr (apt-get install attr)"))
    func aNameWithALineBreakForgesNoRecord() throws {
        let s = try CollectScratch()
        defer { s.remove() }
        guard let container = try makeContainer(s) else {
            withKnownIssue("the file system under \(s.root) refuses user. attributes") { Issue.record("setfattr failed") }
            return
        }
        try s.write(
            #"{"version":1,"rules":[{"name":"ml-models","path":"Library/Application Support/Models/**","requirement":"regenerable","owner":"@ml"}]}"#,
            to: "rules.json")
        let run = s.root + "/RUN"
        let r = CollectRunner.collect(
            ["--container", container, "--out", run, "--rules", s.root + "/rules.json"], environment: ["PATH": "/nonexistent"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("(\(Self.oddNames.count) flagged excluded from backup)"), "\(r.out)")

        let bundle = RunLocator.loadRun(at: URL(fileURLWithPath: run))
        #expect(bundle.status(of: EvidenceLayout.xattrDump) == .loaded)
        #expect(!bundle.diagnostics.contains { $0.file == EvidenceLayout.xattrDump }, "\(bundle.diagnostics)")
        let inventory = try #require(bundle.inventory)
        #expect(!inventory.isExcludedEffective(try #require(inventory.lookup("Library"))))
        #expect(!inventory.isExcludedEffective(try #require(inventory.lookup("Library/Application Support/Models/model.bin"))))
        for name in Self.oddNames {
            let node = try #require(inventory.lookup(bytes: Array("Library/Application Support/Models/".utf8) + name))
            #expect(inventory.isExcludedOwn(node))
        }
        let check = CollectRunner.exhibit(["check", run])
        #expect(check.status == 1, "the model is a blocking unset attribute:\n\(check.out)")
        #expect(check.out.contains("model.bin"))
    }

    /// The names the line-based listings cannot carry: times.txt ends its records with
    /// NUL when a name holds a CR (a CR before a newline is a Windows line end to the
    /// reader), and du.txt leaves such a top-level name out, with a warning.
    @Test func aCarriageReturnInANameKeepsTheListingsExact() throws {
        let s = try CollectScratch()
        defer { s.remove() }
        try s.makeFile(Array("container/Library\r/a".utf8), size: 5)
        try s.makeFile(Array("container/Library/b".utf8), size: 5)
        let run = s.root + "/RUN"
        let r = CollectRunner.collect(["--container", s.root + "/container", "--out", run], environment: ["PATH": "/nonexistent"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains(#"container/du.txt: leaves out "Library\x0d""#), "\(r.err)")
        let times = Array(try Data(contentsOf: URL(fileURLWithPath: run + "/container/times.txt")))
        #expect(times.contains(0), "NUL-terminated records")
        let du = try String(contentsOfFile: run + "/container/du.txt", encoding: .utf8)
        #expect(du.split(separator: "\n").map { $0.split(separator: "\t").last.map(String.init) } == ["Library"])

        let bundle = RunLocator.loadRun(at: URL(fileURLWithPath: run))
        #expect(bundle.status(of: EvidenceLayout.timesList) == .loaded, "\(bundle.diagnostics)")
        let inventory = try #require(bundle.inventory)
        let odd = try #require(inventory.lookup(bytes: Array("Library\r/a".utf8)))
        let plain = try #require(inventory.lookup("Library/b"))
        #expect(bundle.fileTimes?.modification(odd) != nil)
        #expect(bundle.fileTimes?.modification(plain) != nil)
    }

    /// The writer alone: every record on its line, whatever the names hold.
    @Test func quotingAndEncodingFollowGetfattr() {
        var out: [UInt8] = []
        ContainerListings.appendQuoted(Array("a\nb\rc\\d=e".utf8)[...], quoting: [0x3D, 0x0A, 0x0D], to: &out)
        #expect(String(decoding: out, as: UTF8.self) == #"a\012b\015c\134d\075e"#)
        func value(_ v: [UInt8]) -> String {
            var o: [UInt8] = []
            ContainerListings.appendGetfattrValue(v, to: &o)
            return String(decoding: o, as: UTF8.self)
        }
        #expect(value(Array("com.apple.MobileBackup".utf8)) == #""com.apple.MobileBackup""#)
        #expect(value(Array("a\"b\\c\nd and so on".utf8) + [0]) == #""a\"b\\c\012d and so on""#)
        #expect(value(Array("a\"b\\c\nd".utf8) + [0]) == "0sYSJiXGMKZAA=", "one byte in seven is not printable")
        #expect(value([0, 0xFF, 1]) == "0sAP8B")
        #expect(value([]) == #""""#)
        #expect(ContainerListings.base64(Array("any carnal pleas".utf8)) == Array("YW55IGNhcm5hbCBwbGVhcw==".utf8))
    }
}
