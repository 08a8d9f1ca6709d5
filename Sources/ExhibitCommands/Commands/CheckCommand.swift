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
            2 on usage errors, an unreadable RUN or a rules file with errors.
            """)

    static func run(_ args: ParsedArguments, _ console: Console) throws -> Int32 {
        let bundle = try RunInput.loadRun(args.positionals[0])
        let report = try RulesInput.check(bundle, override: args.value("rules"))
        if args.value("format") == "json" {
            console.write(CheckReportFormatter.json(report, runID: bundle.runID))
        } else {
            console.write(CheckReportFormatter.text(report, runID: bundle.runID))
        }
        return report.hasBlocking ? Exhibit.ExitStatus.blocking : Exhibit.ExitStatus.success
    }
}
