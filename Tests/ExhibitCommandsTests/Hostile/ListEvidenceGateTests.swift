import Foundation
import Testing

@testable import ExhibitCommands

/// `check` against the path-list evidence of the review of 2026-12-05 (defects 3 to 7):
/// a list that names nothing, absolute paths under a directory named like a container's
/// own, an inventory taken at the wrong directory, a stray NUL, the container's own
/// flag, and lists cut short. Each hostile run has an honest twin that `check` decides,
/// so a test also fails if the case stops being read at all.
@Suite struct ListEvidenceGateTests {
    typealias Run = GateEvidenceTests.Run

    private static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// "kind path rule" of every violation of a `check --format json`.
    private static func violations(_ run: Run) throws -> Set<String> {
        let object = try json(run.check(["--format", "json"]).out)
        return Set(
            (object["violations"] as? [[String: Any]] ?? []).map { v in
                "\(v["kind"] as? String ?? "?") \(v["path"] as? String ?? "?") \(v["rule"] as? String ?? "-")"
            })
    }

    private static func uncheckedKinds(_ run: Run) throws -> [String] {
        let object = try json(run.check(["--format", "json"]).out)
        return (object["unchecked"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
    }

    // MARK: - 3: a list naming nothing

    @Test(arguments: ["", ".\n", "\n\n", "./\n"])
    func aListNamingNothingCannotPassNorBeCompared(_ files: String) throws {
        let run = try Run()
        defer { run.cleanUp() }
        let base = try Run()
        defer { base.cleanUp() }
        try base.write("container/files.txt", "Documents/Vault.sqlite\n")
        try base.write("container/excluded.txt", "")
        #expect(base.check().status == 0, "the honest twin passes")

        try run.write("container/files.txt", files)
        try run.write("container/excluded.txt", "")
        let text = run.check()
        #expect(text.status == 2, "\(text.out)")
        #expect(text.err.contains("no container inventory could be read"), "\(text.err)")
        #expect(text.err.contains("container/files.txt:1:1: error: expected container paths, one per line (find . | sort)"), "\(text.err)")
        let diff = CollectRunner.exhibit(["diff", base.path, run.path])
        #expect(diff.status == 2)
        #expect(!diff.out.contains("Regressions: 0\n"), "\(diff.out)")
        #expect(diff.err.contains("container/files.txt:1:1: error: expected container paths"), "\(diff.err)")
    }

    /// An excluded.txt line files.txt lacks, whose path runs through a folder named like a
    /// top-level one (`Documents/Archive/Library`, an empty folder `find -type f` left out),
    /// is that path, never cut at its `Library` to flag all of Library (a false pass), nor
    /// `Library/Caches/Documents` cut to flag all of Documents.
    @Test(arguments: ["./Documents/Archive/Library\n", "./Library/Caches/Documents\n"])
    func anExcludedFolderNamedLikeATopLevelOneFlagsOnlyItself(_ excluded: String) throws {
        let run = try Run()
        defer { run.cleanUp() }
        try run.write(
            "container/files.txt",
            "./Documents/Vault.sqlite\n./Library/Application Support/Downloads/big.pack\n./Library/Caches/c.db\n")
        try run.write("container/excluded.txt", excluded)
        let text = run.check()
        // Beside a `find -type f` list: an empty excluded directory, so the download blocks.
        #expect(text.status == 1, "\(text.out)")
        #expect(text.out.contains("Library/Application Support/Downloads/big.pack"), "still not excluded: \(text.out)")
        #expect(!text.out.contains("Documents/Vault.sqlite"), "Documents is not flagged: \(text.out)")
        #expect((text.out + text.err).contains("is excluded but not in files.txt; added as an empty directory"), "\(text.out)")
    }

    // MARK: - 4: absolute paths, and an inventory that is not of a container

    /// repro 4 (flcaches): the container copied into a CI home's Library/Caches, or into
    /// /private/tmp; the unflagged download blocks as it does in the relative list.
    @Test(arguments: ["/Users/ci/Library/Caches/job-1/container", "/private/tmp/job-1/container"])
    func absolutePathsAreCutWhereTheContainerIs(_ c: String) throws {
        let relative = try Run()
        defer { relative.cleanUp() }
        let files = ["Documents/Vault.sqlite", "Library/Application Support/Downloads/big.pack", "tmp/leftover.tmp", "Library/Preferences/p.plist"]
        try relative.write("container/files.txt", files.map { $0 + "\n" }.joined())
        try relative.write("container/excluded.txt", "")
        let expected = try Self.violations(relative)
        #expect(expected.contains("unset-attribute Library/Application Support/Downloads/big.pack downloads"), "\(expected)")

        let absolute = try Run()
        defer { absolute.cleanUp() }
        try absolute.write("container/files.txt", files.map { c + "/" + $0 + "\n" }.joined())
        try absolute.write("container/excluded.txt", "")
        let text = absolute.check()
        #expect(text.status == 1, "\(text.out)")
        #expect(text.out.contains("container prefix \"\(c)\" removed"), "\(text.out)")
        #expect(try Self.violations(absolute) == expected)
    }

    /// repro 4 (wrongroot): ncdu run at …/Data/Application, everything under `<UUID>/`:
    /// every entry sat in an unknown top-level directory and check passed. At the right
    /// directory the same tree blocks.
    @Test func anInventoryTakenAboveTheContainerCannotPass() throws {
        let uuid = "0E7A3C51-2B9D-4F86-A1C4-7D3E9F0B2A68"
        let tree =
            #"[{"name":"Documents"},{"name":"Vault.sqlite","asize":10,"x_backup_excluded":true}],"#
            + #"[{"name":"Library"},[{"name":"Application Support"},[{"name":"Downloads"},{"name":"big.pack","asize":5000}]]]"#
        let right = try Run()
        defer { right.cleanUp() }
        try right.write("container/inventory.json", GateEvidenceTests.inventory(tree))
        #expect(right.check().status == 1)

        let wrong = try Run()
        defer { wrong.cleanUp() }
        try wrong.write("container/inventory.json", GateEvidenceTests.inventory(#"[{"name":"\#(uuid)"},\#(tree)]"#))
        let text = wrong.check()
        #expect(text.status == 2, "\(text.out)")
        #expect(
            text.out.contains(
                "  not checked: container/inventory.json: the top level holds none of Documents, Library, tmp (it holds \"\(uuid)\")"), "\(text.out)")
        #expect(text.err.contains("the gate fails closed"), "\(text.err)")
        #expect(try Self.uncheckedKinds(wrong) == ["not-a-container"])

        // The list form, taken one level too deep (at Library): the same.
        let deep = try Run()
        defer { deep.cleanUp() }
        try deep.write("container/files.txt", "./Application Support/Downloads/big.pack\n./Caches/c.db\n")
        try deep.write("container/excluded.txt", "")
        #expect(deep.check().status == 2)
        #expect(try Self.uncheckedKinds(deep) == ["not-a-container"])

        // A tiny container with one top-level name is a container: checked as such (a
        // file left in tmp blocks by the built-in policy).
        let tiny = try Run()
        defer { tiny.cleanUp() }
        try tiny.write("container/excluded.txt", "")
        for (files, status) in [("./Documents/Vault.sqlite\n", Int32(0)), ("./tmp/x\n", 1)] {
            try tiny.write("container/files.txt", files)
            #expect(tiny.check().status == status, "\(files)")
            #expect(try Self.uncheckedKinds(tiny).isEmpty)
        }
    }

    // MARK: - 5: a stray NUL

    /// repro 5: one NUL at the end of a newline list made it one record holding every
    /// line, a single file, and check passed; without the NUL the download blocks.
    @Test func aStrayNulCannotMakeTheListOneRecord() throws {
        let lines = "./Documents/Vault.sqlite\n./tmp/leftover\n./Library/Application Support/Downloads/big.pack"
        let honest = try Run()
        defer { honest.cleanUp() }
        try honest.write("container/files.txt", lines + "\n")
        try honest.write("container/excluded.txt", "")
        #expect(honest.check().status == 1)

        let run = try Run()
        defer { run.cleanUp() }
        try run.write("container/files.txt", lines + "\u{0}")
        try run.write("container/excluded.txt", "")
        let text = run.check()
        #expect(text.status == 2, "\(text.out)")
        #expect(text.out.contains("holds a line feed"), "\(text.out)")
        #expect(try Self.uncheckedKinds(run) == ["list-in-doubt"])

        // excluded.txt the same: its flags are in doubt.
        try run.write("container/files.txt", lines + "\n")
        try run.write("container/excluded.txt", "./Library/Application Support/Downloads/big.pack\n./Documents/x\u{0}")
        #expect(run.check().status == 2)
        #expect(try Self.uncheckedKinds(run) == ["flag-record"])
    }

    // MARK: - 6: the container's own flag

    enum RootFlag: String, CaseIterable, CustomTestStringConvertible {
        case excludedDot, excludedDotSlash, xattr, getfattr
        var testDescription: String { rawValue }
        var file: String { self == .excludedDot || self == .excludedDotSlash ? "container/excluded.txt" : "container/xattr.txt" }
        var text: String {
            switch self {
            case .excludedDot: ".\n"
            case .excludedDotSlash: "./\n"
            case .xattr: ".: com.apple.metadata:com_apple_backup_excludeItem: com.apple.MobileBackup\n"
            case .getfattr: "# file: .\nuser.com.apple.metadata:com_apple_backup_excludeItem=\"com.apple.MobileBackup\"\n\n"
            }
        }
    }

    /// repro 6: honoured in ncdu JSON, dropped in the list forms; now one verdict in all.
    @Test(arguments: RootFlag.allCases)
    func theContainersOwnFlagGivesTheVerdictOfTheJSONForm(_ form: RootFlag) throws {
        let json = try Run()
        defer { json.cleanUp() }
        try json.write(
            "container/inventory.json",
            #"[1,2,{"progname":"exhibit","x_backup_flags":"complete"},[{"name":"/c","x_backup_excluded":true},[{"name":"Documents"},{"name":"Vault.sqlite","asize":1}]]]"#
        )
        #expect(json.check().status == 1)
        let expected = try Self.violations(json)
        #expect(expected.contains("unset-attribute Documents/Vault.sqlite vault-db"), "\(expected)")

        let list = try Run()
        defer { list.cleanUp() }
        try list.write("container/files.txt", "Documents/Vault.sqlite\n")
        try list.write(form.file, form.text)
        let text = list.check()
        #expect(text.status == 1, "\(text.out)")
        #expect(try Self.violations(list) == expected)

        // Without the flag the twin passes.
        try list.write(form.file, form == .getfattr ? "# file: ./Documents\nuser.other=\"x\"\n\n" : "")
        #expect(list.check().status == 0)
    }

    // MARK: - 7: lists cut short

    /// repro 7: excluded.txt cut inside its last path lost the flag and passed; cut, it
    /// cannot pass; whole, the flagged must-restore database blocks.
    @Test func aCutListCannotPass() throws {
        let run = try Run()
        defer { run.cleanUp() }
        try run.write("container/files.txt", "Documents/Vault.sqlite\nLibrary/Application Support/Downloads/big.pack\n")
        try run.write("container/excluded.txt", "Library/Application Support/Downloads/big.pack\nDocuments/Vault.sqlite\n")
        #expect(run.check().status == 1)
        try run.write("container/excluded.txt", "Library/Application Support/Downloads/big.pack\nDocuments/Vault.sql")
        let cut = run.check()
        #expect(cut.status == 2, "\(cut.out)")
        #expect(cut.out.contains("container/excluded.txt: its last line (line 2) has no line end"), "\(cut.out)")
        #expect(cut.out.contains("container/excluded.txt:2:1: warning: the last line has no line end"), "\(cut.out)")

        // files.txt cut inside a name: the cut name must not decide either way.
        try run.write("container/excluded.txt", "Library/Application Support/Downloads/big.pack\n")
        try run.write("container/files.txt", "Library/Application Support/Downloads/big.pack\nDocuments/Vault.sqlite\n")
        #expect(run.check().status == 0)
        try run.write("container/files.txt", "Library/Application Support/Downloads/big.pack\nDocuments/Vault.sq")
        let list = run.check()
        #expect(list.status == 2, "\(list.out)")
        #expect(list.out.contains("container/files.txt:2:1: warning: the last line has no line end"), "\(list.out)")
        #expect(list.err.contains("container/files.txt: its last line (line 2) has no line end"), "\(list.err)")
        #expect(try Self.uncheckedKinds(run) == ["list-in-doubt"])
    }
}
