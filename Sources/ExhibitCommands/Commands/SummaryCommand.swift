import ExhibitApp
import ExhibitCore
import ExhibitRules

/// `exhibit summary RUN`: what the bundle holds.
enum SummaryCommand {
    static let spec = CommandSpec(
        name: "summary", positionals: ["RUN"],
        options: [OptionSpec(name: "format", valueName: "FORMAT", choices: ["text", "json"], help: "Output format (default text)")],
        summary: "Print run metadata, test counts, failing tests, container totals and which evidence loaded",
        details: """
            The test counts are those of the richest results file, named beside them; another file whose
            counts differ is printed under them, and the failing tests of every file are listed, a test
            only another file records marked "only in FILE". A count no file recorded is left out (null
            in JSON), never 0.
            Exit status 0 when the bundle was read (malformed files are listed, not fatal), 2 when RUN cannot be read.
            """)

    static func run(_ args: ParsedArguments, _ console: Console) throws -> Outcome {
        let bundle = try RunInput.loadRun(args.positionals[0], watching: StderrLoadProgress(console: console))
        console.write(args.value("format") == "json" ? SummaryReport.json(bundle) : SummaryReport.text(bundle))
        return .success
    }
}
