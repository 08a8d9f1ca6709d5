import ExhibitApp

/// `exhibit diff BASE RUN`: what did this change break, and what did it start writing?
enum DiffCommand {
    static let spec = CommandSpec(
        name: "diff", positionals: ["BASE", "RUN"],
        options: [
            OptionSpec(name: "format", valueName: "FORMAT", choices: ["text", "json"], help: "Output format (default text)"),
            OptionSpec(name: "rules", valueName: "FILE", help: "Rules file to use instead of RUN's rules.json"),
        ],
        summary:
            "Compare RUN with BASE: violations new and fixed, exclusion flags changed, tests newly failing, fixed and flaky, files moved, added, removed and grown",
        details:
            "Files are matched by relative path; both runs are checked against RUN's rules. Exit status 0 when both inventories were read, 2 otherwise.")

    static func run(_ args: ParsedArguments, _ console: Console) throws -> Outcome {
        let runs = try DiffRuns(
            basePath: args.positionals[0], runPath: args.positionals[1], rulesOverride: args.value("rules"),
            watching: StderrLoadProgress(console: console))
        console.write(args.value("format") == "json" ? runs.json : runs.text)
        return .success
    }
}
