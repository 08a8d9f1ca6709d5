import ExhibitCore
import ExhibitIO
import ExhibitRules
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `note`: the triage note for the issue tracker, headless. Optionally confirms a
/// classification first (recorded in the notes store), then makes the note and writes
/// it atomically to FILE, or hands it back for standard output.
public struct NoteExport {
    public struct Request {
        public var run: String
        public var rulesOverride: String?
        public var notesOverride: String?
        /// The class to confirm, with its comment and issue; nil: the note carries the
        /// existing record, else the proposal.
        public var confirm: FailureClass?
        public var comment: String?
        public var issue: String?
        public var format: TriageNote.Format
        /// FILE, or nil for standard output.
        public var output: String?
        public var force: Bool

        public init(
            run: String, rulesOverride: String?, notesOverride: String?, confirm: FailureClass?, comment: String?,
            issue: String?, format: TriageNote.Format, output: String?, force: Bool
        ) {
            self.run = run
            self.rulesOverride = rulesOverride
            self.notesOverride = notesOverride
            self.confirm = confirm
            self.comment = comment
            self.issue = issue
            self.format = format
            self.output = output
            self.force = force
        }
    }

    public struct Made {
        /// The note, when it goes to standard output (nil when written to FILE).
        public var text: String?
        /// What the person should be told on standard error.
        public var messages: [String]
    }

    /// - Parameter environment: where the author and the notes directory come from.
    /// - Parameter watching: the headless progress line, when the command shows one.
    public static func run(
        _ request: Request, environment: [String: String], watching: (any LoadWatching)? = nil
    ) throws(InputError) -> Made {
        let (url, bundle) = try RunInput.loadRunWithURL(request.run, watching: watching)
        let report = try RulesInput.check(bundle, override: request.rulesOverride)
        // The run or result bundle, and the evidence around it: a bundle opened from
        // inside a run writes neither into that run nor beside the bundle.
        let input = OpenedInput(url, isArchive: false)
        let store = NotesStore.locate(for: input, override: request.notesOverride, environment: environment)
        // Everything that can be known about FILE before the class is recorded, so a
        // refused FILE never leaves a record behind without a word.
        if let output = request.output { try checkOutput(output, input: input, force: request.force) }
        var messages: [String] = []
        var record: TriageRecord?
        var recordedAt: String?
        if let cls = request.confirm {
            let confirmed = TriageRecord(
                runID: bundle.runID, failureClass: cls, comment: oneLine(request.comment ?? ""),
                issue: request.issue.map(oneLine), author: TriageAuthor(environment: environment).name,
                time: Date().timeIntervalSince1970, proposed: report.proposal.proposedClass)
            do {
                let saved = try TriageRecordKeeping.save(confirmed, store: store, bundle: bundle, report: report)
                recordedAt = saved.file
                record = saved.record
                if let note = saved.note { messages.append("rewrote the note beside the record: \(TerminalText.escape(note))") }
            } catch {
                throw InputError(description: error.description)
            }
        } else {
            do {
                record = try store.record(for: bundle.runID)
            } catch {
                messages.append("warning: ignoring the triage record: \(TerminalText.sanitized(error.description))")
            }
        }
        let note = TriageNote(bundle: bundle, report: report, record: record)
        let text = request.format == .json ? note.json() : note.markdown()
        guard let output = request.output else { return Made(text: text, messages: messages) }
        do {
            try AtomicFile.write(Array(text.utf8), to: output, overwrite: request.force)
        } catch {
            // The record is kept (it is what the person decided); say so.
            let kept = recordedAt.map { "; the classification was recorded in \($0) all the same" } ?? ""
            throw InputError(description: error.description + kept)
        }
        messages.append("wrote the triage note to \(TerminalText.escape(output))")
        return Made(text: nil, messages: messages)
    }

    /// Refuses a FILE inside the run or result bundle, inside a run it is in, inside any
    /// other run of its archive or inside a result bundle (`--force` or not: evidence is
    /// never written to; `OpenedInput.evidence(enclosing:)`), an existing FILE without
    /// `--force`, and a FILE whose directory cannot take it.
    static func checkOutput(_ output: String, input: OpenedInput, force: Bool) throws(InputError) {
        if PathContainment.isInside(output, directory: input.url.path) {
            let what = RunLocator.isRun(input.url.path) ? "run" : "result bundle"
            throw InputError(description: "\(output): is inside the \(what); the evidence is never written to (choose another FILE)")
        }
        if let evidence = input.evidence(enclosing: output) {
            throw InputError(description: "\(output): is inside \(evidence); evidence is never written to, even with --force (choose another FILE)")
        }
        if !force && access(output, F_OK) == 0 {
            throw InputError(description: "\(output): exists (use --force to replace it)")
        }
        let directory = AtomicFile.parentDirectory(of: output)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InputError(description: "\(output): \(directory) is not a directory")
        }
        guard access(directory, W_OK | X_OK) == 0 else {
            throw InputError(description: "\(output): \(directory) is not writable")
        }
    }

    /// Comments and issue references are one line: a newline would break the note's layout.
    static func oneLine(_ s: String) -> String {
        String(s.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}
