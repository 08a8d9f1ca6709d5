import ExhibitApp
import ExhibitCore
import ExhibitRules
import Foundation

/// `exhibit note RUN`: the triage note for the issue tracker, headless.
enum NoteCommand {
    static let spec = CommandSpec(
        name: "note", positionals: ["RUN"],
        options: [
            OptionSpec(
                name: "class", valueName: "CLASS", choices: FailureClass.allCases.map(\.rawValue),
                help: "Confirm this classification (recorded in the notes directory)"),
            OptionSpec(name: "comment", valueName: "TEXT", help: "One-line comment for the classification"),
            OptionSpec(name: "issue", valueName: "REF", help: "Linked issue id or URL"),
            OptionSpec(
                name: "format", valueName: "FORMAT", choices: TriageNote.Format.allCases.map(\.rawValue),
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
            --comment and --issue, who ($EXHIBIT_USER, git config user.name or $USER) and when;
            earlier classifications stay in the record's history, and a note exported beside the
            record is rewritten with it.
            Absolute paths, home directories and credentials are redacted, and the note says so; a word
            that would mention someone or link an issue in GitHub or GitLab (@team, #12, !34) is
            written as code. FILE is written atomically and never replaced without --force; it is
            checked before a --class is recorded, and never inside a run of the archive, a run holding
            RUN (a result bundle opened from RUN/results/) or a .xcresult, even with --force.
            Exit status 0 on success, 2 on usage errors, an unreadable RUN or an unwritable FILE.
            """)

    static func run(_ args: ParsedArguments, _ console: Console) throws -> Outcome {
        if args.value("class") == nil && (args.value("comment") != nil || args.value("issue") != nil) {
            throw UsageError(message: "--comment and --issue belong to a classification: add --class", command: spec.name)
        }
        let output = args.value("output") ?? "-"
        let request = NoteExport.Request(
            run: args.positionals[0], rulesOverride: args.value("rules"), notesOverride: args.value("notes"),
            confirm: args.value("class").flatMap(FailureClass.init(rawValue:)), comment: args.value("comment"),
            issue: args.value("issue"), format: args.value("format").flatMap(TriageNote.Format.init(rawValue:)) ?? .markdown,
            output: output == "-" ? nil : output, force: args.has("force"))
        let made = try NoteExport.run(
            request, environment: ProcessInfo.processInfo.environment, watching: StderrLoadProgress(console: console))
        for message in made.messages { console.error("exhibit: " + message) }
        if let text = made.text { console.write(text) }
        return .success
    }
}
