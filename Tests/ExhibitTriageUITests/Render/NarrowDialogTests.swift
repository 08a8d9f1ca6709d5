import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// At 40 columns the record dialogs keep their text inside their borders (the issue
/// prompt's label ran over the right border), and their hints take a short form
/// instead of being cut mid-word; failing tests of one suite stay told apart.
@Suite struct NarrowDialogTests {
    /// Every row of the box drawn at `top` has its right border where the top's corner is.
    private func bordersIntact(_ text: String, glyphs: Glyphs = .unicode) -> Bool {
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        guard let top = rows.firstIndex(where: { $0.contains("┌") }),
            let right = rows[top].lastIndex(of: "┐"), let bottom = rows.firstIndex(where: { $0.contains("└") })
        else { return false }
        return (top + 1..<bottom).allSatisfy { rows[$0].count > right && rows[$0][right] == "│" }
    }

    @Test func theClassifyCommentAndIssueDialogsFitAt40Columns() {
        for cols in [36, 40, 44, 50] {
            var s = TriageState(data: TriageFixture.data(), rows: 12, cols: cols)
            s.press(.char("c"))
            let chooser = TriageRenderer.render(s).text
            #expect(bordersIntact(chooser), "chooser at \(cols)\n\(chooser)")
            #expect(chooser.contains("Esc cancel"), "the hint says how to leave, whole\n\(chooser)")
            s.press(.enter)
            let comment = TriageRenderer.render(s).text
            #expect(bordersIntact(comment), "comment at \(cols)\n\(comment)")
            #expect(comment.contains("Esc back"), "\(comment)")
            s.type("moved")
            s.press(.enter)
            let issue = TriageRenderer.render(s).text
            #expect(bordersIntact(issue), "issue at \(cols)\n\(issue)")
            #expect(issue.contains("Issue link (optional"), "\(issue)")
            #expect(issue.contains("Enter record · Esc back"), "\(issue)")
        }
    }

    @Test func theLongFormsStayWhereTheyFit() {
        var s = TriageState(data: TriageFixture.data(), rows: 24, cols: 80)
        s.press(.char("c"), .enter)
        #expect(TriageRenderer.render(s).text.contains("Enter next: the issue link · Esc back to the classes"))
        s.press(.enter)
        #expect(TriageRenderer.render(s).text.contains("Issue link (optional: an id or URL):"))
    }

    @Test func aTestNameLosesItsSuiteBeforeItsOwnName() {
        let a = "BackupBoundaryTests/testDownloadsExcludedFromBackup()"
        let b = "BackupBoundaryTests/testModelsExcludedFromBackup()"
        #expect(TestNameLabel.fit(a, width: 60, ellipsis: "…") == a, "whole where it fits")
        let cutA = TestNameLabel.fit(a, width: 40, ellipsis: "…")
        let cutB = TestNameLabel.fit(b, width: 40, ellipsis: "…")
        #expect(cutA == "Backu…/testDownloadsExcludedFromBackup()")
        #expect(DisplayWidth.of(cutA) <= 40 && DisplayWidth.of(cutB) <= 40)
        #expect(cutB.hasSuffix("/testModelsExcludedFromBackup()"))
        // Under three columns of suite, the suite goes whole; then the slash too.
        #expect(TestNameLabel.fit(a, width: 36, ellipsis: "…") == "…/testDownloadsExcludedFromBackup()")
        #expect(TestNameLabel.fit(a, width: 34, ellipsis: "…") == "testDownloadsExcludedFromBackup()")
        // Too narrow for the own name: it is cut in its middle, the suite gone.
        let narrow = TestNameLabel.fit(a, width: 20, ellipsis: "…")
        #expect(DisplayWidth.of(narrow) <= 20 && narrow.hasPrefix("testDown") && narrow.hasSuffix("Backup()"), "\(narrow)")
        // No suite: cut in the middle, as before.
        #expect(TestNameLabel.fit("test_a_very_long_unit_test_name", width: 12, ellipsis: "…") == "test_a…_name")
        #expect(TestNameLabel.fit(a, width: 0, ellipsis: "…") == "")
    }

    @Test func twoFailingTestsOfOneSuiteReadApartAt40Columns() {
        var s = TriageState(data: TriageFixture.data(), rows: 12, cols: 40)
        s.press(.tab, .tab)
        #expect(s.context == .failures)
        let rows = TriageRenderer.render(s).text.split(separator: "\n").filter { $0.hasPrefix(" ✗ ") }
        #expect(rows.count >= 2)
        #expect(Set(rows).count == rows.count, "every failing test's row differs\n\(rows.joined(separator: "\n"))")
    }
}
