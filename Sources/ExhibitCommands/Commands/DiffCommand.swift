import ExhibitApp

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

    static func run(_ args: ParsedArguments, _ console: Console) throws -> Outcome {
        let runs = try DiffRuns(basePath: args.positionals[0], runPath: args.positionals[1], rulesOverride: args.value("rules"))
        console.write(args.value("format") == "json" ? runs.json : runs.text)
        return .success
    }
}
