import ExhibitCore
import ExhibitIO
import ExhibitRules
import ExhibitTriageUI
import Foundation

/// Recording and exporting a triage from the UI: records and drafts in the notes
/// store, the note beside the record. Messages are short: they go on the status line.
/// The author is resolved when a record is first made (`TriageAuthor`), not here.
public struct TriageHooks: Sendable {
    public let store: NotesStore
    public let bundle: EvidenceBundle
    let author: TriageAuthor
    /// What went wrong reading or keeping records, for the person to see.
    public let problems: HookProblems

    public init(
        store: NotesStore, bundle: EvidenceBundle, environment: [String: String],
        problems: HookProblems = HookProblems()
    ) {
        self.store = store
        self.bundle = bundle
        self.author = TriageAuthor(environment: environment)
        self.problems = problems
    }

    /// The run's record; a record that cannot be read is said on the status line
    /// (`problems`), not taken for "no record".
    public func existingRecord() -> TriageRecord? {
        read("triage record") { store, id throws(NotesStore.Failure) in try store.record(for: id) }
    }

    public func existingDraft() -> TriageRecord? {
        read("draft") { store, id throws(NotesStore.Failure) in try store.draft(for: id) }
    }

    /// A record or draft that cannot be read is said on the status line, not taken for none.
    private func read(_ what: String, _ body: (NotesStore, String) throws(NotesStore.Failure) -> TriageRecord?) -> TriageRecord? {
        do {
            return try body(store, bundle.runID)
        } catch {
            problems.add("\(what) not read: \(error.description)")
            return nil
        }
    }

    func record(_ cls: FailureClass, comment: String, issue: String?, draft: Bool, _ report: CheckReport) -> TriageRecord {
        TriageRecord(
            runID: bundle.runID, failureClass: cls, comment: comment, issue: issue, author: author.name,
            time: Date().timeIntervalSince1970, proposed: report.proposal.proposedClass, isDraft: draft)
    }

    /// Messages go to the status line, which shows them sanitized: the parts that come
    /// from outside (author, paths) are escaped here.
    public func confirm(_ decision: TriageDecision, _ report: CheckReport) -> HookMessage {
        let made = record(decision.failureClass, comment: decision.comment, issue: decision.issue, draft: false, report)
        do {
            let saved = try TriageRecordKeeping.save(made, store: store, bundle: bundle, report: report)
            // What was kept and rewritten goes before the author: the status line cuts the end.
            var kept: [String] = []
            if saved.record.earlier.count > 0 { kept.append("\(saved.record.earlier.count) earlier kept") }
            if saved.note != nil { kept.append("note rewritten") }
            let extra = kept.isEmpty ? "" : " (" + kept.joined(separator: ", ") + ")"
            problems.kept("record \(bundle.runID)")
            problems.kept("draft \(bundle.runID)")  // the record supersedes the draft
            return .info("Saved: \(decision.failureClass.title)\(extra), by \(TerminalText.escape(made.author))")
        } catch {
            // Said again once the UI closes, and the exit status is not 0: the status line
            // is gone by then, and a classification that was not kept must not pass unseen.
            problems.unsaved("record \(bundle.runID)", "\(bundle.runID): the classification was not saved: \(error.description)")
            return .failure("not saved: \(error.description)")
        }
    }

    /// The note carries the record as stored (its time is when it was decided, not the
    /// export's); a decision that is not stored (its save failed) is noted as made now.
    public func export(_ decision: TriageDecision?, _ report: CheckReport) -> HookMessage {
        var confirmed = existingRecord()
        if let decision, confirmed.map({ $0.failureClass != decision.failureClass || $0.comment != decision.comment }) ?? true {
            confirmed = record(decision.failureClass, comment: decision.comment, issue: decision.issue, draft: false, report)
        }
        let note = TriageNote(bundle: bundle, report: report, record: confirmed).markdown()
        do {
            let file = try store.saveNote(note, for: bundle.runID)
            problems.kept("note \(bundle.runID)")
            return .info("Note written to \(TerminalText.escape(file))")
        } catch {
            problems.unsaved("note \(bundle.runID)", "\(bundle.runID): the note was not written: \(error.description)")
            return .failure("note not written: \(error.description)")
        }
    }

    /// Called as the UI closes: a failure is kept for `problems`, printed once the
    /// terminal is restored (the status line is gone by then).
    public func saveDraft(_ draft: TriageDraft, _ report: CheckReport) {
        do {
            try store.save(record(draft.failureClass, comment: draft.comment, issue: nil, draft: true, report))
        } catch {
            problems.unsaved("draft \(bundle.runID)", "the unfinished comment was not kept as a draft: \(error.description)")
        }
    }
}

/// Messages from the hooks that have no status line to go to (the UI is closing, or not
/// open yet), and what the person asked to keep that was not kept; `OpenCommand` prints
/// them on stderr once the terminal is restored, and exits 2 when something was not kept.
public final class HookProblems: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    /// What was not kept, by what it is (`record RUN`, `note RUN`, `draft RUN`): a later
    /// save of the same thing that succeeds takes it back.
    private var notKept: [(key: String, message: String)] = []

    public init() {}

    /// Keeps `message` once: the same failure met again (a record read per hook) is said once.
    public func add(_ message: String) {
        lock.lock()
        if !messages.contains(message) { messages.append(message) }
        lock.unlock()
    }

    /// A record, note or draft that could not be written (the latest failure for `key`).
    public func unsaved(_ key: String, _ message: String) {
        lock.lock()
        notKept.removeAll { $0.key == key }
        notKept.append((key, message))
        lock.unlock()
    }

    /// `key` was written after all.
    public func kept(_ key: String) {
        lock.lock()
        notKept.removeAll { $0.key == key }
        lock.unlock()
    }

    /// Whether something the person asked to keep is still not kept.
    public var hasUnsaved: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !notKept.isEmpty
    }

    /// Every message, what was not kept last; the store is left empty.
    public func take() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        let taken = messages + notKept.map(\.message)
        messages = []
        notKept = []
        return taken
    }
}
