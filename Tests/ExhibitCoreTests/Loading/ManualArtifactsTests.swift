import Foundation
import Testing

@testable import ExhibitCore

/// exhibit-bundle(5) draws exactly the artifact table's rows and describes each in the
/// section the row names (as `ManualKeysTests` ties exhibit(1)'s KEYS to the action table).
@Suite struct ManualArtifactsTests {
    static let manPage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("man/exhibit-bundle.5").path

    /// The drawing of the layout in DESCRIPTION is the table's, row for row
    /// (`EXHIBIT_UPDATE_GOLDEN=1` rewrites it).
    @Test func theLayoutDrawingIsTheTable() throws {
        let page = try String(contentsOfFile: Self.manPage, encoding: .utf8)
        let expected = EvidenceArtifact.manualLayout()
        guard let start = page.range(of: ".Bd -literal -offset indent\nRUN/\n"),
            let end = page[start.upperBound...].range(of: ".Ed\n")
        else {
            Issue.record("man/exhibit-bundle.5 has no RUN/ drawing")
            return
        }
        let actual = String(page[start.lowerBound..<end.upperBound])
        if actual != expected, ProcessInfo.processInfo.environment["EXHIBIT_UPDATE_GOLDEN"] == "1" {
            try page.replacingCharacters(in: start.lowerBound..<end.upperBound, with: expected)
                .write(toFile: Self.manPage, atomically: true, encoding: .utf8)
            return
        }
        #expect(actual == expected)
    }

    /// The text of the `.Ss` called `title`, up to the next `.Ss` or `.Sh`.
    static func subsection(_ title: String, of page: String) -> Substring? {
        guard let start = page.range(of: "\n.Ss \(title)\n") else { return nil }
        let rest = page[start.upperBound...]
        let next = [rest.range(of: "\n.Ss "), rest.range(of: "\n.Sh ")].compactMap { $0?.lowerBound }.min() ?? rest.endIndex
        return rest[..<next]
    }

    /// Every row is named as a path (`.Pa`, an item of its own or in the text) in the
    /// section its `manSection` says.
    @Test func everyRowIsDescribedInItsSection() throws {
        let page = try String(contentsOfFile: Self.manPage, encoding: .utf8)
        for row in EvidenceArtifact.all {
            guard let section = Self.subsection(row.manSection, of: page) else {
                Issue.record("exhibit-bundle(5) has no section \(row.manSection) for \(row)")
                continue
            }
            let named =
                section.contains(".It Pa \(row.path)\n") || section.contains(".Pa \(row.path)\n")
                || section.contains(".Pa \(row.path) ")
            #expect(named, "exhibit-bundle(5) \(row.manSection) does not name \(row.path)")
        }
    }
}
