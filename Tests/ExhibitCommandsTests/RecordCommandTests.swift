import ExhibitCore
import Foundation
import Testing

@testable import ExhibitCommands

/// `note --class --issue` records the link and keeps the run's history; `runs` shows
/// the link (issue 18 item 5).
@Suite struct RecordCommandTests {
    func run(_ args: [String]) -> (status: Int32, out: String, err: String) { CollectRunner.exhibit(args) }

    @Test func noteIssueIsRecordedKeptAndListed() throws {
        let notes = NSTemporaryDirectory() + "exhibit-records-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: notes) }
        let runDir = SampleArchiveCommandTests.samples + "/run-2026-11-04-misplaced-file"
        let first = run(["note", runDir, "--notes", notes, "--class", "misplaced-file", "--comment", "first", "--issue", "https://tracker.example/VAULT-9"])
        #expect(first.status == 0, "\(first.err)")
        #expect(first.out.contains("Issue: https://tracker.example/VAULT-9"))
        let second = run(["note", runDir, "--notes", notes, "--class", "skipped-cleanup", "--comment", "second"])
        #expect(second.status == 0, "\(second.err)")
        #expect(second.out.contains("Earlier classifications:"))
        #expect(second.out.contains("first (issue https://tracker.example/VAULT-9)"))
        let record = try String(contentsOfFile: notes + "/run-2026-11-04-misplaced-file.json", encoding: .utf8)
        #expect(record.contains("\"history\": ["))
        #expect(record.contains("\"comment\": \"first\"") && record.contains("\"comment\": \"second\""))
        let third = run(["note", runDir, "--notes", notes, "--class", "misplaced-file", "--issue", "VAULT-10"])
        #expect(third.status == 0, "\(third.err)")
        let runs = run(["runs", SampleArchiveCommandTests.samples, "--notes", notes])
        #expect(runs.out.contains("confirmed misplaced file (VAULT-10)"), "\(runs.out)")
        let json = run(["runs", SampleArchiveCommandTests.samples, "--notes", notes, "--format", "json"])
        #expect(json.out.contains("\"issue\": \"VAULT-10\""))
    }
}
