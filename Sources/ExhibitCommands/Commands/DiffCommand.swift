import ExhibitCore
import ExhibitIO

/// `exhibit diff BASE RUN`: what did this change start writing?
enum DiffCommand {
    static let spec = CommandSpec(
        name: "diff", positionals: ["BASE", "RUN"],
        options: [
            OptionSpec(name: "format", valueName: "FORMAT", choices: ["text", "json"], help: "Output format (default text)"),
            OptionSpec(name: "rules", valueName: "FILE", help: "Rules file to use instead of RUN's rules.json"),
        ],
        summary: "List files added, removed and grown from BASE's inventory to RUN's, with RUN's steps and violations",
        details: "Files are matched by relative path. Exit status 0 when both inventories were read, 2 otherwise.")

    static func run(_ args: ParsedArguments, _ console: Console) throws -> Int32 {
        let base = try RunInput.loadRun(args.positionals[0])
        let run = try RunInput.loadRun(args.positionals[1])
        guard let baseInventory = base.inventory else { throw InputError(description: "\(args.positionals[0]): no container inventory") }
        guard let runInventory = run.inventory else { throw InputError(description: "\(args.positionals[1]): no container inventory") }
        let report = try RulesInput.check(run, override: args.value("rules"))
        let diff = InventoryDiff(base: baseInventory, run: runInventory, report: report)
        let json = args.value("format") == "json"
        console.write(json ? diff.json(base: base.runID, run: run.runID) : diff.text(base: base.runID, run: run.runID))
        return Exhibit.ExitStatus.success
    }
}
