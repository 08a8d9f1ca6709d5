import ExhibitTUI
import Foundation
import Testing

@testable import ExhibitApp
@testable import ExhibitCommands

/// `ExitStatus.code(for:)` is the one mapping from outcome to exit status; exhibit(1)
/// EXIT STATUS and the `--help` overview are held to it here.
@Suite struct ExitStatusManualTests {
    /// The EXIT STATUS section as tag → text: `.It` tags with their macros dropped
    /// (`128+ Ns Ar N` is `128+N`), each item's lines joined as mandoc prints them.
    static func manualItems() throws -> [String: String] {
        let page = try String(contentsOfFile: ManualCommandsTests.manPage, encoding: .utf8)
        guard let start = page.range(of: ".Sh EXIT STATUS\n") else { return [:] }
        let section = page[start.upperBound...].prefix { _ in true }
        let end = section.range(of: "\n.Sh ")?.lowerBound ?? section.endIndex
        var items: [String: String] = [:]
        var tag: String?
        for line in section[..<end].split(separator: "\n").map(String.init) {
            if line.hasPrefix(".It ") {
                tag = String(line.dropFirst(4)).replacingOccurrences(of: " Ns ", with: "")
                    .replacingOccurrences(of: "Ar ", with: "")
                items[tag!] = ""
                continue
            }
            guard let current = tag, !line.hasPrefix(".Bl"), !line.hasPrefix(".El") else { continue }
            var text = line
            if text.hasPrefix(".") { text = String(text.drop { $0 != " " }.dropFirst()) }
            items[current, default: ""] += (items[current]!.isEmpty ? "" : " ") + text
        }
        return items
    }

    @Test func everyOutcomeIsDocumentedUnderItsStatus() throws {
        let items = try Self.manualItems()
        #expect(!items.isEmpty, "exhibit(1) has no EXIT STATUS list")
        for outcome in Outcome.every {
            let tag = ExitStatus.manualTag(for: outcome)
            let text = try #require(items[tag], "exhibit(1) EXIT STATUS lists no \(tag) (for \(outcome))")
            #expect(
                text.contains(ExitStatus.meaning(of: outcome).manual),
                "exhibit(1) under \(tag) does not say \"\(ExitStatus.meaning(of: outcome).manual)\": \(text)")
        }
        let mapped = Set(Outcome.every.map(ExitStatus.manualTag(for:)))
        #expect(Set(items.keys) == mapped, "exhibit(1) lists statuses no outcome maps to, or misses some")
    }

    @Test func theMappingIsTheNumbersTheManualNames() {
        for outcome in Outcome.every {
            let code = ExitStatus.code(for: outcome)
            if case .signalled(let n) = outcome {
                #expect(code == 128 + n)
            } else {
                #expect(String(code) == ExitStatus.manualTag(for: outcome))
            }
        }
    }

    @Test func theOverviewSaysEveryStatus() {
        let overview = CommandTable.overview
        #expect(overview.contains(ExitStatus.overview))
        let paragraph = ExitStatus.overview.replacingOccurrences(of: "\n", with: " ")
        for outcome in Outcome.every {
            #expect(paragraph.contains(ExitStatus.meaning(of: outcome).overview), "the overview does not say \(outcome)")
        }
        #expect(paragraph.contains("128+N ended by signal N"))
        #expect(ExitStatus.overview.split(separator: "\n").allSatisfy { $0.count <= 100 })
    }

    /// The UI's statuses (`TerminalApp.Status`) as outcomes: a lost terminal is 1, no
    /// terminal 2, a load stopped on the loading screen 3, a signal 128+N.
    @Test func theUIsStatusesMapThroughTheOneTable() {
        #expect(ExitStatus.code(for: OpenCommand.outcome(of: TerminalApp.Status.ok)) == 0)
        #expect(ExitStatus.code(for: OpenCommand.outcome(of: TerminalApp.Status.failure)) == 1)
        #expect(OpenCommand.outcome(of: TerminalApp.Status.failure) == .terminalLost)
        #expect(ExitStatus.code(for: OpenCommand.outcome(of: TerminalApp.Status.noTerminal)) == 2)
        #expect(OpenCommand.outcome(of: TerminalApp.Status.aborted) == .loadAborted)
        #expect(ExitStatus.code(for: OpenCommand.outcome(of: TerminalApp.Status.aborted)) == 3)
        #expect(ExitStatus.code(for: OpenCommand.outcome(of: TerminalApp.Status.signalled(15))) == 143)
        #expect(ExitStatus.code(for: OpenCommand.outcome(of: TerminalApp.Status.signalled(1))) == 129)
    }
}

/// Opening a run is the command table's default command, so its `--help` falls out
/// of the table like every other command's.
@Suite struct DefaultCommandTests {
    @Test func anythingThatNamesNoCommandIsTheDefault() {
        #expect(CommandTable.command(for: []).command.spec.name == OpenCommand.spec.name)
        #expect(CommandTable.command(for: ["SampleArchives/run-1", "--help"]).arguments == ["SampleArchives/run-1", "--help"])
        #expect(CommandTable.command(for: ["--rules", "r.json", "RUN"]).command.spec.name == OpenCommand.spec.name)
        let summary = CommandTable.command(for: ["summary", "RUN"])
        #expect(summary.command.spec.name == "summary")
        #expect(summary.arguments == ["RUN"])
        #expect(!CommandTable.commands.contains { $0.spec.name == OpenCommand.spec.name })
    }

    @Test func runHelpPrintsHelpAndOpensNothing() {
        for arguments in [["SampleArchives/run-2026-11-02-baseline", "--help"], ["-h"], ["--help"], ["/nonexistent", "-h"]] {
            let c = Console.capturing()
            #expect(Exhibit.run(arguments, console: c) == 0)
            #expect(c.captured!.out == CommandTable.defaultCommand.help())
            #expect(c.captured!.out.hasPrefix("exhibit \(Exhibit.version): triage"))
            #expect(c.captured!.err.isEmpty)
        }
        let open = Console.capturing()
        #expect(Exhibit.run(["help", "open"], console: open) == 0)
        #expect(open.captured!.out == OpenCommand.spec.helpText)
    }

    @Test func aCommandsHelpComesFromItsSpec() {
        for command in CommandTable.commands {
            let c = Console.capturing()
            #expect(Exhibit.run([command.spec.name, "--help"], console: c) == 0)
            #expect(c.captured!.out == command.spec.helpText)
        }
    }

    @Test func aMistypedOptionBeforeARunIsTheDefaultCommandsUsageError() {
        let c = Console.capturing()
        #expect(Exhibit.run(["--frobnicate", "RUN"], console: c) == 2)
        #expect(c.captured!.err.contains("unknown option '--frobnicate'"))
        #expect(c.captured!.err.contains("usage: exhibit open"))
    }
}
