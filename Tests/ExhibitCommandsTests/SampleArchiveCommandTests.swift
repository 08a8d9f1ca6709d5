import ExhibitCore
import Foundation
import Testing

@testable import ExhibitApp
@testable import ExhibitCommands
@testable import ExhibitIO

/// Headless commands over the committed sample archives.
@Suite struct SampleArchiveCommandTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("SampleArchives").path
    static let runs = [
        "run-2026-11-02-baseline", "run-2026-11-03-unset-attribute", "run-2026-11-04-misplaced-file",
        "run-2026-11-05-skipped-cleanup", "run-2026-10-20-xcode15-legacy", "run-2026-11-06-junit-files-list",
        "run-2026-11-07-preferences", "run-2026-11-08-background-tasks",
    ]

    func run(_ args: [String]) -> (status: Int32, out: String, err: String) { CollectRunner.exhibit(args) }

    func temporaryDirectory() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test(arguments: runs) func summaryLoadsEverySample(run: String) {
        let r = self.run(["summary", Self.samples + "/" + run])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.hasPrefix("Run        \(run)\n"))
        #expect(r.out.contains("Container  "))
        #expect(!r.out.contains("malformed"))
    }

    struct ExpectedCheck: Sendable, CustomStringConvertible {
        var run: String
        var unset, misplaced, cleanup, volume: Int
        var proposed: FailureClass
        var confidence: ClassificationProposal.Confidence
        var description: String { run }
    }

    /// What each sample was designed to show (SampleArchives/README.md), held exactly.
    static let expectedChecks = [
        ExpectedCheck(run: "run-2026-10-20-xcode15-legacy", unset: 1, misplaced: 0, cleanup: 0, volume: 0, proposed: .unsetAttribute, confidence: .clear),
        ExpectedCheck(run: "run-2026-11-02-baseline", unset: 0, misplaced: 0, cleanup: 0, volume: 0, proposed: .notBoundaryFailure, confidence: .noEvidence),
        ExpectedCheck(run: "run-2026-11-03-unset-attribute", unset: 2, misplaced: 0, cleanup: 0, volume: 0, proposed: .unsetAttribute, confidence: .clear),
        ExpectedCheck(run: "run-2026-11-04-misplaced-file", unset: 0, misplaced: 5, cleanup: 1, volume: 0, proposed: .misplacedFile, confidence: .mixed),
        ExpectedCheck(run: "run-2026-11-05-skipped-cleanup", unset: 0, misplaced: 0, cleanup: 4, volume: 1, proposed: .skippedCleanup, confidence: .clear),
        ExpectedCheck(run: "run-2026-11-06-junit-files-list", unset: 2, misplaced: 2, cleanup: 1, volume: 1, proposed: .unsetAttribute, confidence: .mixed),
    ]

    @Test(arguments: expectedChecks) func everySampleChecksAsDesigned(expected: ExpectedCheck) throws {
        let bundle = try RunInput.loadRun(Self.samples + "/" + expected.run)
        #expect(bundle.diagnostics.allSatisfy { $0.severity != .error }, "\(bundle.diagnostics)")
        let report = try RulesInput.check(bundle, override: nil)
        #expect(report.rulesSource == "rules.json")
        #expect(report.count(of: .unsetAttribute) == expected.unset)
        #expect(report.count(of: .misplacedFile) == expected.misplaced)
        #expect(report.count(of: .skippedCleanup) == expected.cleanup)
        #expect(report.count(of: .volume) == expected.volume)
        #expect(report.count(of: .unruled) == 0)
        #expect(report.proposal.proposed == expected.proposed)
        #expect(report.proposal.confidence == expected.confidence)
        // Every failing test of a sample is explained by some violation.
        #expect(report.proposal.unexplainedTests.isEmpty)
    }

    @Test func checkExitStatusFollowsBlockingViolations() {
        #expect(run(["check", Self.samples + "/run-2026-11-02-baseline"]).status == 0)
        for name in Self.runs.dropFirst() {
            let r = run(["check", Self.samples + "/" + name])
            #expect(r.status == 1, "\(name) should block:\n\(r.out)")
        }
    }

    @Test func skippedCleanupRunNeverPrintsTheEscapeSequenceRaw() {
        let r = run(["check", Self.samples + "/run-2026-11-05-skipped-cleanup"])
        #expect(!r.out.contains("\u{1B}"))
        #expect(!r.out.contains("\u{07}"))
        #expect(r.out.contains(#"tmp/\x1b]0;owned\x07.log"#))
    }

    @Test func noteRedactsAndWritesAtomicallyWithoutTouchingEvidence() throws {
        let tmp = try temporaryDirectory()
        let notes = tmp + "/notes"
        let runPath = Self.samples + "/run-2026-11-06-junit-files-list"
        let before = try TreeHash.of(runPath)
        let note = tmp + "/note.md"
        let r = run(["note", runPath, "--notes", notes, "-o", note])
        #expect(r.status == 0, "\(r.err)")
        let text = try String(contentsOfFile: note, encoding: .utf8)
        #expect(text.hasPrefix("## Backup-boundary failure: run-2026-11-06-junit-files-list\n"))
        #expect(text.contains("proposed by exhibit"))
        #expect(!text.contains("/Users/"))
        #expect(text.contains("at `BackupBoundaryTests.swift:63`"))
        #expect(text.contains("| Kind | Path | Size | Rule (owner) | Step |"))
        // Refuses to overwrite without --force.
        let again = run(["note", runPath, "--notes", notes, "-o", note])
        #expect(again.status == 2)
        #expect(again.err.contains("exists"))
        #expect(try TreeHash.of(runPath) == before)
    }

    @Test func classifyingRecordsWhoAndWhenAndTheNoteSaysConfirmed() throws {
        let tmp = try temporaryDirectory()
        let runPath = Self.samples + "/run-2026-11-04-misplaced-file"
        let r = run([
            "note", runPath, "--notes", tmp, "--class", "misplaced-file", "--comment", "cache db in\nDocuments",
            "--issue", "VAULT-412", "--format", "json",
        ])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains(#""status": "confirmed""#))
        #expect(r.out.contains(#""comment": "cache db in Documents""#))
        let stored = try NotesStore(directory: tmp).record(for: "run-2026-11-04-misplaced-file")
        #expect(stored?.failureClass == .misplacedFile)
        #expect(stored?.issue == "VAULT-412")
        // A later note without --class carries the stored record.
        let later = run(["note", runPath, "--notes", tmp])
        #expect(later.out.contains("confirmed by"))
    }

    @Test func noteRedactsPathsAndCredentialsInFailureTexts() throws {
        let run = try temporaryDirectory() + "/run-leaky"
        try FileManager.default.createDirectory(atPath: run + "/results", withIntermediateDirectories: true)
        let summary =
            #"{"title":"Test - Vault","result":"Failed","totalTestCount":1,"passedTests":0,"failedTests":1,"skippedTests":0,"expectedFailures":0,"environmentDescription":"Vault · Built with macOS 15.5","statistics":[],"topInsights":[],"devicesAndConfigurations":[],"testFailures":[{"testName":"testUpload()","targetName":"VaultTests","failureText":"upload to https://bot:hunter2@storage.example.com failed; see /Users/alice/Library/Logs/vault.log","testIdentifierString":"UploadTests/testUpload()"}]}"#
        try summary.write(toFile: run + "/results/summary.json", atomically: false, encoding: .utf8)
        let r = self.run(["note", run, "--notes", run + "-notes"])
        #expect(r.status == 0, "\(r.err)")
        #expect(!r.out.contains("hunter2"))
        #expect(!r.out.contains("alice"))
        #expect(r.out.contains("https://<redacted>@storage.example.com"))
        #expect(r.out.contains("_Redacted before export: 1 home directory, 1 credential._"))
        let json = self.run(["note", run, "--notes", run + "-notes", "--format", "json"])
        #expect(!json.out.contains("hunter2"))
        #expect(json.out.contains(#""redacted": "1 home directory, 1 credential""#))
    }

    @Test func brokenEvidenceNeverPassesTheGate() throws {
        let run = try temporaryDirectory() + "/run-broken"
        try FileManager.default.createDirectory(atPath: run + "/container", withIntermediateDirectories: true)
        try #"{"commit":"abc"}"#.write(toFile: run + "/run.json", atomically: false, encoding: .utf8)
        try "[1,2,{}".write(toFile: run + "/container/inventory.json", atomically: false, encoding: .utf8)
        let check = self.run(["check", run])
        #expect(check.status == 2)
        #expect(check.err.contains("no container inventory could be read"))
        #expect(check.err.contains("container/inventory.json:1:"))
        // A broken rules file shows as malformed in summary, and check refuses it.
        try "{ \"rules\": [".write(toFile: run + "/rules.json", atomically: false, encoding: .utf8)
        let summary = self.run(["summary", run])
        #expect(summary.status == 0)
        #expect(summary.out.contains("malformed   rules.json"))
        #expect(self.run(["check", run]).status == 2)
    }

    @Test func aFIFOOrDeviceInABundleIsRefusedNotRead() throws {
        let run = try temporaryDirectory() + "/run-fifo"
        try FileManager.default.createDirectory(atPath: run + "/container", withIntermediateDirectories: true)
        try #"{"commit":"abc"}"#.write(toFile: run + "/run.json", atomically: false, encoding: .utf8)
        #expect(mkfifo(run + "/steps.tsv", 0o644) == 0)
        #expect(symlink("/dev/zero", run + "/container/du.txt") == 0)
        let r = self.run(["summary", run])
        #expect(r.status == 0)
        #expect(r.out.contains("unreadable  steps.tsv: not a regular file (a FIFO)"))
        // A link out of the run is reported as a link, not followed to the device (issue 15 §9).
        #expect(r.out.contains("unreadable  container/du.txt: is a symbolic link (container/du.txt -> /dev/zero) outside the run directory"))
    }

    @Test func noteRefusesToWriteInsideTheRun() throws {
        let tmp = try temporaryDirectory()
        let runPath = Self.samples + "/run-2026-11-04-misplaced-file"
        let r = run(["note", runPath, "--notes", tmp, "-o", runPath + "/note.md"])
        #expect(r.status == 2)
        #expect(r.err.contains("is inside the run"))
        #expect(!FileManager.default.fileExists(atPath: runPath + "/note.md"))
    }

    @Test func commentWithoutClassIsAUsageError() {
        let r = run(["note", Self.samples + "/run-2026-11-04-misplaced-file", "--comment", "x"])
        #expect(r.status == 2)
    }
}

@Suite struct NotesStoreTests {
    @Test func fileNamesCannotEscapeTheDirectory() {
        #expect(NotesStore.fileStem(for: "run-2026-11-03") == "run-2026-11-03")
        let traversal = NotesStore.fileStem(for: "../../etc/passwd")
        #expect(traversal == "%2E.%2F..%2Fetc%2Fpasswd")
        #expect(!traversal.contains("/") && !traversal.hasPrefix("."))
        #expect(NotesStore.fileStem(for: ".hidden") == "%2Ehidden")
        #expect(NotesStore.fileStem(for: "a\u{1B}b") == "a%1Bb")
        #expect(NotesStore.fileStem(for: "") == "%00")
    }

    @Test func fallsBackToStateHomeWhenTheArchiveIsReadOnly() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-ro-\(UUID().uuidString)").path
        let archive = base + "/archive"
        try FileManager.default.createDirectory(atPath: archive, withIntermediateDirectories: true)
        defer { chmod(archive, 0o755) }
        let writable = NotesStore.locate(archive: archive, override: nil, environment: ["XDG_STATE_HOME": base + "/state"])
        #expect(writable.directory == archive + "/.exhibit/notes")
        chmod(archive, 0o555)
        guard access(archive, W_OK) != 0 else { return }  // running as root: permissions do not apply
        let fallback = NotesStore.locate(archive: archive, override: nil, environment: ["XDG_STATE_HOME": base + "/state"])
        #expect(fallback.directory.hasPrefix(base + "/state/exhibit/notes/archive-"))
        // Another archive with the same run ids keeps its own records.
        let other = base + "/copy/archive"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        chmod(other, 0o555)
        defer { chmod(other, 0o755) }
        let otherStore = NotesStore.locate(archive: other, override: nil, environment: ["XDG_STATE_HOME": base + "/state"])
        #expect(otherStore.directory != fallback.directory)
    }

    @Test func draftIsDroppedWhenTheRecordIsConfirmed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-notes-\(UUID().uuidString)").path
        let store = NotesStore(directory: dir)
        var draft = TriageRecord(
            runID: "r1", failureClass: .skippedCleanup, comment: "half typed", author: "a", time: 1,
            proposed: nil, isDraft: true)
        try store.save(draft)
        #expect(try store.draft(for: "r1")?.comment == "half typed")
        draft.isDraft = false
        try store.save(draft)
        #expect(try store.draft(for: "r1") == nil)
        #expect(try store.record(for: "r1")?.failureClass == .skippedCleanup)
    }

    @Test func fallbackRecordsAreKeptPerArchive() {
        let a = NotesStore.archiveKey("/srv/ci/vault/runs")
        let b = NotesStore.archiveKey("/srv/ci/other/runs")
        #expect(a.hasPrefix("runs-") && b.hasPrefix("runs-"))
        #expect(a != b)
        #expect(NotesStore.archiveKey("/srv/ci/vault/runs") == a)
    }

    @Test func refusesASymlinkedNotesDirectoryBesideTheArchive() throws {
        let archive = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-link-\(UUID().uuidString)").path
        let run = archive + "/run-1"
        try FileManager.default.createDirectory(atPath: run + "/container", withIntermediateDirectories: true)
        symlink(run + "/container", archive + "/.exhibit")
        let store = NotesStore.locate(archive: archive, override: nil, environment: [:])
        let record = TriageRecord(runID: "run-2", failureClass: .misplacedFile, author: "a", time: 1, proposed: nil)
        #expect(throws: NotesStore.Failure.self) { try store.save(record) }
        #expect((try? FileManager.default.contentsOfDirectory(atPath: run + "/container")) == [])
    }

    @Test func refusesASymlinkPlantedAsARecord() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-notes-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        symlink("/etc/passwd", dir + "/r1.json")
        #expect(throws: NotesStore.Failure.self) { try NotesStore(directory: dir).record(for: "r1") }
    }
}

/// A content hash of a directory tree: names, types, sizes and bytes.
enum TreeHash {
    static func of(_ root: String) throws -> [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        let fm = FileManager.default
        guard let walker = fm.enumerator(atPath: root) else { return out }
        for case let rel as String in walker {
            let path = root + "/" + rel
            var isDirectory: ObjCBool = false
            _ = fm.fileExists(atPath: path, isDirectory: &isDirectory)
            out[rel] = isDirectory.boolValue ? [] : Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        return out
    }
}

/// `exhibit runs` over the sample archive, snapshotted.
@Suite struct RunsCommandTests {
    func run(_ args: [String]) -> (status: Int32, out: String, err: String) { CollectRunner.exhibit(args) }

    @Test func listsTheSampleRunsNewestFirst() throws {
        let notes = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-runs-\(UUID().uuidString)").path
        let r = run(["runs", SampleArchiveCommandTests.samples, "--notes", notes])
        #expect(r.status == 0, "\(r.err)")
        #expect(
            r.out == """
                DATE              RUN                              COMMIT    SCHEME  IOS   FAILED  U  M  C  TRIAGE
                2026-11-08 09:12  run-2026-11-08-background-tasks  6e2a8c0f  Vault   26.1       1  0  0  1  proposed not a boundary failure +2 config/pref
                2026-11-07 09:12  run-2026-11-07-preferences       1b9d4f7a  Vault   18.5       1  0  0  1  proposed not a boundary failure +2 config/pref
                2026-11-06 09:12  run-2026-11-06-junit-files-list  e5b8d2a1  Vault   18.5       2  2  2  1  proposed unset attribute
                2026-11-05 09:12  run-2026-11-05-skipped-cleanup   7a3c9e1b  Vault   18.5       1  0  0  4  proposed skipped cleanup
                2026-11-04 09:12  run-2026-11-04-misplaced-file    2d7e0b4a  Vault   18.5       2  0  5  1  proposed misplaced file
                2026-11-03 09:12  run-2026-11-03-unset-attribute   9f2b6d1e  Vault   26.1       2  2  0  0  proposed unset attribute
                2026-11-02 09:12  run-2026-11-02-baseline          4c1e9a7d  Vault   18.5       0  0  0  0  untriaged
                2026-10-20 09:12  run-2026-10-20-xcode15-legacy    c0ffee4b  Vault   17.5       1  1  0  0  proposed unset attribute

                """)
    }

    @Test func showsAConfirmedClassification() throws {
        let notes = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-runs-\(UUID().uuidString)").path
        let note = run([
            "note", SampleArchiveCommandTests.samples + "/run-2026-11-04-misplaced-file", "--notes", notes,
            "--class", "misplaced-file", "--comment", "cache in Documents",
        ])
        #expect(note.status == 0, "\(note.err)")
        let r = run(["runs", SampleArchiveCommandTests.samples, "--notes", notes, "--format", "json"])
        #expect(r.status == 0)
        let data = try #require(r.out.data(using: .utf8))
        let list = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(list.count == 8)
        let misplaced = try #require(list.first { $0["run"] as? String == "run-2026-11-04-misplaced-file" })
        let triage = try #require(misplaced["triage"] as? [String: Any])
        #expect(triage["state"] as? String == "confirmed")
        #expect(triage["class"] as? String == "misplaced-file")
        #expect((misplaced["blocking"] as? [String: Int])?["misplaced-file"] == 5)
    }

    @Test func aSingleRunIsNotAnArchive() {
        let r = run(["runs", SampleArchiveCommandTests.samples + "/run-2026-11-02-baseline"])
        #expect(r.status == 2)
        #expect(r.err.contains("is a single run"))
    }
}

/// `exhibit diff` between two sample runs, exact.
@Suite struct DiffCommandTests {
    @Test func baselineToMisplaced() {
        let c = Console.capturing()
        let s = SampleArchiveCommandTests.samples
        let status = Exhibit.run(["diff", s + "/run-2026-11-02-baseline", s + "/run-2026-11-04-misplaced-file"], console: c)
        #expect(status == 0, "\(c.captured!.err)")
        // The first line and the file lines are as they always were (scripts read them);
        // the sections around them are new (DiffGoldenTests holds the whole output).
        let lines = c.captured!.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Base run-2026-11-02-baseline, run run-2026-11-04-misplaced-file: 3 added, 0 removed, 0 grown")
        let fileLines = [
            "added    Documents/Exports/Trip to Kyoto.pdf  1.8 MiB  step export: share note as PDF  M documents-allowlist  M pdf-exports  C pdf-exports",
            "added    Documents/cache.db  512 KiB  step sync: download offline pack  M documents-allowlist",
            "added    Library/Caches/Drafts/Packing list.vaultnote  4 KiB  step seed: create vault with 3 notes  M notes  M user-data-extension",
        ]
        let at = lines.firstIndex(of: fileLines[0])
        #expect(at.map { Array(lines[$0..<min($0 + 3, lines.count)]) } == fileLines)
    }

    @Test func reversedIsRemovals() {
        let c = Console.capturing()
        let s = SampleArchiveCommandTests.samples
        let status = Exhibit.run(["diff", s + "/run-2026-11-04-misplaced-file", s + "/run-2026-11-02-baseline", "--format", "json"], console: c)
        #expect(status == 0)
        #expect(c.captured!.out.contains("\"removed\": 3"))
        #expect(c.captured!.out.contains("\"added\": 0"))
    }
}
