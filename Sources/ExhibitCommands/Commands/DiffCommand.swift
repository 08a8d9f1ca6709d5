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
            """
            Files are matched by relative path; both runs are checked against RUN's rules.
            Exit status 0 when both inventories were read and check would decide on both runs;
            2 when an inventory could not be read (the file, position and what was expected are
            named), RUN's rules file has errors, or either run's evidence is what check would not
            decide on: container/inventory.json present but broken, a blocking rule undecided
            because the files' exclusion flags are not recorded, part of the container not
            checked. Then the text says "Not decided" with the reasons per run, the JSON has
            "decided": false and "notDecided" (base, run), and "regressions" counts only what is
            known: never read it as a pass without "decided". The status does not depend on what
            changed: a gate reads "regressions" and "decided" from the JSON.
            """)

    static func run(_ args: ParsedArguments, _ console: Console) throws -> Outcome {
        let runs = try DiffRuns(
            basePath: args.positionals[0], runPath: args.positionals[1], rulesOverride: args.value("rules"),
            watching: StderrLoadProgress(console: console))
        console.write(args.value("format") == "json" ? runs.json : runs.text)
        guard let refusal = runs.refusal else { return .success }
        console.error("exhibit: " + refusal)
        return .notChecked
    }
}
