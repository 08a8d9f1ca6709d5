import Foundation
import Testing

@testable import ExhibitCommands

/// `check` says why a rule is undecided as the evidence says it: a flag nothing records
/// is "not recorded"; one the collector wrote as `"x_backup_excluded":null` is "recorded
/// as unreadable by the collector" (was: "not recorded" for both); a value of the wrong
/// type is "recorded with a value that cannot be used"; with several, each entry says its own.
@Suite struct UndecidedWordingTests {
    typealias Run = GateEvidenceTests.Run

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aFlagTheCollectorCouldNotReadIsSaidSo() throws {
        let run = try Run()
        defer { run.cleanUp() }
        try run.write(
            "container/inventory.json",
            GateEvidenceTests.inventory(#"[{"name":"Documents"},{"name":"Vault.sqlite","asize":5,"x_backup_excluded":null}]"#))
        let result = run.check()
        #expect(result.status == 2, "\(result.out)\n\(result.err)")
        #expect(result.out.contains("\nundecided: 1 rule (exclusion flags recorded as unreadable by the collector; blocking)\n"), "\(result.out)")
        #expect(result.out.contains("\n    Documents/Vault.sqlite (5 B)\n"), "\(result.out)")
        #expect(
            result.out.contains("— nothing known blocks, but 1 rule undecided (exclusion flags recorded as unreadable by the collector)\n"),
            "\(result.out)")
        #expect(
            result.out.contains("1 blocking rule is undecided: the exclusion flags of the files it covers are recorded as unreadable by the collector"),
            "\(result.out)")
        #expect(result.err.contains("are recorded as unreadable by the collector (see undecided)"), "\(result.err)")
        #expect(!result.out.contains("not recorded"), "\(result.out)")

        let json = try Self.json(run.check(["--format", "json"]).out)
        let undecided = try #require(json["undecided"] as? [String: Any])
        #expect(undecided["reason"] as? String == "exclusion flags recorded as unreadable by the collector")
        let entry = try #require(((undecided["rules"] as? [[String: Any]])?.first?["entries"] as? [[String: Any]])?.first)
        #expect(entry["flagUnknown"] as? [String] == ["unreadable-to-collector"])
    }

    @Test func aFlagNothingRecordsIsNotRecorded() throws {
        let run = try Run()
        defer { run.cleanUp() }
        try run.write(
            "container/inventory.json",
            GateEvidenceTests.inventory(#"[{"name":"Documents"},{"name":"Vault.sqlite","asize":5}]"#, complete: false))
        let result = run.check()
        #expect(result.status == 2)
        #expect(result.out.contains("\nundecided: 1 rule (exclusion flags not recorded; blocking)\n"), "\(result.out)")
        #expect(result.out.contains("\n    Documents/Vault.sqlite (5 B)\n"), "\(result.out)")
        #expect(!result.out.contains("collector"), "\(result.out)")
        let json = try Self.json(run.check(["--format", "json"]).out)
        let undecided = try #require(json["undecided"] as? [String: Any])
        #expect(undecided["reason"] as? String == "exclusion flags not recorded")
        let entry = try #require(((undecided["rules"] as? [[String: Any]])?.first?["entries"] as? [[String: Any]])?.first)
        #expect(entry["flagUnknown"] as? [String] == ["not-recorded"])
    }

    /// The database's flag written as null, a download's not written at all (its
    /// directories recorded), another's given as a string: the heading names every
    /// cause, and each entry its own.
    @Test func mixedCausesAreSaidPerEntry() throws {
        let run = try Run()
        defer { run.cleanUp() }
        let items =
            #"[{"name":"Documents","x_backup_excluded":false},{"name":"Vault.sqlite","asize":5,"x_backup_excluded":null}],"#
            + #"[{"name":"Library","x_backup_excluded":false},[{"name":"Application Support","x_backup_excluded":false},"#
            + #"[{"name":"Downloads","x_backup_excluded":false},{"name":"a.pack","asize":7},{"name":"b.pack","asize":9,"x_backup_excluded":"yes"}]]]"#
        try run.write(
            "container/inventory.json",
            #"[1,2,{"progname":"exhibit"},[{"name":"/c","x_backup_excluded":false},"# + items + "]]")
        let result = run.check()
        #expect(result.status == 2, "\(result.out)\n\(result.err)")
        let causes = "not recorded, or recorded as unreadable by the collector, or recorded with a value that cannot be used"
        #expect(result.out.contains("\nundecided: 2 rules (exclusion flags \(causes); blocking)\n"), "\(result.out)")
        // The two downloads break the rule the same way: their folder is reported once, with both causes.
        #expect(
            result.out.contains(
                "\n    Library/Application Support/Downloads (16 B, 2 files) — flags not recorded, or recorded with a value that cannot be used\n"),
            "\(result.out)")
        #expect(result.out.contains("\n    Documents/Vault.sqlite (5 B) — flag recorded as unreadable by the collector\n"), "\(result.out)")
        #expect(result.out.contains("but 2 rules undecided (exclusion flags \(causes))\n"), "\(result.out)")

        let json = try Self.json(run.check(["--format", "json"]).out)
        let undecided = try #require(json["undecided"] as? [String: Any])
        #expect(undecided["reason"] as? String == "exclusion flags " + causes)
        let entries = (undecided["rules"] as? [[String: Any]] ?? []).flatMap { $0["entries"] as? [[String: Any]] ?? [] }
        let byPath = Dictionary(uniqueKeysWithValues: entries.map { ($0["path"] as? String ?? "", $0["flagUnknown"] as? [String] ?? []) })
        #expect(byPath["Documents/Vault.sqlite"] == ["unreadable-to-collector"])
        #expect(byPath["Library/Application Support/Downloads"] == ["not-recorded", "unusable-value"])
    }

    /// The run list's problem says the same.
    @Test func theRunListSaysTheCause() throws {
        let bundle = try HostileBundle()
        defer { bundle.cleanUp() }
        let inventory = try String(contentsOfFile: bundle.path("container/inventory.json"), encoding: .utf8)
        let vault = #"{"name":"Vault.sqlite","asize":1245184,"#
        #expect(inventory.contains(vault))
        try bundle.write(
            "container/inventory.json", inventory.replacingOccurrences(of: vault, with: vault + #""x_backup_excluded":null,"#))
        let list = CollectRunner.exhibit(["runs", bundle.archive])
        #expect(
            list.out.contains(
                "\nrun-2026-11-02-baseline: exclusion flags recorded as unreadable by the collector: 1 blocking rule undecided\n"),
            "\(list.out)")
    }
}
