/// Every subcommand, in the order `exhibit --help` lists them. Adding a command here
/// is all it takes to make it parse, dispatch and appear in the help.
enum CommandTable {
    struct Command: Sendable {
        var spec: CommandSpec
        var run: @Sendable (ParsedArguments, Console) throws -> Int32
    }

    static let commands: [Command] = [
        Command(spec: SummaryCommand.spec, run: SummaryCommand.run),
        Command(spec: CheckCommand.spec, run: CheckCommand.run),
        Command(spec: NoteCommand.spec, run: NoteCommand.run),
        Command(spec: RunsCommand.spec, run: RunsCommand.run),
        Command(spec: DiffCommand.spec, run: DiffCommand.run),
        Command(spec: VerifyCommand.spec, run: VerifyCommand.run),
        Command(spec: GenerateCommand.spec, run: GenerateCommand.run),
        Command(spec: CollectCommand.spec, run: CollectCommand.run),
        Command(spec: BenchKeysCommand.spec, run: BenchKeysCommand.run),
    ]

    static func spec(named name: String) -> CommandSpec? {
        if name == OpenCommand.spec.name { return OpenCommand.spec }
        return commands.first(where: { $0.spec.name == name })?.spec
    }

    static var overview: String {
        var s = """
            exhibit \(Exhibit.version): triage archived iOS backup-boundary test failures

            usage: exhibit [RUN | ARCHIVE]       open the triage UI on a run, or the run list of an archive
                                                 (default: the current directory); RUN may be an X.xcresult
                   exhibit COMMAND [ARGS...]
                   exhibit help COMMAND

            commands:

            """
        let width = commands.map { $0.spec.name.count }.max() ?? 0
        for c in commands { s += "  " + c.spec.name.padding(to: width) + "  " + c.spec.summary + "\n" }
        s += """

            options:
              -h, --help     Show this help (exhibit help COMMAND for one command)
              -V, --version  Print the version

            exit status: 0 success; 1 check found a blocking violation, verify a damaged result bundle;
            2 usage error or unreadable input.
            A run is a directory holding results/, container/, run.json, steps.tsv and rules.json;
            see exhibit-bundle(5) and exhibit-rules(5).

            """
        return s
    }
}
