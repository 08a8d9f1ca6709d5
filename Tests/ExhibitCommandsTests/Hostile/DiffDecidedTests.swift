import Foundation
import Testing

@testable import ExhibitCommands

/// `diff` agrees with `check` (2026-12-04 review, repro-4 and repro-7): a comparison
/// either run of which rests on evidence `check` would not decide on says so in text
/// and JSON and exits 2, whatever it counted; a run without an inventory and a rules
/// file with errors are named with the file and position. Each case has an honest twin
/// that stays decided, so a test also fails if the comparison stops being made.
@Suite struct DiffDecidedTests {
    func run(_ args: [String]) -> (status: Int32, out: String, err: String) { CollectRunner.exhibit(args) }

    /// The baseline and, beside it, the unset-attribute run with the baseline's results
    /// (no test changes), so only the container decides the regressions.
    struct Pair {
        let bundle: HostileBundle
        var base: String { bundle.run }
        var run: String { bundle.archive + "/run" }

        init() throws {
            bundle = try HostileBundle(name: "base")
            try FileManager.default.copyItem(atPath: SampleArchiveCommandTests.samples + "/run-2026-11-03-unset-attribute", toPath: run)
            try FileManager.default.removeItem(atPath: run + "/results")
            try FileManager.default.copyItem(atPath: base + "/results", toPath: run + "/results")
        }

        /// The run's inventory without any exclusion flag, as a plain `ncdu -o` export writes it.
        func dropRunFlags() throws {
            let url = URL(fileURLWithPath: run + "/container/inventory.json")
            var text = try String(contentsOf: url, encoding: .utf8)
            text = text.replacingOccurrences(of: #","x_backup_flags":"complete""#, with: "")
            text = text.replacingOccurrences(of: #","x_backup_excluded":(true|false)"#, with: "", options: .regularExpression)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    static func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test func unrecordedFlagsInTheRunAreNoPass() throws {
        let pair = try Pair()
        defer { pair.bundle.cleanUp() }
        let honest = run(["diff", pair.base, pair.run, "--format", "json"])
        #expect(honest.status == 0, "\(honest.err)")
        let decided = try Self.object(honest.out)
        #expect(decided["decided"] as? Bool == true)
        #expect((decided["regressions"] as? Int ?? 0) > 0, "the honest run loses the models' flags")

        try pair.dropRunFlags()
        #expect(run(["check", pair.run]).status == 2, "check refuses the run")
        let text = run(["diff", pair.base, pair.run])
        #expect(text.status == 2, "\(text.out)")
        #expect(text.out.contains("\nRegressions: 0 known, not decided (0 new blocking violations, "), "\(text.out)")
        #expect(!text.out.contains("Regressions: 0 ("))
        #expect(
            text.out.contains(
                "Not decided: the comparison rests on evidence check would not decide on\n"
                    + "  run: 7 blocking rules are undecided: the exclusion flags of the files they cover are not recorded\n"),
            "\(text.out)")
        #expect(text.err.contains("not decided"), "\(text.err)")

        let json = run(["diff", pair.base, pair.run, "--format", "json"])
        #expect(json.status == 2)
        let object = try Self.object(json.out)
        #expect(object["decided"] as? Bool == false)
        #expect(object["regressions"] as? Int == 0)
        let why = try #require(object["notDecided"] as? [String: [String]])
        #expect(why["base"] == [])
        #expect(why["run"]?.first?.hasPrefix("7 blocking rules are undecided") == true, "\(why)")

        // The same evidence as the base: the comparison rests on it too.
        let reversed = run(["diff", pair.run, pair.base, "--format", "json"])
        #expect(reversed.status == 2)
        let back = try #require(try Self.object(reversed.out)["notDecided"] as? [String: [String]])
        #expect(back["base"]?.count == 1 && back["run"] == [], "\(back)")
    }

    /// repro-4 (b): a truncated inventory.json beside files.txt, on either side.
    @Test func aBrokenInventoryJSONThatFilesTxtStoodInForIsNotDecided() throws {
        let bundle = try HostileBundle(copying: "run-2026-11-06-junit-files-list", name: "b0")
        defer { bundle.cleanUp() }
        let broken = bundle.archive + "/b1"
        try FileManager.default.copyItem(atPath: bundle.run, toPath: broken)
        let honest = run(["diff", bundle.run, broken])
        #expect(honest.status == 0, "\(honest.err)")
        #expect(honest.out.contains("Regressions: 0 ("))

        try Data(#"[1,2,{"x_backup_flags":"complete"},[{"name":"."},"#.utf8).write(
            to: URL(fileURLWithPath: broken + "/container/inventory.json"))
        let malformed =
            "container/inventory.json is malformed (1:50: expected a child item: '{' for a file or '[' for a directory, found end of file);"
            + " container/files.txt was read in its place"
        let text = run(["diff", bundle.run, broken])
        #expect(text.status == 2)
        #expect(text.out.contains("Regressions: 0 known, not decided ("))
        #expect(text.out.contains("  run: " + malformed + "\n"), "\(text.out)")

        let base = run(["diff", broken, bundle.run, "--format", "json"])
        #expect(base.status == 2)
        let object = try Self.object(base.out)
        #expect(object["decided"] as? Bool == false)
        #expect((object["notDecided"] as? [String: [String]])?["base"] == [malformed])
    }

    /// repro-7 (a): the base's inventory.json cut at 200 bytes, no files.txt.
    @Test func anInventoryThatCannotBeReadIsNamedWithFileAndPosition() throws {
        let pair = try Pair()
        defer { pair.bundle.cleanUp() }
        let url = URL(fileURLWithPath: pair.base + "/container/inventory.json")
        try Data(try Data(contentsOf: url).prefix(200)).write(to: url)
        for (base, runPath, side) in [(pair.base, pair.run, pair.base), (pair.run, pair.base, pair.base)] {
            let diff = run(["diff", base, runPath])
            #expect(diff.status == 2)
            #expect(diff.out.isEmpty)
            #expect(
                diff.err
                    == "exhibit: \(side): no container inventory could be read: container/inventory.json:3:80: error: "
                    + "expected closing '\"' of the string opened at byte 194, found end of file\n",
                "\(diff.err)")
        }
        try FileManager.default.removeItem(at: url)
        let missing = run(["diff", pair.base, pair.run])
        #expect(
            missing.err.contains(
                "\(pair.base): no container inventory could be read: container/inventory.json and container/files.txt are missing"),
            "\(missing.err)")
    }

    /// A rules error names the run whose rules.json both runs are checked against.
    @Test func aRulesErrorNamesTheRunsRulesFile() throws {
        let pair = try Pair()
        defer { pair.bundle.cleanUp() }
        try Data(#"{"version":1,"rules":["#.utf8).write(to: URL(fileURLWithPath: pair.run + "/rules.json"))
        let diff = run(["diff", pair.base, pair.run])
        #expect(diff.status == 2)
        #expect(diff.err.contains("\n\(pair.run)/rules.json:1:23 (byte 22): error: "), "\(diff.err)")
        // check names its one run's file as it always has.
        #expect(run(["check", pair.run]).err.contains("\nrules.json:1:23 (byte 22): error: "))
    }

    @Test func theHelpSaysWhenTheComparisonIsNoPass() {
        let help = run(["help", "diff"])
        #expect(help.status == 0)
        let words = help.out.replacingOccurrences(of: "\n", with: " ")
        #expect(words.contains("\"decided\": false"), "\(help.out)")
        #expect(words.contains("either run's evidence is what check would not decide on") || words.contains("check would not"))
    }
}
