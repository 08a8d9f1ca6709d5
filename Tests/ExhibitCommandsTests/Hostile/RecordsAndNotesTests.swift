import ExhibitCore
import Foundation
import Testing

@testable import ExhibitApp
@testable import ExhibitCommands
@testable import ExhibitIO
@testable import ExhibitTriageUI

/// Issue 15 §11–§14 and the notes directory's messages: no writer writes into evidence,
/// a refused `-o` leaves no record behind, any run id gets a record, and killed writers'
/// temporaries are cleaned.
@Suite struct RecordsAndNotesTests {
    func run(_ args: [String]) -> (status: Int32, out: String, err: String) { CollectRunner.exhibit(args) }

    // MARK: §11

    @Test func noWriterWritesIntoAnotherRunEvenWithForce() throws {
        let bundle = try HostileBundle(copying: "run-2026-11-04-misplaced-file")
        defer { bundle.cleanUp() }
        let other = bundle.archive + "/run-2026-11-02-baseline"
        try FileManager.default.copyItem(atPath: SampleArchiveCommandTests.samples + "/run-2026-11-02-baseline", toPath: other)
        let before = try Data(contentsOf: URL(fileURLWithPath: other + "/steps.tsv"))
        let note = run(["note", bundle.run, "--notes", bundle.archive + "/notes", "-o", other + "/steps.tsv", "--force"])
        #expect(note.status == 2)
        #expect(note.err.contains("is inside the run run-2026-11-02-baseline"), "\(note.err)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: other + "/steps.tsv")) == before)
        // Through a link to the other run, and into a result bundle anywhere.
        symlink(other, bundle.archive + "/latest")
        #expect(run(["note", bundle.run, "-o", bundle.archive + "/latest/note.md", "--force"]).status == 2)
        try FileManager.default.createDirectory(atPath: bundle.archive + "/out/Run.xcresult", withIntermediateDirectories: true)
        let xcresult = run(["note", bundle.run, "-o", bundle.archive + "/out/Run.xcresult/note.md"])
        #expect(xcresult.status == 2)
        #expect(xcresult.err.contains("the result bundle Run.xcresult"), "\(xcresult.err)")
        #expect(!FileManager.default.fileExists(atPath: bundle.archive + "/out/Run.xcresult/note.md"))
        // Records neither: --notes inside another run is refused.
        let records = run(["note", bundle.run, "--class", "misplaced-file", "--notes", other + "/container/notes"])
        #expect(records.status == 2)
        #expect(!FileManager.default.fileExists(atPath: other + "/container/notes"))
        // Beside the runs is fine.
        #expect(run(["note", bundle.run, "-o", bundle.archive + "/note.md"]).status == 0)
    }

    /// A run of another archive (or one kept on its own) is evidence too: found by what
    /// the directories above the target are, not by the archive the input is in.
    @Test func noWriterWritesIntoARunOfAnotherArchive() throws {
        let bundle = try HostileBundle(copying: "run-2026-11-04-misplaced-file")
        defer { bundle.cleanUp() }
        let elsewhere = bundle.archive + "-elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        let other = elsewhere + "/run-2026-11-02-baseline"
        try FileManager.default.copyItem(atPath: SampleArchiveCommandTests.samples + "/run-2026-11-02-baseline", toPath: other)
        let target = other + "/container/inventory.json"
        let before = try Data(contentsOf: URL(fileURLWithPath: target))
        let note = run(["note", bundle.run, "--notes", bundle.archive + "/notes", "-o", target, "--force"])
        #expect(note.status == 2)
        #expect(note.err.contains("is inside the run run-2026-11-02-baseline"), "\(note.err)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before)
        let records = run(["note", bundle.run, "--class", "misplaced-file", "--notes", other + "/container/notes"])
        #expect(records.status == 2)
        #expect(!FileManager.default.fileExists(atPath: other + "/container/notes"))
        #expect(run(["note", bundle.run, "-o", elsewhere + "/note.md"]).status == 0, "beside that archive's runs is fine")
        // A folder that only looks like a run (a CI workspace with results/) takes a note
        // outside its evidence folders: only the artifacts are evidence.
        let workspace = elsewhere + "/ws"
        try FileManager.default.createDirectory(atPath: workspace + "/results", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: workspace + "/out", withIntermediateDirectories: true)
        let out = run(["note", bundle.run, "-o", workspace + "/out/note.md"])
        #expect(out.status == 0, "\(out.err)")
        #expect(run(["note", bundle.run, "-o", workspace + "/results/note.md"]).status == 2)
    }

    // MARK: §12

    @Test(arguments: ["exists", "no-such-directory/note.md", "inside-a-run"])
    func aRefusedOutputLeavesNoRecordBehind(_ kind: String) throws {
        let bundle = try HostileBundle(copying: "run-2026-11-04-misplaced-file")
        defer { bundle.cleanUp() }
        let notes = bundle.archive + "/notes"
        var output = bundle.archive + "/" + kind
        switch kind {
        case "exists": try Data("keep".utf8).write(to: URL(fileURLWithPath: output))
        case "inside-a-run": output = bundle.path("note.md")
        default: break
        }
        let note = run(["note", bundle.run, "--class", "misplaced-file", "--notes", notes, "-o", output])
        #expect(note.status == 2)
        #expect(
            try NotesStore(directory: notes).record(for: "run-2026-11-04-misplaced-file") == nil,
            "the class was recorded although the note was refused: \(note.err)")
    }

    // MARK: §13

    @Test func aLongUTF8RunIDGetsARecordWithinNAMEMAX() throws {
        let id = String(repeating: "é", count: 123)  // 246 bytes of UTF-8, a legal directory name
        #expect(id.utf8.count == 246)
        let bundle = try HostileBundle(copying: "run-2026-11-04-misplaced-file", name: id)
        defer { bundle.cleanUp() }
        let notes = bundle.archive + "/notes"
        let note = run(["note", bundle.run, "--class", "misplaced-file", "--notes", notes])
        #expect(note.status == 0, "\(note.err)")
        let store = NotesStore(directory: notes)
        #expect(try store.record(for: id)?.failureClass == .misplacedFile)
        for name in try FileManager.default.contentsOfDirectory(atPath: notes) { #expect(name.utf8.count <= 255) }
        // Two long ids with the same head get different names, and neither reads the other's record.
        let twin = String(repeating: "é", count: 122) + "è"
        #expect(NotesStore.fileStem(for: twin) != NotesStore.fileStem(for: id))
        #expect(try store.record(for: twin) == nil)
        // Short ids keep their readable, one-to-one names.
        #expect(NotesStore.fileStem(for: "run-2026-11-03") == "run-2026-11-03")
    }

    // MARK: §14

    @Test func staleTemporariesAreRemovedOnTheNextWriteAndLiveOnesKept() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-tmp-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A writer that is gone (no such pid), one from before pids were in the name and
        // two hours old, and one of a live writer (pid 1 always runs) made just now.
        let gone = dir + "/.exhibit-tmp-2147483646-Ab12Cd"
        let old = dir + "/.exhibit-tmp-Xy34Zw"
        let live = dir + "/.exhibit-tmp-1-Qr56St"
        for path in [gone, old, live] { try Data("{}".utf8).write(to: URL(fileURLWithPath: path)) }
        var times = [timeval(tv_sec: time(nil) - 7200, tv_usec: 0), timeval(tv_sec: time(nil) - 7200, tv_usec: 0)]
        #expect(utimes(old, &times) == 0)
        let store = NotesStore(directory: dir)
        try store.save(TriageRecord(runID: "r1", failureClass: .skippedCleanup, author: "a", time: 1, proposed: nil))
        #expect(!FileManager.default.fileExists(atPath: gone))
        #expect(!FileManager.default.fileExists(atPath: old))
        #expect(FileManager.default.fileExists(atPath: live))
        // The record itself ends 0644, and no temporary of this write is left.
        var st = stat()
        #expect(stat(dir + "/r1.json", &st) == 0 && st.st_mode & 0o777 == 0o644)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".exhibit-tmp-") }
        #expect(left == [".exhibit-tmp-1-Qr56St"])
    }

    /// Until the rename the temporary is readable by its owner only, so the copy a
    /// killed writer leaves behind is 0600. Watched from a second thread while writes of
    /// 16 MiB run (each is in flight for milliseconds; the loop stops once one is seen
    /// just before its rename, i.e. complete).
    @Test func aTemporaryIsMode0600UntilItIsRenamed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-mode-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let big = [UInt8](repeating: 0x41, count: 16 << 20)
        let done = Flag()
        let writer = Thread {
            for _ in 0..<40 where !done.isSet { try? AtomicFile.write(big, to: dir + "/note.md") }
            done.set()
        }
        writer.start()
        var modes = Set<mode_t>()
        var sawComplete = false
        while !done.isSet {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] where name.hasPrefix(".exhibit-tmp-") {
                var st = stat()
                guard lstat(dir + "/" + name, &st) == 0 else { continue }
                modes.insert(st.st_mode & 0o777)
                if st.st_size == big.count { sawComplete = true }
            }
            if sawComplete { done.set() }
        }
        while !writer.isFinished { usleep(1000) }
        #expect(!modes.isEmpty, "no temporary was seen")
        #expect(modes == [0o600], "modes seen: \(modes.map { String($0, radix: 8) })")
    }

    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool {
            lock.lock()
            defer { lock.unlock() }
            return value
        }
        func set() {
            lock.lock()
            value = true
            lock.unlock()
        }
    }

    // MARK: Records that cannot be read or kept

    @Test func aSparseRecordIsRefusedAtTheRecordLimit() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-sparse-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(creat(dir + "/r1.json", 0o644) >= 0)
        #expect(truncate(dir + "/r1.json", 1 << 30) == 0)
        #expect {
            try NotesStore(directory: dir).record(for: "r1")
        } throws: { error in
            "\(error)".contains("limit for record files") && "\(error)".contains("EXHIBIT_SIZE_LIMITS=record=")
        }
    }

    @Test func aNotesPlaceThatIsAFileSaysSo() throws {
        let bundle = try HostileBundle(copying: "run-2026-11-04-misplaced-file")
        defer { bundle.cleanUp() }
        try Data("not a directory".utf8).write(to: URL(fileURLWithPath: bundle.archive + "/.exhibit"))
        let note = run(["note", bundle.run, "--class", "misplaced-file"])
        #expect(note.status == 2)
        #expect(note.err.contains("/.exhibit: is a file, not a directory"), "\(note.err)")
        #expect(!note.err.contains("NSCocoaErrorDomain"))
    }

    @Test func theUIsHooksSayWhatFailed() throws {
        let bundle = try HostileBundle(copying: "run-2026-11-04-misplaced-file")
        defer { bundle.cleanUp() }
        try Data("not a directory".utf8).write(to: URL(fileURLWithPath: bundle.archive + "/file"))
        let problems = HookProblems()
        let hooks = TriageHooks(
            store: NotesStore(directory: bundle.archive + "/file/notes"),
            bundle: RunLocator.loadRun(at: URL(fileURLWithPath: bundle.run)), environment: ["EXHIBIT_USER": "t"],
            problems: problems)
        hooks.saveDraft(TriageDraft(failureClass: .misplacedFile, comment: "half"), CheckReport.awaitingCheck(rulesSource: "", rulesDiagnostics: []))
        // A record that is a directory cannot be read: said, not taken for "no record".
        let notes = bundle.archive + "/notes"
        try FileManager.default.createDirectory(atPath: notes + "/run-2026-11-04-misplaced-file.json", withIntermediateDirectories: true)
        let reading = TriageHooks(
            store: NotesStore(directory: notes), bundle: RunLocator.loadRun(at: URL(fileURLWithPath: bundle.run)),
            environment: ["EXHIBIT_USER": "t"], problems: problems)
        #expect(reading.existingRecord() == nil)
        let said = problems.take()
        #expect(said.count == 2, "\(said)")
        // What could not be read first, then what was not kept (which makes the exit status 2).
        #expect(said.first?.contains("triage record not read") == true)
        #expect(said.last?.contains("not kept as a draft") == true)
    }
}
