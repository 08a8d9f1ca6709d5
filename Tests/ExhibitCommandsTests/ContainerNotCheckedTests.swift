import Foundation
import Testing

@testable import ExhibitCommands

/// Review D2: a run with test results and no container inventory. `check` exits 2 (the
/// gate never passes), and neither its text, its JSON nor the note says the container
/// is clean: its violations are unknown, not 0, and no class is proposed.
@Suite struct ContainerNotCheckedTests {
    func run(_ args: [String]) -> (status: Int32, out: String, err: String) { CollectRunner.exhibit(args) }

    /// Two failing tests, one naming a path; no container/ at all.
    static let files = ["results/tests.json": ResultsWordingTests.tree]

    @Test func checkSaysTheContainerWasNotCheckedAndProposesNoClass() throws {
        let r = try ResultsWordingTests.Run(Self.files, container: false)
        defer { r.cleanUp() }
        let text = run(["check", r.directory])
        #expect(text.status == 2, "\(text.err)")
        #expect(
            text.out.contains(
                """
                proposed classification: none (container not checked)
                  No container inventory was read, so the backup boundary was not checked: its violations are unknown and no class is proposed. 1 failing test is explained by nothing that was checked.
                  explained by nothing checked:
                    BackupBoundaryTests/testB()

                result: container not checked, its violations unknown; nothing else blocks (0 blocking violations, 0 warnings found elsewhere)

                """), "\(text.out)")
        #expect(text.out.contains("\nviolations: unknown: the container was not checked (no container inventory was read), so its violations are unknown\n"))
        #expect(!text.out.contains("no violations") && !text.out.contains("not a boundary failure"), "\(text.out)")

        let json = try #require(try JSONSerialization.jsonObject(with: Data(run(["check", r.directory, "--format", "json"]).out.utf8)) as? [String: Any])
        #expect(json["blocking"] is NSNull)
        #expect(json["containerChecked"] as? Bool == false)
        let counts = try #require(json["counts"] as? [String: Any])
        #expect(counts["unset-attribute"] is NSNull && counts["misplaced-file"] is NSNull && counts["skipped-cleanup"] is NSNull)
        #expect(counts["configuration"] as? Int == 0, "what was checked without the container keeps its count")
        let classification = try #require(json["classification"] as? [String: Any])
        #expect(classification["proposed"] is NSNull)
        #expect(classification["headline"] as? String == "none")
        #expect(classification["confidence"] as? String == "container-not-checked")
    }

    @Test func theNoteSaysTheSame() throws {
        let r = try ResultsWordingTests.Run(Self.files, container: false)
        defer { r.cleanUp() }
        let notes = (r.directory as NSString).deletingLastPathComponent + "/notes"
        let markdown = run(["note", r.directory, "--notes", notes]).out
        #expect(markdown.contains("### Classification\n\nNo class proposed by exhibit (container not checked), not yet confirmed.\n"), "\(markdown)")
        #expect(
            markdown.contains(
                "### Violations (unknown: container not checked)\n\nNo container inventory was read, so the container's violations are unknown.\n"),
            "\(markdown)")
        #expect(!markdown.contains("None.") && !markdown.contains("breaks no blocking rule"), "\(markdown)")

        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(run(["note", r.directory, "--notes", notes, "--format", "json"]).out.utf8)) as? [String: Any])
        #expect(json["containerChecked"] as? Bool == false)
        let classification = try #require(json["classification"] as? [String: Any])
        #expect(classification["class"] is NSNull && classification["confidence"] as? String == "container-not-checked")
    }

    /// A class the person confirms is recorded with no proposal beside it.
    @Test func aConfirmedClassRecordsThatNothingWasProposed() throws {
        let r = try ResultsWordingTests.Run(Self.files, container: false)
        defer { r.cleanUp() }
        let notes = (r.directory as NSString).deletingLastPathComponent + "/notes"
        let json = try #require(
            try JSONSerialization.jsonObject(
                with: Data(run(["note", r.directory, "--notes", notes, "--class", "misplaced-file", "--format", "json"]).out.utf8))
                as? [String: Any])
        let classification = try #require(json["classification"] as? [String: Any])
        #expect(classification["class"] as? String == "misplaced-file")
        #expect(classification["proposed"] is NSNull, "\(classification)")
    }
}
