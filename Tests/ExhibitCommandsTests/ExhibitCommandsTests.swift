import Testing

@testable import ExhibitCommands

@Suite struct ArgumentParserTests {
    let spec = CommandSpec(
        name: "check", positionals: ["RUN"],
        options: [
            OptionSpec(name: "rules", valueName: "FILE", help: "r"),
            OptionSpec(name: "format", valueName: "FORMAT", choices: ["text", "json"], help: "f"),
            OptionSpec(name: "output", short: "o", valueName: "FILE", help: "o"),
            OptionSpec(name: "force", help: "x"),
        ],
        summary: "s", details: "")

    @Test func parsesOptionsInEveryForm() throws {
        let p = try ArgumentParser.parse(["--rules", "r.json", "RUN", "--format=json", "-o", "-", "--force"], for: spec)
        #expect(p.positionals == ["RUN"])
        #expect(p.value("rules") == "r.json")
        #expect(p.value("format") == "json")
        #expect(p.value("output") == "-")
        #expect(p.has("force"))
    }

    @Test func doubleDashEndsOptions() throws {
        let p = try ArgumentParser.parse(["--", "--weird-run-name"], for: spec)
        #expect(p.positionals == ["--weird-run-name"])
    }

    @Test func rejectsMistakesWithAMessage() {
        #expect(throws: UsageError(message: "unknown option '--nope'", command: "check")) {
            try ArgumentParser.parse(["RUN", "--nope"], for: spec)
        }
        #expect(throws: UsageError(message: "option '--format' expects one of text, json, not 'xml'", command: "check")) {
            try ArgumentParser.parse(["RUN", "--format", "xml"], for: spec)
        }
        #expect(throws: UsageError(message: "option '--rules' expects FILE", command: "check")) {
            try ArgumentParser.parse(["RUN", "--rules"], for: spec)
        }
        #expect(throws: UsageError(message: "missing RUN", command: "check")) {
            try ArgumentParser.parse([], for: spec)
        }
        #expect(throws: UsageError(message: "unexpected argument 'B'", command: "check")) {
            try ArgumentParser.parse(["A", "B"], for: spec)
        }
        #expect(throws: UsageError(message: "option '--force' takes no value", command: "check")) {
            try ArgumentParser.parse(["A", "--force=yes"], for: spec)
        }
    }

    @Test func helpListsEveryOption() {
        let help = spec.helpText
        #expect(help.hasPrefix("usage: exhibit check RUN [--rules FILE] [--format text|json] [--output FILE] [--force]\n"))
        for o in spec.options { #expect(help.contains("--\(o.name)")) }
        #expect(help.contains("-o, --output FILE"))
    }
}

@Suite struct DispatchTests {
    @Test func versionAndHelp() {
        let c = Console.capturing()
        #expect(Exhibit.run(["--version"], console: c) == 0)
        #expect(c.captured?.out == "exhibit \(Exhibit.version)\n")
        let h = Console.capturing()
        #expect(Exhibit.run(["--help"], console: h) == 0)
        for command in CommandTable.commands { #expect(h.captured!.out.contains(command.spec.name)) }
        let one = Console.capturing()
        #expect(Exhibit.run(["help", "summary"], console: one) == 0)
        #expect(one.captured!.out.hasPrefix("usage: exhibit summary RUN"))
    }

    @Test func helpAfterARunPrintsHelpInsteadOfOpeningTheUI() {
        for arguments in [["SampleArchives/run-2026-11-02-baseline", "--help"], ["--rules", "r.json", "RUN", "-h"]] {
            let c = Console.capturing()
            #expect(Exhibit.run(arguments, console: c) == 0)
            #expect(c.captured!.out == CommandTable.overview)
            #expect(c.captured!.err.isEmpty)
        }
    }

    @Test func unknownCommandHelpIsAUsageError() {
        let c = Console.capturing()
        #expect(Exhibit.run(["help", "frobnicate"], console: c) == 2)
        #expect(c.captured!.err.contains("no command named 'frobnicate'"))
    }

    @Test func missingRunIsOneLineAndExitTwo() {
        let c = Console.capturing()
        #expect(Exhibit.run(["summary", "/nonexistent/run-1"], console: c) == 2)
        #expect(c.captured!.err == "exhibit: /nonexistent/run-1: no such file or directory\n")
    }

    @Test func fileInsteadOfDirectoryIsRefused() {
        let c = Console.capturing()
        #expect(Exhibit.run(["summary", "/etc/hostname"], console: c) == 2)
        #expect(c.captured!.err.contains("is a file; expected a run directory"))
    }

    @Test func badOptionPrintsUsage() {
        let c = Console.capturing()
        #expect(Exhibit.run(["summary", "x", "--format", "yaml"], console: c) == 2)
        #expect(c.captured!.err.contains("usage: exhibit summary RUN [--format text|json]"))
    }
}
