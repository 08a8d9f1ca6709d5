import ExhibitCore
import ExhibitIO

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
            Prints violations grouped by kind (unset attribute, misplaced file, skipped cleanup, then the
            warnings: volume over budget, not covered by a rule) and the proposed classification.
            Exit status 0 when nothing blocks (warnings allowed), 1 when a blocking violation exists,
            2 on usage errors, an unreadable RUN, a rules file with errors (unreadable included), or a
            run whose container inventory is missing, malformed or unreadable (nothing could be checked);
            also when container/inventory.json is present but broken, even if files.txt could stand in,
            and when nothing known blocks but a blocking rule is undecided because the exclusion flags
            of the files it covers are not recorded (listed under "undecided").
            Before the result, an evidence section says which inventory was used and why, every
            artifact that could not be used, and the bundle's diagnostics.
            """)

    static func run(_ args: ParsedArguments, _ console: Console) throws -> Int32 {
        let bundle = try RunInput.loadRun(args.positionals[0])
        let report = try RulesInput.check(bundle, override: args.value("rules"))
        if args.value("format") == "json" {
            console.writeStreamed { CheckReportFormatter.writeJSON(report, runID: bundle.runID, to: $0) }
        } else {
            console.writeStreamed { CheckReportFormatter.writeText(report, runID: bundle.runID, to: $0) }
        }
        // A gate must not pass on evidence it could not read: without a container
        // inventory there is nothing to hold against the rules, and a broken
        // inventory.json (the one the bundle meant) is not replaced by files.txt.
        guard bundle.inventory != nil else {
            let why = [EvidenceLayout.inventoryJSON, EvidenceLayout.filesList].compactMap { file -> String? in
                switch bundle.status(of: file) {
                case .malformed(let d)?: d.description
                case .unreadable(let reason)?: "\(file): cannot be read: \(reason)"
                default: nil
                }
            }
            console.error("exhibit: \(TerminalText.escape(bundle.runID)): no container inventory could be read, so the backup boundary was not checked"
                + (why.isEmpty ? " (container/inventory.json and container/files.txt are missing)"
                    : ": " + TerminalText.sanitized(why.joined(separator: "; "))))
            return Exhibit.ExitStatus.usage
        }
        if let problem = report.evidence?.authoritativeInventoryProblem {
            console.error("exhibit: \(bundle.runID): \(problem); the run was not checked against it, so the gate fails closed"
                + " (the findings above are from \(bundle.inventorySource ?? "?"))")
            return Exhibit.ExitStatus.usage
        }
        if report.hasBlocking { return Exhibit.ExitStatus.blocking }
        // Nothing known blocks, but a blocking rule could not be decided: not a pass.
        if report.hasUndecidedBlocking {
            console.error("exhibit: \(bundle.runID): \(report.undecidedRules.count) blocking rule(s) undecided: the exclusion flags of the files they cover are not recorded")
            return Exhibit.ExitStatus.usage
        }
        return Exhibit.ExitStatus.success
    }
}
