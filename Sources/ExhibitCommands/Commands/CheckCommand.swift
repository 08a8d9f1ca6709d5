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
            2 on usage errors, an unreadable RUN, a rules file with errors, or a run whose container
            inventory is missing or malformed (nothing could be checked).
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
        // inventory there is nothing to hold against the rules.
        guard bundle.inventory != nil else {
            let why = [EvidenceLayout.inventoryJSON, EvidenceLayout.filesList].compactMap { file -> String? in
                guard case .malformed(let d)? = bundle.status(of: file) else { return nil }
                return d.description
            }
            console.error("exhibit: \(TerminalText.escape(bundle.runID)): no container inventory could be read, so the backup boundary was not checked"
                + (why.isEmpty ? " (container/inventory.json and container/files.txt are missing)"
                    : ": " + TerminalText.sanitized(why.joined(separator: "; "))))
            return Exhibit.ExitStatus.usage
        }
        return report.hasBlocking ? Exhibit.ExitStatus.blocking : Exhibit.ExitStatus.success
    }
}
