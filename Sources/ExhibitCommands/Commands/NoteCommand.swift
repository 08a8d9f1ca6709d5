import ExhibitCore
import ExhibitIO
import Foundation

/// `exhibit note RUN`: the triage note for the issue tracker, headless.
enum NoteCommand {
    static let spec = CommandSpec(
        name: "note", positionals: ["RUN"],
        options: [
            OptionSpec(name: "class", valueName: "CLASS", choices: FailureClass.allCases.map(\.rawValue),
                       help: "Confirm this classification (recorded in the notes directory)"),
            OptionSpec(name: "comment", valueName: "TEXT", help: "One-line comment for the classification"),
            OptionSpec(name: "issue", valueName: "REF", help: "Linked issue id or URL"),
            OptionSpec(name: "format", valueName: "FORMAT", choices: TriageNote.Format.allCases.map(\.rawValue),
                       help: "Output format (default markdown)"),
            OptionSpec(name: "output", short: "o", valueName: "FILE", help: "Write the note to FILE (default -, standard output)"),
            OptionSpec(name: "force", help: "Replace an existing FILE"),
            OptionSpec(name: "rules", valueName: "FILE", help: "Rules file to use instead of the bundle's rules.json"),
            OptionSpec(name: "notes", valueName: "DIR", help: "Notes directory (default ARCHIVE/.exhibit/notes or $XDG_STATE_HOME/exhibit/notes)"),
        ],
        summary: "Export the triage note (Markdown or JSON) for the issue tracker",
        details: """
            Without --class the note carries the run's triage record when one exists, else the
            classifier's proposal. With --class the classification is confirmed and recorded, with
            --comment and --issue, who ($EXHIBIT_USER, git config user.name or $USER) and when.
            Absolute paths, home directories and credentials are redacted, and the note says so.
            FILE is written atomically and never replaced without --force; it is checked before a
            --class is recorded, and never inside a run of the archive or a .xcresult, even with --force.
            Exit status 0 on success, 2 on usage errors, an unreadable RUN or an unwritable FILE.
            """)

    static func run(_ args: ParsedArguments, _ console: Console) throws -> Int32 {
        if args.value("class") == nil && (args.value("comment") != nil || args.value("issue") != nil) {
            throw UsageError(message: "--comment and --issue belong to a classification: add --class", command: spec.name)
        }
        let (url, bundle) = try RunInput.loadRunWithURL(args.positionals[0])
        let report = try RulesInput.check(bundle, override: args.value("rules"))
        let environment = ProcessInfo.processInfo.environment
        let store = NotesStore.locate(archive: url.deletingLastPathComponent().path, override: args.value("notes"),
                                      environment: environment)
        let output = args.value("output") ?? "-"
        // Everything that can be known about FILE before the class is recorded, so a
        // refused FILE never leaves a record behind without a word.
        if output != "-" { try checkOutput(output, run: url, force: args.has("force")) }
        var record: TriageRecord?
        var recordedAt: String?
        if let cls = args.value("class").flatMap(FailureClass.init(rawValue:)) {
            let confirmed = TriageRecord(
                runID: bundle.runID, failureClass: cls, comment: oneLine(args.value("comment") ?? ""),
                issue: args.value("issue").map(oneLine), author: TriageAuthor.current(environment: environment),
                time: Date().timeIntervalSince1970, proposed: report.proposal.proposed)
            do {
                recordedAt = try store.save(confirmed)
            } catch {
                throw InputError(description: error.description)
            }
            record = confirmed
        } else {
            do {
                record = try store.record(for: bundle.runID)
            } catch {
                console.error("exhibit: warning: ignoring the triage record: \(TerminalText.sanitized(error.description))")
            }
        }
        let note = TriageNote(bundle: bundle, report: report, record: record)
        let text = args.value("format") == TriageNote.Format.json.rawValue ? note.json() : note.markdown()
        if output == "-" {
            console.write(text)
        } else {
            do {
                try AtomicFile.write(Array(text.utf8), to: output, overwrite: args.has("force"))
            } catch {
                // The record is kept (it is what the person decided); say so.
                let kept = recordedAt.map { "; the classification was recorded in \($0) all the same" } ?? ""
                throw InputError(description: error.description + kept)
            }
            console.error("exhibit: wrote the triage note to \(TerminalText.escape(output))")
        }
        return Exhibit.ExitStatus.success
    }

    /// Refuses a FILE inside the run, inside any other run of its archive or inside a
    /// result bundle (`--force` or not: evidence is never written to), an existing FILE
    /// without `--force`, and a FILE whose directory cannot take it.
    static func checkOutput(_ output: String, run url: URL, force: Bool) throws {
        let archive = url.deletingLastPathComponent().path
        if isInside(output, directory: url.path) {
            throw InputError(description: "\(output): is inside the run; the evidence is never written to (choose another FILE)")
        }
        if let evidence = RunLocator.evidence(enclosing: output, archive: archive) {
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

    /// Whether `path` (which may not exist yet) resolves to a place under `directory`.
    static func isInside(_ path: String, directory: String) -> Bool {
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().resolvingSymlinksInPath().path
        let root = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
        return parent == root || parent.hasPrefix(root + "/")
    }

    /// Comments and issue references are one line: a newline would break the note's layout.
    static func oneLine(_ s: String) -> String {
        String(s.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}
