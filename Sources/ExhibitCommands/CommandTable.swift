import ExhibitApp

/// Every subcommand, in the order `exhibit --help` lists them, and the default command
/// (opening the UI) that runs when the first argument names none. Adding a command
/// here is all it takes to make it parse, dispatch and appear in the help.
enum CommandTable {
    struct Command: Sendable {
        var spec: CommandSpec
        var run: @Sendable (ParsedArguments, Console) throws -> Outcome
        /// What `--help` after the command prints.
        var help: @Sendable () -> String = { "" }
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
    ].map { command in
        var c = command
        let spec = command.spec
        c.help = { spec.helpText }
        return c
    }

    /// `exhibit [RUN | ARCHIVE]` and `exhibit --rules r.json RUN`: anything that does not
    /// start with a command's name. Its `--help` (`exhibit RUN --help`, `exhibit -h`) is
    /// the overview, since it is what `exhibit` alone does; `exhibit help open` gives
    /// its options.
    static let defaultCommand = Command(spec: OpenCommand.spec, run: OpenCommand.run, help: { overview })

    /// The command `arguments` name and the arguments left for it.
    static func command(for arguments: [String]) -> (command: Command, arguments: [String]) {
        if let first = arguments.first, let command = commands.first(where: { $0.spec.name == first }) {
            return (command, Array(arguments.dropFirst()))
        }
        return (defaultCommand, arguments)
    }

    static func spec(named name: String) -> CommandSpec? {
        if name == defaultCommand.spec.name { return defaultCommand.spec }
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

            \(ExitStatus.overview)
            A run is a directory holding results/ or container/ (besides run.json, steps.tsv and
            rules.json); see exhibit-bundle(5) and exhibit-rules(5).

            """
        return s
    }
}
