import Foundation
import Testing

@testable import ExhibitCommands

/// An entry ncdu marks `"excluded"` or `read_error` has no size in the export: `check`,
/// `note` and `diff` say the size was not recorded (JSON: `null`) instead of `0 B`, and a
/// folder reported once whose total leaves such entries out says "at least". A file of
/// 0 bytes the scan did read stays `0 B`.
@Suite struct UnrecordedSizeTests {
    typealias Run = GateEvidenceTests.Run

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Vault.sqlite excluded (must-restore: blocks, so the run is decided on), and tmp with
    /// an entry the scan excluded, one it could not read and an empty file it did read;
    /// a partial download beside them breaks another rule, so tmp is not reported once.
    static let tmpItems =
        #"[{"name":"Documents"},{"name":"Vault.sqlite","asize":5,"x_backup_excluded":true}],"#
        + #"[{"name":"tmp"},{"name":"skipped.bin","excluded":"pattern"},{"name":"locked.bin","read_error":true},{"name":"empty.bin","asize":0},"#
        + #"{"name":"CFNetworkDownload_x.tmp","asize":3}]"#

    @Test func checkAndNoteSayTheSizeWasNotRecorded() throws {
        let run = try Run()
        defer { run.cleanUp() }
        try run.write("container/inventory.json", GateEvidenceTests.inventory(Self.tmpItems))
        let result = run.check()
        #expect(result.status == 1, "\(result.out)\n\(result.err)")
        #expect(result.out.contains("] tmp/skipped.bin (size not recorded) — policy tmp-empty"), "\(result.out)")
        #expect(result.out.contains("] tmp/locked.bin (size not recorded) — policy tmp-empty"), "\(result.out)")
        #expect(result.out.contains("] tmp/empty.bin (0 B) — policy tmp-empty"), "\(result.out)")
        #expect(!result.out.contains("skipped.bin (0 B)") && !result.out.contains("locked.bin (0 B)"))

        let json = try Self.json(run.check(["--format", "json"]).out)
        let violations = try #require(json["violations"] as? [[String: Any]])
        func size(_ path: String) -> Any? { violations.first { $0["path"] as? String == path }?["size"] as Any? }
        #expect(size("tmp/skipped.bin") is NSNull)
        #expect(size("tmp/locked.bin") is NSNull)
        #expect(size("tmp/empty.bin") as? Int == 0)
        #expect(size("Documents/Vault.sqlite") as? Int == 5)

        let note = CollectRunner.exhibit(["note", run.path, "--notes", run.path + ".notes"])
        defer { try? FileManager.default.removeItem(atPath: run.path + ".notes") }
        #expect(note.out.contains("| `tmp/skipped.bin` | size not recorded |"), "\(note.out)")
        #expect(note.out.contains("| `tmp/locked.bin` | size not recorded |"), "\(note.out)")
        #expect(note.out.contains("| `tmp/empty.bin` | 0 B |"), "\(note.out)")
        let noteJSON = try Self.json(CollectRunner.exhibit(["note", run.path, "--notes", run.path + ".notes", "--format", "json"]).out)
        let noted = try #require(noteJSON["violations"] as? [[String: Any]])
        #expect(noted.first { $0["path"] as? String == "tmp/skipped.bin" }?["size"] is NSNull)
        #expect(noted.first { $0["path"] as? String == "tmp/empty.bin" }?["size"] as? Int == 0)
    }

    /// A folder of regenerable downloads reported once: its total leaves out the entry the
    /// scan excluded, so it is "at least" that, and JSON has no size for it.
    @Test func aFolderWhoseTotalLeavesEntriesOutSaysAtLeast() throws {
        let run = try Run()
        defer { run.cleanUp() }
        let downloads =
            #"[{"name":"Library"},[{"name":"Application Support"},[{"name":"Downloads"},{"name":"a.pack","asize":7},"#
            + #"{"name":"b.pack","excluded":"otherfs"},{"name":"c.pack","asize":9}]]]"#
        try run.write("container/inventory.json", GateEvidenceTests.inventory(downloads))
        let result = run.check()
        #expect(
            result.out.contains("] Library/Application Support/Downloads (at least 16 B in 2 files; 1 size not recorded) — rule downloads"),
            "\(result.out)")
        let violations = try #require(try Self.json(run.check(["--format", "json"]).out)["violations"] as? [[String: Any]])
        let folder = try #require(violations.first { $0["path"] as? String == "Library/Application Support/Downloads" })
        #expect(folder["size"] is NSNull)
        #expect(folder["files"] as? Int == 2)
    }

    /// The undecided list says it too (JSON `bytes` null).
    @Test func anUndecidedEntryWithoutASize() throws {
        let run = try Run()
        defer { run.cleanUp() }
        try run.write(
            "container/inventory.json",
            GateEvidenceTests.inventory(#"[{"name":"Documents"},{"name":"Vault.sqlite","excluded":"pattern"}]"#, complete: false))
        let result = run.check()
        #expect(result.status == 2)
        #expect(result.out.contains("\n    Documents/Vault.sqlite (size not recorded)\n"), "\(result.out)")
        let undecided = try #require(try Self.json(run.check(["--format", "json"]).out)["undecided"] as? [String: Any])
        let entry = try #require(((undecided["rules"] as? [[String: Any]])?.first?["entries"] as? [[String: Any]])?.first)
        #expect(entry["bytes"] is NSNull)
    }

    /// `diff`: a new violation without a recorded size has `size` null.
    @Test func diffHasNoSizeForIt() throws {
        let base = try Run()
        let run = try Run()
        defer {
            base.cleanUp()
            run.cleanUp()
        }
        try base.write(
            "container/inventory.json",
            GateEvidenceTests.inventory(#"[{"name":"Documents"},{"name":"Vault.sqlite","asize":5,"x_backup_excluded":true}],[{"name":"tmp"}]"#))
        try run.write("container/inventory.json", GateEvidenceTests.inventory(Self.tmpItems))
        let diff = CollectRunner.exhibit(["diff", base.path, run.path, "--format", "json"])
        let object = try Self.json(diff.out)
        let new = try #require((object["violations"] as? [String: Any])?["new"] as? [[String: Any]])
        #expect(new.first { $0["path"] as? String == "tmp/skipped.bin" }?["size"] is NSNull, "\(diff.out)")
        #expect(new.first { $0["path"] as? String == "tmp/empty.bin" }?["size"] as? Int == 0, "\(diff.out)")
    }
}
