import Foundation
import Testing

@testable import ExhibitCommands

/// What an ncdu export can say that no scan measured or no file can be named (the
/// 2026-12-05 review): a size that is no whole number of bytes is not recorded, never
/// 0; a name holding a NUL byte, or an item given two names, places the item nowhere; a
/// number with a leading zero is no JSON. Each built from nothing, beside its honest twin.
@Suite struct NcduHostileValuesTests {
    typealias Run = GateEvidenceTests.Run

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    // MARK: - Sizes

    /// Vault.sqlite is allowed in Documents; x.bin is not (a misplaced file, blocking). Their
    /// sizes are unusable: the Documents budget is "not known", not "0 B of 20.0 MiB", and
    /// the violation's size is "size not recorded", JSON null.
    @Test(arguments: ["5e10", "\"123\"", "-1", "1.5", "18446744073709551616", "null"])
    func anUnusableSizeIsNotRecordedNeverZero(_ value: String) throws {
        let run = try Run()
        defer { run.cleanUp() }
        try run.write("rules.json", #"{"version":1,"documentsAllowlist":["Documents/Vault.sqlite"],"budgets":{"Documents":"20 MiB"}}"#)
        let items = #"[{"name":"Documents"},{"name":"Vault.sqlite","asize":\#(value)},{"name":"x.bin","asize":\#(value)}]"#
        try run.write("container/inventory.json", GateEvidenceTests.inventory(items))
        let result = run.check()
        #expect(result.status == 1, "x.bin is misplaced whatever its size: \(result.out)\n\(result.err)")
        #expect(result.out.contains("  Documents: no size recorded (2 entries) of 20.0 MiB (inventory) — not known"), "\(result.out)")
        #expect(result.out.contains("] Documents/x.bin (size not recorded) — policy documents-allowlist"), "\(result.out)")
        #expect(!result.out.contains("0 B"), "\(result.out)")
        #expect(result.out.contains("the entry's size is not recorded"), "warned: \(result.out)")

        let json = try Self.json(run.check(["--format", "json"]).out)
        let budgets = try #require(json["budgets"] as? [[String: Any]])
        let documents = try #require(budgets.first { $0["directory"] as? String == "Documents" })
        #expect(documents["over"] is NSNull && documents["unrecordedSizes"] as? Int == 2, "\(documents)")
        let violations = try #require(json["violations"] as? [[String: Any]])
        #expect(violations.first { $0["path"] as? String == "Documents/x.bin" }?["size"] is NSNull)

        // The honest twin: measured sizes decide the budget.
        try run.write(
            "container/inventory.json", GateEvidenceTests.inventory(#"[{"name":"Documents"},{"name":"Vault.sqlite","asize":5},{"name":"x.bin","asize":0}]"#))
        let honest = run.check()
        #expect(honest.out.contains("  Documents: 5 B of 20.0 MiB (inventory)\n"), "\(honest.out)")
        #expect(honest.out.contains("] Documents/x.bin (0 B)"), "\(honest.out)")
    }

    /// An unusable size over a budget's worth of recorded bytes: over "at least", known.
    @Test func aBudgetOverByWhatWasRecordedIsOverStill() throws {
        let run = try Run()
        defer { run.cleanUp() }
        try run.write("rules.json", #"{"version":1,"documentsAllowlist":["Documents/**"],"budgets":{"Documents":"1 KiB"}}"#)
        try run.write(
            "container/inventory.json", GateEvidenceTests.inventory(#"[{"name":"Documents"},{"name":"a","asize":4096},{"name":"b","asize":-1}]"#))
        let json = try Self.json(run.check(["--format", "json"]).out)
        let documents = try #require((json["budgets"] as? [[String: Any]])?.first { $0["directory"] as? String == "Documents" })
        #expect(documents["over"] as? Bool == true && documents["unrecordedSizes"] as? Int == 1, "\(documents)")
    }

    // MARK: - Names

    /// ncdu writes a NUL as `\u0000`; no file name holds one, so the entry and what it holds
    /// lie nowhere known: not checked, exit 2 (the honest twin blocks: tmp is not empty).
    @Test(arguments: [#"tmp\u0000"#, #"\u0000"#, #"Docu\u0000ments"#])
    func aNameHoldingNULIsNotAPass(_ name: String) throws {
        let run = try Run()
        defer { run.cleanUp() }
        try run.write("container/inventory.json", GateEvidenceTests.inventory(#"[{"name":"tmp"},{"name":"leftover","asize":10}]"#))
        #expect(run.check().status == 1, "the honest tree blocks (tmp not empty)")

        try run.write("container/inventory.json", GateEvidenceTests.inventory(#"[{"name":"\#(name)"},{"name":"leftover","asize":10}]"#))
        let crafted = run.check()
        #expect(crafted.status == 2, "\(crafted.out)\n\(crafted.err)")
        #expect(crafted.out.contains("  not checked: 1 entry has a name no file can have"), "\(crafted.out)")
        #expect(crafted.out.contains(#"warning: unusable file name ""#) && crafted.out.contains(#"\x00"#), "\(crafted.out)")
    }

    /// A second "name" in one item: which one a reader takes is the reader's choice, so
    /// the item lies nowhere known; `"name":"Documents","name":"tmp"` must not hide a
    /// leftover in tmp (which a reader taking the last name sees) from the gate.
    @Test func anItemGivenTwoNamesIsNotAPass() throws {
        let run = try Run()
        defer { run.cleanUp() }
        try run.write("container/inventory.json", GateEvidenceTests.inventory(#"[{"name":"Documents","name":"tmp"},{"name":"leftover","asize":10}]"#))
        let crafted = run.check()
        #expect(crafted.status == 2, "\(crafted.out)\n\(crafted.err)")
        #expect(crafted.out.contains("  not checked: 1 entry has a name no file can have"), "\(crafted.out)")
        #expect(crafted.out.contains(#"warning: "name" given twice in one item ("Documents" and "tmp")"#), "\(crafted.out)")
        let json = try Self.json(run.check(["--format", "json"]).out)
        #expect((json["unchecked"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["unusable-names"])
    }

    // MARK: - Numbers

    /// `01` is no JSON number: the export is malformed, the container not checked (exit
    /// 2), the file and position named; the rest of the bundle still loads.
    @Test(arguments: [("01", "1:3"), ("1", nil)])
    func aLeadingZeroMakesTheExportMalformed(_ major: String, _ position: String?) throws {
        let run = try Run()
        defer { run.cleanUp() }
        try run.write(
            "container/inventory.json",
            #"[\#(major),2,{"progname":"exhibit","x_backup_flags":"complete"},[{"name":"/c"},[{"name":"tmp"},{"name":"x","asize":1}]]]"#)
        let result = run.check()
        if let position {
            #expect(result.status == 2, "\(result.out)\n\(result.err)")
            #expect(
                result.err.contains("container/inventory.json:\(position) (byte 2): error: expected '.', 'e' or the end of the number after a leading 0"),
                "\(result.err)")
            #expect(result.out.contains("rules: rules.json"), "the rules still load: \(result.out)")
        } else {
            #expect(result.status == 1, "\(result.out)\n\(result.err)")
        }
    }
}

/// The quirk fixtures under Tests/fuzz/corpus/ncdu/ (seeds of the fuzzer, read on both
/// reader paths by `NcduPipelineTests`), as runs: what `check`, `note` and the JSON say.
@Suite struct NcduQuirkFixtureTests {
    typealias Run = GateEvidenceTests.Run

    static func fixture(_ name: String) throws -> Data {
        let corpus = URL(fileURLWithPath: SampleArchiveCommandTests.samples).deletingLastPathComponent()
            .appendingPathComponent("Tests/fuzz/corpus/ncdu")
        return try Data(contentsOf: corpus.appendingPathComponent(name))
    }

    static func run(_ fixture: String, allowed: String = "Documents/Vault.sqlite") throws -> Run {
        let run = try Run()
        try run.write("rules.json", #"{"version":1,"documentsAllowlist":["\#(allowed)"],"budgets":{"Documents":"20 MiB"}}"#)
        try Self.fixture(fixture).write(to: URL(fileURLWithPath: run.path + "/container/inventory.json"))
        return run
    }

    /// ncdu writes a name's bytes as they are: `a\xff` and `a\xfe` are two files, and
    /// `a\\xff` (a backslash in the name) a third; none is `a\u{FFFD}`. The sizes
    /// `5e10` and `"123"` are not recorded.
    @Test func rawBytesAreShownAsBytesAndUnusableSizesAsUnknown() throws {
        let run = try Self.run("quirk-raw-bytes-and-unusable-sizes.json")
        defer { run.cleanUp() }
        let check = run.check()
        #expect(check.status == 1, "\(check.out)\n\(check.err)")
        #expect(check.out.contains(#"] Documents/a\xff (10 B) — policy documents-allowlist"#), "\(check.out)")
        #expect(check.out.contains(#"] Documents/a\xfe (20 B) — policy documents-allowlist"#), "\(check.out)")
        #expect(check.out.contains(#"] Documents/a\\xff (30 B) — policy documents-allowlist"#), "\(check.out)")
        #expect(check.out.contains("] Documents/x.bin (size not recorded)"), "\(check.out)")
        #expect(check.out.contains("  Documents: at least 60 B (2 sizes not recorded) of 20.0 MiB (inventory) — not known"), "\(check.out)")
        #expect(!check.out.contains("\u{FFFD}"), "\(check.out)")

        let json = try NcduHostileValuesTests.json(run.check(["--format", "json"]).out)
        let violations = try #require(json["violations"] as? [[String: Any]])
        let shown = Set(violations.map { "\($0["path"] as? String ?? "") \($0["pathEscaped"] as? Bool ?? false)" })
        #expect(shown.isSuperset(of: [#"Documents/a\xff true"#, #"Documents/a\xfe true"#, #"Documents/a\xff false"#]), "\(shown)")

        let notes = run.path + ".notes"
        defer { try? FileManager.default.removeItem(atPath: notes) }
        let note = CollectRunner.exhibit(["note", run.path, "--notes", notes])
        #expect(note.out.contains(#"| `Documents/a\xff` | 10 B |"#), "\(note.out)")
        #expect(note.out.contains(#"| `Documents/a\xfe` | 20 B |"#), "\(note.out)")
        #expect(!note.out.contains("\u{FFFD}"), "\(note.out)")
        let noteJSON = try NcduHostileValuesTests.json(CollectRunner.exhibit(["note", run.path, "--notes", notes, "--format", "json"]).out)
        let noted = try #require(noteJSON["violations"] as? [[String: Any]])
        #expect(noted.contains { $0["path"] as? String == #"Documents/a\xfe"# && $0["pathEscaped"] as? Bool == true })
    }

    /// A name holding NUL, an item given two names and an `asize` given twice: not
    /// checked (exit 2, Cache.db being allowed where the first name puts it), each
    /// warned with its position.
    @Test func nulAndTwoNamesAreNotChecked() throws {
        let run = try Self.run("quirk-nul-and-two-names.json", allowed: "Documents/**")
        defer { run.cleanUp() }
        let check = run.check()
        #expect(check.status == 2, "\(check.out)\n\(check.err)")
        #expect(check.out.contains("  not checked: 2 entries have names no file can have"), "\(check.out)")
        #expect(check.out.contains(#"container/inventory.json:3:2: warning: unusable file name "tmp\x00""#), "\(check.out)")
        #expect(check.out.contains(#"container/inventory.json:4:29: warning: "name" given twice in one item ("Documents" and "tmp")"#), "\(check.out)")
        #expect(check.out.contains(#"container/inventory.json:4:74: warning: "asize" given twice in one item with different values"#), "\(check.out)")
    }
}
