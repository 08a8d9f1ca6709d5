import Foundation
import Testing

@testable import ExhibitCommands

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The gate never passes on evidence it could not read (2026-12-04 review): a flag
/// record that is there but unusable, entries the scan left out, names that place a
/// subtree nowhere, a flag value of the wrong type or given twice, and the inventory's
/// claim "every flag recorded" against an artifact that names the item. Each case is
/// built from nothing in a temporary directory; each has a twin whose honest form
/// blocks, so a test also fails if the case stops being checked at all.
@Suite struct GateEvidenceTests {
    /// A run with one must-restore database and the rules for it.
    struct Run {
        let path: String

        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-gate-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path + "/container", withIntermediateDirectories: true)
            try write(
                "rules.json",
                #"{"version":1,"rules":[{"name":"vault-db","path":"Documents/Vault.sqlite","requirement":"must-restore","owner":"@s"},"#
                    + #"{"name":"downloads","path":"Library/Application Support/Downloads/**","requirement":"regenerable","owner":"@d"}]}"#)
        }

        func write(_ relative: String, _ text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + relative))
        }

        func cleanUp() { try? FileManager.default.removeItem(atPath: path) }

        func check(_ extra: [String] = []) -> (status: Int32, out: String, err: String) {
            CollectRunner.exhibit(["check", path] + extra)
        }
    }

    /// An inventory.json in the shape `exhibit collect` writes, `items` inside the root.
    static func inventory(_ items: String, complete: Bool = true) -> String {
        let flags = complete ? #","x_backup_flags":"complete""# : ""
        return #"[1,2,{"progname":"exhibit"\#(flags)},[{"name":"/c"},\#(items)]]"#
    }

    // MARK: - A flag record present but unusable

    enum Breakage: String, CaseIterable, CustomTestStringConvertible {
        case directory, fifo, linkOutOfTheRun
        var testDescription: String { rawValue }
    }

    /// excluded.txt names the database (excluded: must-restore breaks); xattr.txt, the
    /// weaker record beside it, does not. Broken, excluded.txt must not hand the verdict
    /// to xattr.txt.
    @Test(arguments: Breakage.allCases)
    func aBrokenExcludedListFailsClosedInsteadOfFallingBackToTheDump(_ breakage: Breakage) throws {
        let run = try Run()
        defer { run.cleanUp() }
        try run.write("container/files.txt", "Documents/Vault.sqlite\nLibrary/Caches/x\n")
        try run.write("container/xattr.txt", "./Library/Caches: com.apple.metadata:com_apple_backup_excludeItem: com.apple.MobileBackup\n")
        try run.write("container/excluded.txt", "Documents/Vault.sqlite\n")
        let honest = run.check()
        #expect(honest.status == 1, "the readable list blocks: \(honest.out)")

        let excluded = run.path + "/container/excluded.txt"
        try FileManager.default.removeItem(atPath: excluded)
        switch breakage {
        case .directory: try FileManager.default.createDirectory(atPath: excluded, withIntermediateDirectories: false)
        case .fifo: try #require(mkfifo(excluded, 0o644) == 0)
        case .linkOutOfTheRun:
            let outside = run.path + ".excluded.txt"
            try Data("Documents/Vault.sqlite\n".utf8).write(to: URL(fileURLWithPath: outside))
            defer { try? FileManager.default.removeItem(atPath: outside) }
            try #require(symlink(outside, excluded) == 0)
        }
        let broken = run.check()
        #expect(broken.status == 2, "\(broken.out)\n\(broken.err)")
        #expect(broken.err.contains("fails closed"), "\(broken.err)")
        #expect(broken.out.contains("  not checked: container/excluded.txt "), "\(broken.out)")
        #expect(broken.out.contains("the findings may be wrong"))
        #expect(!broken.out.contains("nothing blocks"))

        let json = run.check(["--format", "json"])
        #expect(json.status == 2)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let unchecked = try #require(object["unchecked"] as? [[String: Any]])
        #expect(unchecked.contains { $0["kind"] as? String == "flag-record" && $0["voidsFindings"] as? Bool == true })
    }

    // MARK: - Entries the scan did not read

    /// ncdu writes `"excluded"` for what `--exclude`, `-x` (and firmlinks, kernel file
    /// systems) kept out of the scan, and `read_error` for a directory it could not
    /// list: what they hold is not in the export, so "tmp must be empty" is not known.
    @Test(arguments: [
        #"{"name":"tmp","excluded":"pattern"}"#, #"{"name":"tmp","excluded":"otherfs"}"#,
        #"{"name":"tmp","excluded":"othfs"}"#, #"{"name":"tmp","excluded":"kernfs"}"#,
        #"{"name":"tmp","excluded":"frmlnk"}"#, #"{"name":"tmp","excluded":"something-new"}"#,
        #"[{"name":"tmp","read_error":true}]"#,
    ])
    func anEntryTheScanLeftOutIsNotAPass(_ tmp: String) throws {
        let run = try Run()
        defer { run.cleanUp() }
        let documents = #"[{"name":"Documents"},{"name":"Vault.sqlite","asize":5}]"#
        try run.write("container/inventory.json", Self.inventory(documents + "," + tmp))
        let result = run.check()
        #expect(result.status == 2, "\(result.out)\n\(result.err)")
        #expect(result.out.contains("  not checked: 1 entry was not scanned: tmp ("), "\(result.out)")
        #expect(result.out.contains("nothing known blocks, but part of the container not checked"))
        #expect(result.err.contains("nothing known blocks, but 1 entry was not scanned"), "\(result.err)")
        #expect(!result.out.contains("— nothing blocks"))
        #expect(result.out.contains("proposed classification: none (not decided)"), "\(result.out)")
        // The note proposes no class and says the count is a lower bound, and why.
        let note = CollectRunner.exhibit(["note", run.path])
        #expect(note.out.contains("No class proposed by exhibit (not decided)"), "\(note.out)")
        #expect(note.out.contains("### Violations (0 known)\n\n- Not checked: 1 entry was not scanned: tmp ("), "\(note.out)")
        #expect(!note.out.contains("**not a boundary failure**"))
        let noteJSON = CollectRunner.exhibit(["note", run.path, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(noteJSON.out.utf8)) as? [String: Any])
        #expect((object["unchecked"] as? [[String: Any]])?.first?["kind"] as? String == "not-scanned")

        // A known blocking violation elsewhere still blocks: what was read is true.
        let excludedVault = #"[{"name":"Documents"},{"name":"Vault.sqlite","asize":5,"x_backup_excluded":true}]"#
        try run.write("container/inventory.json", Self.inventory(excludedVault + "," + tmp))
        #expect(run.check().status == 1)
    }

    // MARK: - Names that place a subtree nowhere

    @Test(arguments: ["Library/Application Support", "Library/", "..", ".", ""])
    func aNameNoFileCanHaveIsNotAPass(_ name: String) throws {
        let run = try Run()
        defer { run.cleanUp() }
        let downloads = #"[{"name":"Downloads"},{"name":"a.pack","asize":5}]"#
        let honest = #"[{"name":"Library"},[{"name":"Application Support"},\#(downloads)]]"#
        try run.write("container/inventory.json", Self.inventory(honest))
        #expect(run.check().status == 1, "the honest tree blocks (a regenerable file not excluded)")

        try run.write("container/inventory.json", Self.inventory(#"[{"name":"\#(name)"},\#(downloads)]"#))
        let crafted = run.check()
        #expect(crafted.status == 2, "\(crafted.out)\n\(crafted.err)")
        #expect(crafted.out.contains("  not checked: 1 entry has a name no file can have"), "\(crafted.out)")
        let json = run.check(["--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let unchecked = try #require(object["unchecked"] as? [[String: Any]])
        #expect(unchecked.map { $0["kind"] as? String } == ["unusable-names"])
    }

    /// The root's name is the scanned path, absolute: it is no entry's name.
    @Test func theRootsAbsoluteNameIsNotUnusable() throws {
        let run = try Run()
        defer { run.cleanUp() }
        try run.write("container/inventory.json", Self.inventory(#"[{"name":"Documents"},{"name":"Vault.sqlite","asize":5}]"#))
        let result = run.check()
        #expect(result.status == 0, "\(result.out)\n\(result.err)")
        #expect(!result.out.contains("not checked"))
    }

    // MARK: - The inventory's own flag values

    /// `x_backup_excluded` that is not a boolean, or given twice with two values, is an
    /// unknown flag: under `"x_backup_flags":"complete"` it is not "not excluded".
    @Test(arguments: [
        #""x_backup_excluded":"true""#, #""x_backup_excluded":1"#, #""x_backup_excluded":null"#,
        #""x_backup_excluded":[true]"#, #""x_backup_excluded":{}"#,
        #""x_backup_excluded":true,"x_backup_excluded":false"#, #""x_backup_excluded":false,"x_backup_excluded":true"#,
        #""x_backup_excluded":"x","x_backup_excluded":false"#,
    ])
    func aFlagValueThatCannotBeUsedIsUnknown(_ value: String) throws {
        let run = try Run()
        defer { run.cleanUp() }
        try run.write("container/inventory.json", Self.inventory(#"[{"name":"Documents"},{"name":"Vault.sqlite","asize":5,\#(value)}]"#))
        let result = run.check()
        #expect(result.status == 2, "\(result.out)\n\(result.err)")
        #expect(result.out.contains("undecided: 1 rule"), "\(result.out)")
        #expect(result.out.contains("the item's flag is unknown"), "\(result.out)")
    }

    @Test func theSameFlagValueTwiceIsKept() throws {
        let run = try Run()
        defer { run.cleanUp() }
        let item = #"{"name":"Vault.sqlite","asize":5,"x_backup_excluded":true,"x_backup_excluded":true}"#
        try run.write("container/inventory.json", Self.inventory(#"[{"name":"Documents"},\#(item)]"#))
        #expect(run.check().status == 1)
    }

    /// "complete" with no value of the item's own implies "not excluded"; an artifact
    /// that names the item excluded is an explicit record and wins (exhibit-bundle(5)).
    @Test(arguments: [
        ("container/excluded.txt", "Documents/Vault.sqlite\n"),
        ("container/xattr.txt", "./Documents/Vault.sqlite: com.apple.metadata:com_apple_backup_excludeItem: com.apple.MobileBackup\n"),
    ])
    func anArtifactNamingTheItemBeatsTheImpliedDefault(_ artifact: String, _ text: String) throws {
        let run = try Run()
        defer { run.cleanUp() }
        try run.write("container/inventory.json", Self.inventory(#"[{"name":"Documents"},{"name":"Vault.sqlite","asize":5}]"#))
        #expect(run.check().status == 0, "implied not excluded: the database is backed up")
        try run.write(artifact, text)
        let result = run.check()
        #expect(result.status == 1, "\(result.out)")
        #expect(result.out.contains("excluded from backup, but only a backup brings it back"), "\(result.out)")
        #expect(result.out.contains("gives no flag of its own"), "\(result.out)")

        // An explicit value of the inventory's own still wins, with the disagreement said.
        try run.write(
            "container/inventory.json",
            Self.inventory(#"[{"name":"Documents"},{"name":"Vault.sqlite","asize":5,"x_backup_excluded":false}]"#))
        let explicit = run.check()
        #expect(explicit.status == 0, "\(explicit.out)")
        #expect(explicit.out.contains("container/inventory.json wins"), "\(explicit.out)")
    }
}

/// APFS names one file by canonically equivalent names: a rule holds for every
/// spelling of its path (review, 2026-12-04: a decomposed `Téléchargements` slipped past
/// its rule), and the file is reported under the name as recorded.
@Suite struct NameSpellingGateTests {
    static let nfc = "T\u{E9}l\u{E9}chargements"
    static let nfd = "Te\u{301}le\u{301}chargements"

    @Test(arguments: [
        (nfc, nfc), (nfc, nfd), (nfd, nfc), (nfd, nfd), (nfd, "T\u{E9}L\u{E9}CHARGEMENTS"), ("TE\u{301}LE\u{301}CHARGEMENTS", "T\u{C9}L\u{C9}CHARGEMENTS"),
    ])
    func aRuleHoldsForEverySpellingOfItsPath(_ ruleSpelling: String, _ fileSpelling: String) throws {
        let run = try GateEvidenceTests.Run()
        defer { run.cleanUp() }
        try run.write(
            "rules.json",
            #"{"version":1,"rules":[{"name":"packs","path":"Library/Application Support/\#(ruleSpelling)/**","requirement":"regenerable","owner":"@sync"}]}"#)
        let path = "Library/Application Support/\(fileSpelling)/pack.bin"
        try run.write("container/files.txt", path + "\n")
        try run.write("container/excluded.txt", "")
        let text = run.check()
        #expect(text.status == 1, "\(text.out)")
        #expect(text.out.contains("rule packs (regenerable"), "\(text.out)")

        let json = run.check(["--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let violations = try #require(object["violations"] as? [[String: Any]])
        let reported = try #require(violations.first?["path"] as? String)
        // Bytes, not `==` (canonical equivalence): the name as recorded.
        #expect(Array(reported.utf8) == Array(path.utf8))
    }

    /// Normalization is folded whatever `caseSensitive` says (APFS compares names
    /// normalization-insensitively on every volume); letters outside ASCII compare
    /// exactly either way (exhibit-rules(5)).
    @Test func normalizationIsFoldedWhereCaseIsNot() throws {
        let run = try GateEvidenceTests.Run()
        defer { run.cleanUp() }
        try run.write(
            "rules.json",
            #"{"version":1,"caseSensitive":true,"rules":[{"name":"packs","path":"Library/Application Support/\#(Self.nfc)/**","requirement":"regenerable","owner":"@sync"}]}"#
        )
        try run.write("container/excluded.txt", "")
        try run.write("container/files.txt", "Library/Application Support/\(Self.nfd)/pack.bin\n")
        #expect(run.check().status == 1)
        try run.write("container/files.txt", "Library/Application Support/t\u{E9}l\u{E9}chargements/pack.bin\n")
        let lower = run.check()
        #expect(lower.status == 0, "\(lower.out)")
        #expect(!lower.out.contains("rule packs"))
    }
}

/// A flag record whose lines cannot all be read or placed is in doubt as a whole: a name
/// holding a line break reads as two lines, and the second may name another item
/// (review, 2026-12-04: `m<LF>Library` in an `xattr -rl` dump flagged all of Library/
/// and hid an unset attribute).
@Suite struct FlagRecordDoubtTests {
    static let attribute = "com.apple.metadata:com_apple_backup_excludeItem"
    static let models = "Library/Application Support/Models"

    func run(inventoryItems: String) throws -> GateEvidenceTests.Run {
        let run = try GateEvidenceTests.Run()
        try run.write(
            "rules.json",
            #"{"version":1,"rules":[{"name":"ml-models","path":"\#(Self.models)/**","requirement":"regenerable","owner":"@ml"}]}"#)
        try run.write("container/inventory.json", GateEvidenceTests.inventory(inventoryItems))
        return run
    }

    static let tree =
        #"[{"name":"Library"},[{"name":"Application Support"},[{"name":"Models"},{"name":"model.bin","asize":9},{"name":"m\nLibrary","asize":2,"x_backup_excluded":true}]]]"#

    @Test(arguments: [
        "\(models)/m\nLibrary: \(attribute): com.apple.MobileBackup\n",
        "# file: \(models)/m\nLibrary\nuser.\(attribute)=\"com.apple.MobileBackup\"\n",
        "./Library/Application Support/Elsewhere: \(attribute): com.apple.MobileBackup\n",
    ])
    func aDumpWithLinesThatDoNotReadOrPlaceFailsClosed(_ dump: String) throws {
        let run = try run(inventoryItems: Self.tree)
        defer { run.cleanUp() }
        #expect(run.check().status == 1, "without the dump, model.bin is an unset attribute")
        try run.write("container/xattr.txt", dump)
        let result = run.check()
        #expect(result.status == 2, "\(result.out)\n\(result.err)")
        #expect(result.out.contains("  not checked: container/xattr.txt: 1 line could not be read or placed"), "\(result.out)")
        #expect(result.err.contains("fails closed"))
    }

    @Test func anExcludedListLineNamingNothingFailsClosed() throws {
        let run = try run(inventoryItems: Self.tree)
        defer { run.cleanUp() }
        try run.write("container/excluded.txt", "\(Self.models)/m\nLibrary\n")
        let result = run.check()
        #expect(result.status == 2, "\(result.out)\n\(result.err)")
        #expect(result.out.contains("  not checked: container/excluded.txt: 1 line could not be read or placed"), "\(result.out)")
    }

    @Test func aDumpThatReadsWholeDecides() throws {
        let run = try run(inventoryItems: Self.tree)
        defer { run.cleanUp() }
        try run.write("container/xattr.txt", "./\(Self.models)/model.bin: \(Self.attribute): com.apple.MobileBackup\n")
        let result = run.check()
        #expect(result.status == 0, "\(result.out)\n\(result.err)")
        #expect(!result.out.contains("not checked"))
    }
}
