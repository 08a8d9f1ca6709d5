import ExhibitApp
import ExhibitCore
import ExhibitRules

/// `exhibit runs ARCHIVE`: the archive UI's run list, headless.
enum RunsCommand {
    static let spec = CommandSpec(
        name: "runs", positionals: ["ARCHIVE"],
        options: [
            OptionSpec(
                name: "format", valueName: "FORMAT", choices: RunListFormatter.Format.allCases.map(\.rawValue),
                help: "Output format (default text)"),
            OptionSpec(name: "rules", valueName: "FILE", help: "Rules file for every run instead of each run's rules.json"),
            OptionSpec(name: "notes", valueName: "DIR", help: "Notes directory (default ARCHIVE/.exhibit/notes or $XDG_STATE_HOME/exhibit/notes)"),
        ],
        summary: "List the runs of an archive: date, commit, failed tests, blocking violations, triage status",
        details: """
            One line per run, newest first (run.json startTime, else the results' start time, else a
            date in the run id). U, M and C count blocking violations: unset attribute, misplaced
            file, skipped cleanup; "?" (null in JSON) where not known: a blocking rule of the kind is
            undecided because the files' exclusion flags are not recorded. TRIAGE is the confirmed
            class from the notes directory, else the classifier's proposal, else untriaged; ", draft"
            marks an unfinished classification. No class is proposed where check would not decide
            (inventory.json present but broken, a blocking rule undecided, part of the container not
            checked). Each run's problems follow the table; a subdirectory that cannot be looked into
            (no permission, a loop of links) is listed with its problem, never left out.
            Exit status 0 when a run of the archive was read (its test results or its container
            inventory), the others listed with their problems; 2 when ARCHIVE is not an archive of
            runs, or when none of its runs could be read (each is still listed with its problem).
            """)

    static func run(_ args: ParsedArguments, _ console: Console) throws -> Outcome {
        let archive = try ArchiveInput(
            path: args.positionals[0], rulesOverride: args.value("rules"),
            notesOverride: args.value("notes"))
        let summaries = archive.summaries()
        let json = args.value("format") == RunListFormatter.Format.json.rawValue
        console.write(json ? RunListFormatter.json(summaries) : RunListFormatter.text(summaries))
        // Listed, but a list of runs none of which could be read is no list to act on.
        guard !summaries.contains(where: \.evidenceRead) else { return .success }
        let n = summaries.count
        console.error(
            "exhibit: \(TerminalText.escape(args.positionals[0])): \(n == 1 ? "its one run could not" : "none of its \(n) runs could") be read "
                + "(neither test results nor a container inventory); \(n == 1 ? "it is" : "each is") listed with its problem")
        return .unusableInput
    }
}
