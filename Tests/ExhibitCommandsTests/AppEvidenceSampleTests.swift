import ExhibitCore
import Foundation
import Testing

@testable import ExhibitCommands

/// `check` and `note` on the preferences and background-task sample runs.
@Suite struct AppEvidenceSampleTests {
    static let samples = SampleArchiveCommandTests.samples
    static let preferencesRun = samples + "/run-2026-11-07-preferences"
    static let tasksRun = samples + "/run-2026-11-08-background-tasks"

    func run(_ args: [String]) -> (status: Int32, out: String, err: String) { CollectRunner.exhibit(args) }

    @Test func checkOnThePreferencesRun() {
        let r = run(["check", Self.preferencesRun])
        #expect(r.status == 1, "\(r.err)")
        #expect(r.out.contains("preference contract: 2 violations (blocking)"))
        #expect(r.out.contains(#"preference contract com.example.vault:launchCount (owner @settings) — "launchCount" is a string, the app reads an integer"#))
        #expect(r.out.contains(#""syncMode" holds a value that is not one of the 3 allowed values"#))
        #expect(r.out.contains("leftover randomly named test suite (<prefix>.<UUID>.plist)"))
        #expect(r.out.contains("com.example.vault:hasSeenOnboarding: absent (app falls back to false)"))
        #expect(r.out.contains("com.example.vault:analyticsEnabled: present, boolean, valid"))
        #expect(r.out.contains("PreferencesTests/testSyncModeMigration() → [3]"))
        // The details pane may show values; `check` reasons never do.
        #expect(!r.out.contains("turbo"))
        #expect(!r.out.contains("u-4471"))
    }

    @Test func checkOnTheBackgroundTasksRun() {
        let r = run(["check", Self.tasksRun])
        #expect(r.status == 1, "\(r.err)")
        #expect(r.out.contains("configuration: 2 violations (blocking)"))
        #expect(r.out.contains("background tasks: evidence points to configuration regression"))
        #expect(r.out.contains("com.example.vault.reindex (processing): NOT permitted, background mode processing MISSING"))
        #expect(r.out.contains("tmp/reindex-7F3A.partial (512 KiB) — rule com.example.vault.reindex (transient, owner @search)"))
        let json = run(["check", Self.tasksRun, "--format", "json"])
        #expect(json.out.contains(#""cause": "configuration-regression""#))
        #expect(json.out.contains(#""configuration": 2"#))
    }

    @Test func noteNamesOnlyContractKeysNeverValuesOrTheDictionary() throws {
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        for format in ["md", "json"] {
            let note = tmp + "/note." + format
            var args = ["note", Self.preferencesRun, "--notes", tmp + "/notes", "-o", note]
            if format == "json" { args += ["--format", "json"] }
            let r = run(args)
            #expect(r.status == 0, "\(r.err)")
            let text = try String(contentsOfFile: note, encoding: .utf8)
            for key in ["syncMode", "hasSeenOnboarding", "analyticsEnabled", "launchCount"] { #expect(text.contains(key), "\(format): \(key)") }
            // Keys no rule names, and every value, stay on the build host.
            // ("turbo" is quoted by the failing test's own message, which the note keeps.)
            for secret in ["lastUserID", "u-4471", "NSLanguages", "lastSync"] { #expect(!text.contains(secret), "\(format): \(secret)") }
        }
        let md = try String(contentsOfFile: tmp + "/note.md", encoding: .utf8)
        #expect(md.contains("### Preferences (keys the rules name)"))
        #expect(md.contains("| `hasSeenOnboarding` | `Library/Preferences/com.example.vault.plist` | absent (app falls back to false) |"))
    }

    @Test func noteOnTheTasksRunSaysWhichFailureTheEvidencePointsTo() throws {
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        let r = run(["note", Self.tasksRun, "--notes", tmp, "-o", tmp + "/note.md"])
        #expect(r.status == 0, "\(r.err)")
        let md = try String(contentsOfFile: tmp + "/note.md", encoding: .utf8)
        #expect(md.contains("Evidence points to: **configuration regression**."))
        #expect(md.contains("| `com.example.vault.reindex` | processing | **no** | processing: **no** |"))
    }
}
