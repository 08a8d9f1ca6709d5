import ExhibitCore
import ExhibitIO
import ExhibitRules

/// Saving a classification, for the UI and `note --class` alike: the record joins the
/// run's history (`NotesStore.save`), and a note exported beside it is rewritten with
/// it, so the Markdown there never shows a class the record no longer holds.
enum TriageRecordKeeping {
    struct Saved {
        /// The record file.
        var file: String
        /// The record as stored, its history included.
        var record: TriageRecord
        /// The note beside the record, when there was one to rewrite.
        var note: String?
    }

    static func save(_ record: TriageRecord, store: NotesStore, bundle: EvidenceBundle, report: CheckReport) throws(NotesStore.Failure) -> Saved {
        let file = try store.save(record)
        let stored = ((try? store.record(for: record.runID)) ?? nil) ?? record
        guard store.hasNote(for: record.runID) else { return Saved(file: file, record: stored, note: nil) }
        let note = try store.saveNote(TriageNote(bundle: bundle, report: report, record: stored).markdown(), for: record.runID)
        return Saved(file: file, record: stored, note: note)
    }
}
