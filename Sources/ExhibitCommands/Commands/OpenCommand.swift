import ExhibitCore
import ExhibitIO
import ExhibitTUI
import Foundation

/// `exhibit [RUN|ARCHIVE]`: the full-screen triage UI. Loads the run, holds it against
/// the rules, and hands the UI hooks that persist what the person decides; an archive
/// opens on its run list first.
enum OpenCommand {
    static let spec = CommandSpec(
        name: "open", positionals: ["RUN?"],
        options: [
            OptionSpec(name: "rules", valueName: "FILE", help: "Rules file to use instead of the bundle's rules.json"),
            OptionSpec(name: "notes", valueName: "DIR", help: "Notes directory (default ARCHIVE/.exhibit/notes or $XDG_STATE_HOME/exhibit/notes)"),
        ],
        summary: "Open the triage UI on a run, or the run list of an archive (default: the current directory)",
        details: """
            Needs a terminal. The tree shows as soon as the run is read; the rules are checked in the
            background meanwhile. Keys: ? in the UI lists them all. c classifies the run (recorded in the
            notes directory), x exports the triage note next to the record,
            b compares the run with the latest earlier run that passed (B: with a chosen run).
            Exit status 0 on a normal quit, 2 when RUN cannot be read or there is no terminal,
            128+N when ended by signal N (an unfinished comment is kept as a draft).
            """)

    static func run(_ args: ParsedArguments, console: Console) throws -> Int32 {
        let path = args.positionals.first ?? "."
        let located: (url: URL, kind: RunLocator.Kind)
        do {
            located = try RunLocator.resolve(path)
        } catch {
            throw InputError(description: error.description)
        }
        let status: Int32
        switch located.kind {
        case .run, .resultBundle:
            let store = NotesStore.locate(archive: located.url.deletingLastPathComponent().path, override: args.value("notes"),
                                          environment: ProcessInfo.processInfo.environment)
            let parent = located.url.deletingLastPathComponent()
            let session = try triageSession(at: located.url, rulesOverride: args.value("rules"), store: store, canCompare: true)
            let performer = RunIO(store: store, comparison: RunComparisonInput(directory: parent) {
                ArchiveInput.evidenceRuns(in: parent)
            })
            status = TerminalApp.run(session: session, performer: performer)
        case .archive:
            let archive = try ArchiveInput(url: located.url, rulesOverride: args.value("rules"), notesOverride: args.value("notes"))
            status = TerminalApp.run(archiveTitle: archive.url.lastPathComponent, runIDs: archive.runIDs,
                                     performer: ArchiveIO(archive: archive))
        }
        // Records or drafts that could not be read or kept: said once the terminal is back.
        for problem in problems.take() { console.error("exhibit: \(Exhibit.safe(problem))") }
        return status == TerminalApp.Status.noTerminal ? Exhibit.ExitStatus.usage : status
    }

    /// What the hooks could not do, from every run opened in this session.
    static let problems = HookProblems()

    /// Loads a run and reads its triage record and draft. The rules check is left to
    /// the UI (`needsCheck`), which shows the tree while it runs.
    static func triageSession(at url: URL, rulesOverride: String?, store: NotesStore, canCompare: Bool) throws -> TriageSession {
        let bundle = RunLocator.loadRun(at: url)
        let loadedRules = try RulesInput.load(for: bundle, override: rulesOverride)
        let hooks = TriageHooks(store: store, bundle: bundle, environment: ProcessInfo.processInfo.environment, problems: problems)
        return TriageSession(
            bundle: bundle, report: .awaitingCheck(rulesSource: loadedRules.source, rulesDiagnostics: loadedRules.diagnostics),
            rules: RulesEngine.compile(loadedRules.rules),
            confirmed: hooks.existingRecord().map { TriageDecision(failureClass: $0.failureClass, comment: $0.comment) },
            draft: hooks.existingDraft().map { TriageDraft(failureClass: $0.failureClass, comment: $0.comment) },
            needsCheck: true, canCompare: canCompare)
    }
}

/// What the UI's hooks do on disk: records and drafts in the notes store, the note
/// beside the record. Messages are short: they go on the status line.
struct TriageHooks: Sendable {
    let store: NotesStore
    let bundle: EvidenceBundle
    let environment: [String: String]
    /// What went wrong reading or keeping records, for the person to see.
    let problems: HookProblems

    init(store: NotesStore, bundle: EvidenceBundle, environment: [String: String], problems: HookProblems = HookProblems()) {
        self.store = store
        self.bundle = bundle
        self.environment = environment
        self.problems = problems
    }

    /// Asked when a record is written, not when the run opens: it may start `git`.
    var author: String { TriageAuthor.current(environment: environment) }

    /// The run's record; a record that cannot be read is said on the status line
    /// (`problems`), not taken for "no record".
    func existingRecord() -> TriageRecord? {
        read("triage record") { store, id throws(NotesStore.Failure) in try store.record(for: id) }
    }

    func existingDraft() -> TriageRecord? {
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

    func record(_ cls: FailureClass, comment: String, draft: Bool, _ report: CheckReport) -> TriageRecord {
        TriageRecord(runID: bundle.runID, failureClass: cls, comment: comment, issue: existingRecord()?.issue,
                     author: author, time: Date().timeIntervalSince1970, proposed: report.proposal.proposed, isDraft: draft)
    }

    func confirm(_ decision: TriageDecision, _ report: CheckReport) -> HookMessage {
        do {
            let saved = record(decision.failureClass, comment: decision.comment, draft: false, report)
            try store.save(saved)
            return .info("Saved: \(decision.failureClass.title), by \(saved.author)")
        } catch {
            return .failure("not saved: \(error.description)")
        }
    }

    func export(_ decision: TriageDecision?, _ report: CheckReport) -> HookMessage {
        var confirmed = existingRecord()
        if let decision {
            confirmed = record(decision.failureClass, comment: decision.comment, draft: false, report)
        }
        let note = TriageNote(bundle: bundle, report: report, record: confirmed).markdown()
        do {
            let file = try store.saveNote(note, for: bundle.runID)
            return .info("Note written to \(file)")
        } catch {
            return .failure("note not written: \(error.description)")
        }
    }

    /// Called as the UI closes: a failure is kept for `problems`, printed once the
    /// terminal is restored (the status line is gone by then).
    func saveDraft(_ draft: TriageDraft, _ report: CheckReport) {
        do {
            try store.save(record(draft.failureClass, comment: draft.comment, draft: true, report))
        } catch {
            problems.add("the unfinished comment was not kept as a draft: \(error.description)")
        }
    }
}

/// Messages from the hooks that have no status line to go to (the UI is closing, or not
/// open yet); `OpenCommand` prints them on stderr once the terminal is restored.
final class HookProblems: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    /// Keeps `message` once: the same failure met again (a record read per hook) is said once.
    func add(_ message: String) {
        lock.lock()
        if !messages.contains(message) { messages.append(message) }
        lock.unlock()
    }

    func take() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        let taken = messages
        messages = []
        return taken
    }
}
