import Foundation
import Testing

@testable import ExhibitCommands

/// exhibit(1) documents every command and every option the command table accepts.
@Suite struct ManualCommandsTests {
    static let manPage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("man/exhibit.1").path

    @Test func everyCommandAndOptionIsInTheManPage() throws {
        let page = try String(contentsOfFile: Self.manPage, encoding: .utf8)
        for command in CommandTable.commands.map(\.spec) + [OpenCommand.spec] {
            if command.name != OpenCommand.spec.name {
                #expect(page.contains(".It Cm \(command.name)"), "exhibit(1) does not describe \(command.name)")
                #expect(page.contains(".Cm \(command.name)\n"), "exhibit(1) SYNOPSIS lacks \(command.name)")
            }
            for option in command.options {
                #expect(page.contains("Fl -\(option.name)"), "exhibit(1) lacks --\(option.name) of \(command.name)")
            }
        }
    }

    @Test func helpOverviewListsEveryCommand() {
        for command in CommandTable.commands {
            #expect(CommandTable.overview.contains("  \(command.spec.name)"))
        }
    }
}
