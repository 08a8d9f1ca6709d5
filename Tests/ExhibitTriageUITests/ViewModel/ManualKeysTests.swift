import Foundation
import Testing

@testable import ExhibitCore
@testable import ExhibitTriageUI

/// exhibit(1) lists exactly the keys the action table binds.
@Suite struct ManualKeysTests {
    static let manPage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("man/exhibit.1").path

    @Test func manPageKeysSectionMatchesTheActionTable() throws {
        let page = try String(contentsOfFile: Self.manPage, encoding: .utf8)
        let expected = KeyBindings.manualSection()
        guard let start = page.range(of: ".Sh KEYS\n") else {
            Issue.record("man/exhibit.1 has no KEYS section")
            return
        }
        let rest = page[start.lowerBound...]
        let end = rest.dropFirst(4).range(of: "\n.Sh ")?.lowerBound ?? rest.endIndex
        let actual = String(rest[rest.startIndex..<end]) + "\n"
        if actual != expected, ProcessInfo.processInfo.environment["EXHIBIT_UPDATE_GOLDEN"] == "1" {
            let updated = page.replacingCharacters(in: start.lowerBound..<end, with: String(expected.dropLast()))
            try updated.write(toFile: Self.manPage, atomically: true, encoding: .utf8)
            return
        }
        #expect(actual == expected)
    }

    @Test func everyBindingAppearsInTheManualOnce() {
        let section = KeyBindings.manualSection()
        for group in KeyBindings.manualGroups {
            #expect(section.components(separatedBy: ".Ss \(group.title)\n").count == 2, "\(group.title)")
        }
        #expect(section.contains(".It Ic \\&Enter , \\&l , \\&Right\nOpen directory\n"))
        #expect(section.contains(".It Ic \\&]\nNext run of the archive\n"))
    }
}
