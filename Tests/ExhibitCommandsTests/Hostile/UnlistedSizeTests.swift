import Foundation
import Testing

@testable import ExhibitCommands

/// A path list (files.txt) records no size: without sizes.txt, or for a file sizes.txt
/// has no line for, the size was never measured. `check`'s budgets, violation lines and
/// `summary`'s totals say so ("no size recorded", "at least", JSON null and
/// `unrecordedSizes`) instead of a 0 that keeps every budget; a budget a lower bound
/// already breaks is still over.
@Suite struct UnlistedSizeTests {
    typealias Run = GateEvidenceTests.Run

    static let files = "./Documents\n./Documents/Vault.sqlite\n./tmp\n./tmp/a.bin\n./tmp/b.bin\n"

    static func budgetedRun() throws -> Run {
        let run = try Run()
        try run.write(
            "rules.json",
            #"{"version":1,"rules":[{"name":"vault-db","path":"Documents/Vault.sqlite","requirement":"must-restore","owner":"@s"}],"#
                + #""budgets":{"Documents":"1 MiB","tmp":"1 KiB"}}"#)
        try run.write("container/files.txt", files)
        return run
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func withoutSizesNoBudgetIsKeptAndNoSizeIsZero() throws {
        let run = try Self.budgetedRun()
        defer { run.cleanUp() }
        let check = run.check()
        #expect(check.out.contains("  tmp: no size recorded (2 entries) of 1 KiB (inventory) — not known"), "\(check.out)")
        #expect(check.out.contains("] tmp (size not recorded, 2 files) — policy tmp-empty"), "\(check.out)")
        #expect(check.out.contains("    Documents/Vault.sqlite (size not recorded)"), "\(check.out)")
        #expect(!check.out.contains("0 B"), "\(check.out)")

        let json = try Self.json(run.check(["--format", "json"]).out)
        let budgets = try #require(json["budgets"] as? [[String: Any]])
        let tmp = try #require(budgets.first { $0["directory"] as? String == "tmp" })
        #expect(tmp["over"] is NSNull)
        #expect(tmp["unrecordedSizes"] as? Int == 2)
        let violations = try #require(json["violations"] as? [[String: Any]])
        #expect(violations.first { $0["path"] as? String == "tmp" }?["size"] is NSNull)

        let summary = CollectRunner.exhibit(["summary", run.path])
        #expect(summary.out.contains("Container  3 files, size not recorded,"), "\(summary.out)")
        #expect(summary.out.contains("  tmp                                    -     unknown        2\n"), "\(summary.out)")
        let summaryJSON = try Self.json(CollectRunner.exhibit(["summary", run.path, "--format", "json"]).out)
        let container = try #require(summaryJSON["container"] as? [String: Any])
        #expect(container["bytes"] is NSNull)
        #expect(container["unrecordedSizes"] as? Int == 3)
    }

    /// sizes.txt without a line for one file: the others are measured, the folder's total
    /// is a lower bound, and one that breaks its budget already is over.
    @Test func aSizeListMissingAFileGivesALowerBound() throws {
        let run = try Self.budgetedRun()
        defer { run.cleanUp() }
        try run.write("container/sizes.txt", "10\t./Documents/Vault.sqlite\n4096\t./tmp/a.bin\n")
        let check = run.check()
        #expect(check.out.contains("  Documents: 10 B of 1.0 MiB (inventory)\n"), "\(check.out)")
        #expect(check.out.contains("  tmp: at least 4 KiB (1 size not recorded) of 1 KiB (inventory) — over"), "\(check.out)")
        #expect(check.out.contains("] tmp (at least 4 KiB in 2 files; 1 size not recorded) — policy tmp-empty"), "\(check.out)")
        #expect(check.out.contains("over its budget of 1 KiB by at least 3 KiB"), "\(check.out)")
        let json = try Self.json(run.check(["--format", "json"]).out)
        let budgets = try #require(json["budgets"] as? [[String: Any]])
        #expect(budgets.first { $0["directory"] as? String == "tmp" }?["over"] as? Bool == true)
        #expect(budgets.first { $0["directory"] as? String == "Documents" }?["over"] as? Bool == false)
        let summary = CollectRunner.exhibit(["summary", run.path])
        #expect(summary.out.contains("Container  3 files, at least 4 KiB (1 size not recorded),"), "\(summary.out)")
        #expect(summary.out.contains("4 KiB+"), "\(summary.out)")
    }

    /// Measured by du, a budget has the allowed test resources' sizes subtracted: with
    /// one of no recorded size nothing was, so the du figure is an upper bound, and over
    /// the budget it decides nothing (no volume warning, JSON over null).
    @Test func underDuAnAllowedResourceOfNoSizeLeavesOverNotKnown() throws {
        let run = try Self.budgetedRun()
        defer { run.cleanUp() }
        try run.write(
            "rules.json",
            #"{"version":1,"rules":[{"name":"vault-db","path":"Documents/Vault.sqlite","requirement":"must-restore","owner":"@s"}],"#
                + #""allowedLargeResources":[{"path":"tmp/a.bin","reason":"fixture"}],"budgets":{"tmp":"1 KiB"}}"#)
        try run.write("container/sizes.txt", "10\t./Documents/Vault.sqlite\n")
        try run.write("container/du.txt", "4\t./tmp\n8\t./Documents\n")
        let check = run.check()
        #expect(check.out.contains("  tmp: 4 KiB of 1 KiB (du), 1 allowed test resource of no recorded size not subtracted — not known"), "\(check.out)")
        #expect(!check.out.contains("over its budget"), "\(check.out)")
        let json = try Self.json(run.check(["--format", "json"]).out)
        let tmp = try #require((json["budgets"] as? [[String: Any]])?.first { $0["directory"] as? String == "tmp" })
        #expect(tmp["over"] is NSNull)
        #expect(tmp["allowedUnrecordedSizes"] as? Int == 1)
    }

    /// `diff` from a run whose sizes were listed to one whose were not: no file "grew"
    /// from an unmeasured 0, and a budget the later run could not decide is not "fixed".
    @Test func diffCountsNoGrowthOrFixFromUnmeasuredSizes() throws {
        let base = try Self.budgetedRun()
        let later = try Self.budgetedRun()
        defer {
            base.cleanUp()
            later.cleanUp()
        }
        try base.write("container/sizes.txt", "10\t./Documents/Vault.sqlite\n4096\t./tmp/a.bin\n4096\t./tmp/b.bin\n")
        let forward = CollectRunner.exhibit(["diff", later.path, base.path, "--format", "json"])
        let forwardJSON = try Self.json(forward.out)
        #expect(forwardJSON["grown"] as? Int == 0, "\(forward.out)")
        let backward = CollectRunner.exhibit(["diff", base.path, later.path])
        #expect(!backward.out.contains("volume-budget"), "\(backward.out)")
        #expect(!forward.out.contains("volume-budget"), "\(forward.out)")
    }

    /// A file added, removed or moved whose size one run did not record is "size not
    /// recorded" in `diff`'s lines (JSON: that size null, `sizeNotRecorded`), not `0 B`.
    @Test func diffSaysASizeNotRecordedForAddedRemovedAndMovedFiles() throws {
        let base = try Self.budgetedRun()
        let later = try Self.budgetedRun()
        defer {
            base.cleanUp()
            later.cleanUp()
        }
        try base.write("container/files.txt", "./Documents\n./Documents/Vault.sqlite\n./tmp\n./tmp/a.bin\n./tmp/gone.bin\n")
        try base.write("container/sizes.txt", "10\t./Documents/Vault.sqlite\n4096\t./tmp/a.bin\n")
        try later.write("container/files.txt", "./Documents\n./Documents/Vault.sqlite\n./Documents/a.bin\n./tmp\n./tmp/new.bin\n")
        try later.write("container/sizes.txt", "10\t./Documents/Vault.sqlite\n")
        let text = CollectRunner.exhibit(["diff", base.path, later.path]).out
        #expect(text.contains("added    tmp/new.bin  size not recorded"), "\(text)")
        #expect(text.contains("removed  tmp/gone.bin  size not recorded"), "\(text)")
        #expect(text.contains("Documents/a.bin  from tmp/a.bin  size not recorded"), "\(text)")
        #expect(!text.contains(" 0 B"), "\(text)")
        let json = try Self.json(CollectRunner.exhibit(["diff", base.path, later.path, "--format", "json"]).out)
        let files = try #require(json["files"] as? [[String: Any]])
        let added = try #require(files.first { $0["path"] as? String == "tmp/new.bin" })
        #expect(added["size"] is NSNull && added["sizeNotRecorded"] as? Bool == true)
        let removed = try #require(files.first { $0["path"] as? String == "tmp/gone.bin" })
        #expect(removed["baseSize"] is NSNull && removed["sizeNotRecorded"] as? Bool == true)
        let moves = try #require(json["moves"] as? [[String: Any]])
        #expect(moves.first?["size"] is NSNull && moves.first?["baseSize"] as? Int == 4096, "\(moves)")
    }
}
