import ExhibitCore
import Foundation
import Testing

@testable import ExhibitCommands

/// The headline says what the evidence says (issue 18 item 6): a configuration or
/// preference finding that explains the failing tests is named in `check` (text and
/// JSON) and the note, and a run without results says so instead of "clear".
@Suite struct ProposalHeadlineTests {
    func run(_ args: [String]) -> (status: Int32, out: String, err: String) { CollectRunner.exhibit(args) }

    @Test func theBackgroundTaskRunProposesAConfigurationRegression() {
        let text = run(["check", AppEvidenceSampleTests.tasksRun])
        #expect(text.out.contains("proposed classification: configuration regression (not a boundary failure) (confidence: mixed)"), "\(text.out)")
        #expect(!text.out.contains("proposed classification: skipped cleanup"))
        let json = run(["check", AppEvidenceSampleTests.tasksRun, "--format", "json"])
        let keys = "\"proposed\": \"not-a-boundary-failure\",\n    \"finding\": \"configuration-regression\",\n    \"headline\": \"configuration regression\","
        #expect(json.out.contains(keys), "\(json.out)")
        let note = run(["note", AppEvidenceSampleTests.tasksRun, "--notes", NSTemporaryDirectory() + "exhibit-headline-\(UUID().uuidString)"])
        #expect(note.out.contains("**configuration regression** (not a boundary failure), proposed by exhibit (mixed), not yet confirmed."), "\(note.out)")
    }

    @Test func thePreferencesRunProposesAPreferenceRegression() {
        let text = run(["check", AppEvidenceSampleTests.preferencesRun])
        #expect(text.out.contains("proposed classification: preference regression (not a boundary failure)"), "\(text.out)")
    }

    @Test func aRunWithoutResultsSaysSo() throws {
        let dir = NSTemporaryDirectory() + "exhibit-noresults-\(UUID().uuidString)"
        let runDir = dir + "/run-no-results"
        try FileManager.default.createDirectory(atPath: runDir + "/container", withIntermediateDirectories: true)
        try #"[1,2,{"progname":"ncdu","progver":"1.18","timestamp":1767225700},[{"name":"/c"},[{"name":"Documents"},{"name":"a.db","asize":10,"dsize":10}]]]"#
            .write(toFile: runDir + "/container/inventory.json", atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let check = run(["check", runDir])
        #expect(check.out.contains("(no test results in the bundle)"), "\(check.out)")
        #expect(check.out.contains("No test results in the bundle"))
        #expect(!check.out.contains("(confidence: clear)") && !check.out.contains("No failing tests"))
        let json = run(["check", runDir, "--format", "json"])
        #expect(json.out.contains("\"confidence\": \"no-test-results\""))
        let summary = run(["summary", runDir])
        #expect(summary.out.contains("Tests      no test results in the bundle\n"), "\(summary.out)")
        let note = run(["note", runDir, "--notes", dir + "/notes"])
        #expect(note.out.contains("(no test results in the bundle), not yet confirmed."), "\(note.out)")
        #expect(note.out.contains("No test results in the bundle.\n"))
    }
}
