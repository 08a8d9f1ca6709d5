import ExhibitApp
import ExhibitCore
import ExhibitIO
import ExhibitTUI
import ExhibitTriageUI
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
            Needs a terminal. The terminal opens first and the run loads in the background: a load
            longer than about 0.3 s shows a loading screen, where q or Esc stops it. The tree shows as
            soon as the run is read; the rules are checked in the background meanwhile. Keys: ? in the UI lists them all. c classifies the run (recorded in the
            notes directory), x exports the triage note next to the record,
            b compares the run with the latest earlier run that passed (B: with a chosen run).
            Exit status 0 on a normal quit, 2 when RUN cannot be read, there is no terminal, or a
            classification, note or draft could not be written (said again on stderr as the UI closes),
            3 when the load was stopped on the loading screen, 128+N when ended by signal N (an unfinished comment is kept as a draft).
            """)

    static func run(_ args: ParsedArguments, _ console: Console) throws -> Outcome {
        let located = try RunInput.locate(args.positionals.first ?? ".")
        // Read once, for the run or for the archive's list and every run opened from it.
        var sharedRules: RulesInput.Loaded?
        if let path = args.value("rules") { sharedRules = try RulesInput.load(path: path) }
        let status: Int32
        switch located.kind {
        case .run, .resultBundle:
            let store = OpenRun.notesStore(
                for: located.url, override: args.value("notes"),
                environment: ProcessInfo.processInfo.environment)
            let parent = located.url.deletingLastPathComponent()
            let performer = RunIO(
                store: store,
                comparison: RunComparisonInput(directory: parent) {
                    RunLocator.runs(in: parent)
                })
            // The terminal opens first; the run is read on the UI's worker (the loading screen).
            let url = located.url
            let rules = sharedRules
            let failure = LoadFailure()
            status = TerminalApp.run(runName: url.lastPathComponent, performer: performer) { observer in
                do throws(InputError) {
                    let session = try triageSession(at: url, sharedRules: rules, store: store, canCompare: true, observer: observer)
                    return session.map { .success($0) }
                } catch {
                    failure.error = error
                    return .failure(ArchiveOpenFailure(error.description))
                }
            }
            if status == TerminalApp.Status.unusableRun, let error = failure.error { throw error }
        case .archive:
            let archive = ArchiveInput(url: located.url, sharedRules: sharedRules, notesOverride: args.value("notes"))
            status = TerminalApp.run(
                archiveTitle: archive.url.lastPathComponent, runIDs: archive.runIDs,
                performer: ArchiveIO(archive: archive))
        }
        return finish(status: status, problems: problems, console)
    }

    /// Records or drafts that could not be read or kept, said once the terminal is back;
    /// a classification, note or draft that was not kept ends a normal quit with 2.
    static func finish(status: Int32, problems: HookProblems, _ console: Console) -> Outcome {
        let unsaved = problems.hasUnsaved
        for problem in problems.take() { console.error("exhibit: \(Exhibit.safe(problem))") }
        let ended = outcome(of: status)
        return unsaved && ended == .success ? .unusableInput : ended
    }

    /// The UI's exit status as an outcome (`TerminalApp.Status`).
    static func outcome(of status: Int32) -> Outcome {
        switch status {
        case TerminalApp.Status.ok: .success
        case TerminalApp.Status.noTerminal: .noTerminal
        case TerminalApp.Status.aborted: .loadAborted
        case let signalled where signalled > 128: .signalled(signalled - 128)
        default: .terminalLost
        }
    }

    /// Why the run could not be opened, kept by the load on the UI's worker and thrown
    /// once the terminal is restored.
    final class LoadFailure: @unchecked Sendable {
        private let lock = NSLock()
        private var kept: InputError?
        var error: InputError? {
            get {
                lock.lock()
                defer { lock.unlock() }
                return kept
            }
            set {
                lock.lock()
                kept = newValue
                lock.unlock()
            }
        }
    }

    /// What the hooks could not do, from every run opened in this session.
    static let problems = HookProblems()

    /// Loads a run and reads its triage record and draft, the load reported to
    /// `observer`; nil when it was cancelled. The rules check is left to the UI
    /// (`needsCheck`), which shows the tree while it runs.
    static func triageSession(
        at url: URL, sharedRules: RulesInput.Loaded?, store: NotesStore, canCompare: Bool, observer: LoadObserver
    ) throws(InputError) -> TriageSession? {
        guard let opened = try OpenRun(at: url, sharedRules: sharedRules, observer: observer, firstScreenOnly: true) else { return nil }
        return session(of: opened, store: store, canCompare: canCompare)
    }

    private static func session(of opened: ExhibitApp.OpenRun, store: NotesStore, canCompare: Bool) -> TriageSession {
        let bundle = opened.bundle
        let hooks = TriageHooks(store: store, bundle: bundle, environment: ProcessInfo.processInfo.environment, problems: problems)
        return TriageSession(
            bundle: bundle, report: opened.rules.awaitingCheck,
            rules: opened.rules.compiled,
            confirmed: hooks.existingRecord().map {
                TriageDecision(failureClass: $0.failureClass, comment: $0.comment, issue: $0.issue, author: $0.author, time: $0.time)
            },
            draft: hooks.existingDraft().map { TriageDraft(failureClass: $0.failureClass, comment: $0.comment) },
            needsCheck: true, canCompare: canCompare, rest: opened.rest)
    }
}
