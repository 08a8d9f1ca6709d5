import ExhibitCore
import Foundation
import Testing

@testable import ExhibitApp
@testable import ExhibitIO
@testable import ExhibitRules
@testable import ExhibitTriageUI

/// A record is never lost or misdated (issue 18 item 5): every classification is kept
/// in the run's history, the note beside the record is rewritten with it, and the note
/// dates a classification by its record.
@Suite struct RecordHistoryTests {
    @Test func aFormatOneRecordReadsAsAOneEntryHistory() throws {
        let bytes = Array(
            #"{"version":1,"run":"r","class":"misplaced-file","comment":"c","issue":null,"author":"Ada","time":"2026-11-03T09:12:05Z","epoch":1793697125,"proposed":null,"draft":false}"#
                .utf8)
        let record = try TriageRecord.decode(bytes, file: "r.json")
        #expect(record.history.count == 1)
        #expect(record.history.first?.author == "Ada" && record.history.first?.failureClass == .misplacedFile)
        #expect(record.earlier.isEmpty)
    }

    @Test func reclassifyingKeepsEveryEarlierClassification() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let store = NotesStore(directory: scratch.root + "/notes")
        let first = TriageRecord(
            runID: "run-1", failureClass: .unsetAttribute, comment: "flag lost", issue: "VAULT-1", author: "Ada", time: 1_000,
            proposed: .unsetAttribute)
        try store.save(first)
        let second = TriageRecord(
            runID: "run-1", failureClass: .misplacedFile, comment: "moved", issue: nil, author: "Grace", time: 2_000, proposed: .unsetAttribute)
        try store.save(second)
        let read = try #require(try store.record(for: "run-1"))
        #expect(read.failureClass == .misplacedFile && read.author == "Grace" && read.time == 2_000, "the newest is current")
        #expect(read.history.map(\.failureClass) == [.unsetAttribute, .misplacedFile])
        #expect(read.history.first == first.current, "who, when, class, comment and issue of the first are kept")
        // And it survives another round through the file.
        let back = try TriageRecord.decode(read.encoded(), file: "r.json")
        #expect(back == read)
    }

    @Test func anUnreadableRecordIsNotReplaced() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let store = NotesStore(directory: scratch.root + "/notes")
        try scratch.write("{\"version\":2,\"run\":", to: "notes/run-1.json")
        let before = try String(contentsOfFile: scratch.root + "/notes/run-1.json", encoding: .utf8)
        #expect(throws: NotesStore.Failure.self) {
            try store.save(TriageRecord(runID: "run-1", failureClass: .misplacedFile, author: "Ada", time: 1, proposed: nil))
        }
        #expect(try String(contentsOfFile: scratch.root + "/notes/run-1.json", encoding: .utf8) == before)
    }

    @Test func theNoteBesideTheRecordIsRewrittenAndDatedByTheRecord() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try scratch.copySample("run-2026-11-04-misplaced-file")
        let opened = try OpenRun(at: URL(fileURLWithPath: run))
        let store = NotesStore(directory: scratch.root + "/notes")
        let hooks = TriageHooks(store: store, bundle: opened.bundle, environment: ["EXHIBIT_USER": "ada"])
        let report = opened.check()
        _ = hooks.confirm(TriageDecision(failureClass: .misplacedFile, comment: "first", issue: "VAULT-7"), report)
        let recorded = try #require(try store.record(for: opened.bundle.runID))
        _ = hooks.export(TriageDecision(failureClass: .misplacedFile, comment: "first", issue: "VAULT-7"), report)
        let note = store.notePath(for: opened.bundle.runID)
        let exported = try String(contentsOfFile: note, encoding: .utf8)
        #expect(exported.contains("on \(Timestamp.utc(recorded.time))"), "confirmed on the record's time, not the export's")
        #expect(exported.contains("Issue: VAULT-7"))
        let message = hooks.confirm(TriageDecision(failureClass: .skippedCleanup, comment: "second"), report)
        #expect(message.text.contains("1 earlier kept") && message.text.contains("note rewritten"), "\(message.text)")
        let rewritten = try String(contentsOfFile: note, encoding: .utf8)
        #expect(rewritten.contains("**\(FailureClass.skippedCleanup.title)**, confirmed by"))
        #expect(rewritten.contains("Earlier classifications:"))
        #expect(rewritten.contains("**\(FailureClass.misplacedFile.title)** by ada — first (issue VAULT-7)"))
    }
}
