import ExhibitCore
import Foundation
import Testing

@testable import ExhibitIO

/// A run's draft never shares a file with another run's record: drafts used to be
/// `<stem>.draft.json`, the record of the run named `<id>.draft`, so classifying `foo`
/// deleted the record (and history) of `foo.draft`, and a UI draft of `foo` overwrote it.
@Suite struct DraftFileTests {
    func record(_ runID: String, _ failureClass: FailureClass, draft: Bool = false) -> TriageRecord {
        TriageRecord(
            runID: runID, failureClass: failureClass, comment: "c \(runID)", issue: nil, author: "Ada", time: 1_000, proposed: nil,
            isDraft: draft)
    }

    @Test func classifyingARunKeepsTheRecordOfTheRunNamedItsDraft() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let store = NotesStore(directory: scratch.root + "/notes")
        try store.save(record("foo.draft", .skippedCleanup))
        try store.save(record("foo", .unsetAttribute, draft: true))
        #expect(try store.record(for: "foo.draft")?.failureClass == .skippedCleanup, "a draft of foo does not overwrite it")
        try store.save(record("foo", .unsetAttribute))
        #expect(try store.record(for: "foo.draft")?.failureClass == .skippedCleanup, "classifying foo does not delete it")
        #expect(try store.draft(for: "foo") == nil, "foo's own draft is dropped")
        #expect(try store.record(for: "foo")?.failureClass == .unsetAttribute)
    }

    @Test func aDraftAnEarlierVersionKeptIsReadAndDroppedOnlyWhenItIsThisRunsDraft() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let store = NotesStore(directory: scratch.root + "/notes")
        // An earlier version's draft of "bar", at bar.draft.json.
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        let legacy = record("bar", .misplacedFile, draft: true)
        try Data(legacy.encoded()).write(to: URL(fileURLWithPath: store.legacyDraftPath(for: "bar")))
        #expect(try store.draft(for: "bar")?.failureClass == .misplacedFile)
        try store.save(record("bar", .misplacedFile))
        #expect(!FileManager.default.fileExists(atPath: store.legacyDraftPath(for: "bar")))

        // baz.draft.json holding the record of run "baz.draft" is not baz's draft.
        try store.save(record("baz.draft", .skippedCleanup))
        try Data(record("baz.draft", .skippedCleanup).encoded()).write(to: URL(fileURLWithPath: store.legacyDraftPath(for: "baz")))
        #expect(try store.draft(for: "baz") == nil)
        try store.save(record("baz", .unsetAttribute))
        #expect(FileManager.default.fileExists(atPath: store.legacyDraftPath(for: "baz")), "another run's file is left alone")
    }
}
