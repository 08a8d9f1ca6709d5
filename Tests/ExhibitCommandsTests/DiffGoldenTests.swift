import Foundation
import Testing

@testable import ExhibitCommands

/// `exhibit diff` over the sample archive's pairs, text and JSON, compared with
/// `Golden/diff-<run>.txt` and `.json.txt` strictly; `EXHIBIT_UPDATE_GOLDEN=1 swift test`
/// re-records them.
@Suite struct DiffGoldenTests {
    static let base = "run-2026-11-02-baseline"
    static let runs = [
        "run-2026-10-20-xcode15-legacy", "run-2026-11-03-unset-attribute", "run-2026-11-04-misplaced-file",
        "run-2026-11-05-skipped-cleanup", "run-2026-11-06-junit-files-list", "run-2026-11-07-preferences",
        "run-2026-11-08-background-tasks",
    ]

    static func diff(_ base: String, _ run: String, json: Bool) -> (status: Int32, out: String, err: String) {
        let c = Console.capturing()
        let s = SampleArchiveCommandTests.samples
        let status = Exhibit.run(["diff", s + "/" + base, s + "/" + run] + (json ? ["--format", "json"] : []), console: c)
        return (status, c.captured!.out, c.captured!.err)
    }

    static func assertGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(name).txt")
        if ProcessInfo.processInfo.environment["EXHIBIT_UPDATE_GOLDEN"] == "1" {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(actual == expected, "golden \(name).txt differs", sourceLocation: sourceLocation)
    }

    /// Runs whose rules declare preference contracts and background tasks: the baseline
    /// archived neither preference copies nor the app's Info.plist, so under these rules
    /// its preference and configuration findings are unknown, and whether the runs' P
    /// and I findings are new is not decided (2026-12-05).
    static let undecidedAgainstTheBaseline: Set = ["run-2026-11-07-preferences", "run-2026-11-08-background-tasks"]

    @Test(arguments: runs) func againstTheBaseline(_ run: String) throws {
        let decided = !Self.undecidedAgainstTheBaseline.contains(run)
        let text = Self.diff(Self.base, run, json: false)
        #expect(text.status == (decided ? 0 : 2), "\(text.err)")
        try Self.assertGolden(text.out, "diff-\(run)")
        let json = Self.diff(Self.base, run, json: true)
        #expect(json.status == (decided ? 0 : 2), "\(json.err)")
        try Self.assertGolden(json.out, "diff-\(run).json")
        // The JSON says what the text says.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let regressions = object["regressions"] as? Int ?? -1
        #expect(text.out.contains("Regressions: \(regressions)" + (decided ? " (" : " known, not decided (")))
        #expect(object["decided"] as? Bool == decided, "check decides on every sample run but the base under app rules")
        if !decided {
            let notDecided = try #require(object["notDecided"] as? [String: [String]])
            #expect(notDecided["run"] == [], "the run's own evidence is decided: \(notDecided)")
            #expect(notDecided["base"]?.count == 2, "\(notDecided)")
        }
    }

    @Test func theBaselineAgainstAFailingRunIsAllFixed() throws {
        let text = Self.diff("run-2026-11-03-unset-attribute", Self.base, json: false)
        #expect(text.status == 0)
        try Self.assertGolden(text.out, "diff-reversed-unset-attribute")
        #expect(text.out.contains("Regressions: 0 ("))
        #expect(text.out.contains("Backed up -> excluded (1)\n  Library/Application Support/Models  2 files, 12.0 MiB\n"))
    }

    /// The two regressions the issue names, each where a person looks first.
    @Test func theRegressionsTheFileListMissed() {
        let legacy = Self.diff(Self.base, "run-2026-10-20-xcode15-legacy", json: false).out
        #expect(legacy.contains("Excluded -> backed up (1)\n  Library/Application Support/VaultIndex  2 files, 4.3 MiB  U search-index\n"))
        let unset = Self.diff(Self.base, "run-2026-11-03-unset-attribute", json: false).out
        #expect(unset.contains("Excluded -> backed up (1)\n  Library/Application Support/Models  2 files, 12.0 MiB  U ml-models\n"))
        #expect(unset.contains("Newly failing tests (2)\n"))
    }
}
