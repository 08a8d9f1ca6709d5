import ExhibitApp
import ExhibitCore
import ExhibitRules

/// `exhibit check RUN`: the pre-merge gate.
enum CheckCommand {
    static let spec = CommandSpec(
        name: "check", positionals: ["RUN"],
        options: [
            OptionSpec(name: "rules", valueName: "FILE", help: "Rules file to use instead of the bundle's rules.json"),
            OptionSpec(name: "format", valueName: "FORMAT", choices: ["text", "json"], help: "Output format (default text)"),
        ],
        summary: "Check the container against the backup rules and propose a classification",
        details: """
            Prints violations grouped by kind (unset attribute, misplaced file, skipped cleanup,
            configuration, preference contract, then the warnings: volume over budget, not covered by a
            rule) and the proposed classification.
            Exit status 0 when nothing blocks (warnings allowed), 1 when a blocking violation exists,
            2 on usage errors, an unreadable RUN, a rules file with errors (unreadable included), or a
            run whose container inventory is missing, malformed or unreadable (nothing could be checked;
            a files.txt naming nothing in the container is malformed); also when container/inventory.json
            is present but broken, even if files.txt could stand in, when container/excluded.txt or
            xattr.txt is present but cannot be used or is in doubt (a line it cannot place, a last line
            without its line end), when the inventory is not an app data container's (its top level
            holds none of Documents, Library, tmp, ...), or files.txt may be cut or misread (a last line
            without its line end, a NUL-delimited record holding a line feed): the findings may be
            wrong, whatever they are; and when nothing known blocks but a blocking rule is undecided
            because the exclusion flags of the files it covers are unknown (not recorded, or recorded
            as unreadable by the collector: listed under "undecided", which says which), or part of the
            container was not checked (entries the scan excluded or could not read, names no file can
            have; listed under "not checked", as are the cases above), or a preference contract or background task could not
            be checked: the preference copy it names is missing, unreadable or malformed while the
            inventory lists the file (or cannot rule it out), or the rules declare background tasks and
            app/Info.plist is missing, unreadable or malformed (listed under "not checked" with the file
            and why, a malformed file's diagnostic with the position and what was expected; those
            contracts and the background-task verdict say "not checked" and "not decided", never valid
            or a cause). A preference file the inventory shows the container never held has its keys
            absent: the contracts' fallbacks judge them.
            Without a container inventory the container's violations are unknown, not none: the
            report says "violations: unknown" and proposes no class ("none (container not checked)").
            Before the result, an evidence section says which inventory was used and why, what of the
            container was not checked, every artifact that could not be used, and the bundle's
            diagnostics.
            Where the run's timeline (the result bundle's session log, activities and failure
            times) and the files' birth or modification times (container/times.txt) allow, each
            violation also names the step inferred to have created its file, with its confidence
            (exact, likely, boundary); a step recorded in steps.tsv is kept and the inferred one is
            shown only where they disagree, and a "creation steps" line counts how often they agree.
            """)

    static func run(_ args: ParsedArguments, _ console: Console) throws -> Outcome {
        let gate = try GateRun(
            path: args.positionals[0], rulesOverride: args.value("rules"), watching: StderrLoadProgress(console: console))
        let steps = CreationSteps(bundle: gate.bundle)
        if args.value("format") == "json" {
            console.writeStreamed { CheckReportFormatter.writeJSON(gate.report, runID: gate.bundle.runID, steps: steps, to: $0) }
        } else {
            console.writeStreamed { CheckReportFormatter.writeText(gate.report, runID: gate.bundle.runID, steps: steps, to: $0) }
        }
        let verdict = gate.verdict
        if let refusal = verdict.refusal { console.error("exhibit: " + refusal) }
        return verdict.outcome
    }
}
