import Testing

@testable import ExhibitCore
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// A summary.json saying "Passed, 0 failed" beside a JUnit report of the same run with a
/// failure: the Failures pane lists the failure (the results are merged by test), so the
/// header may not say "0 failed"; it counts what is listed and says the files disagree.
@Suite struct ResultsDisagreementHeaderTests {
    static func headerRow(cols: Int, files: [String: String]) -> String {
        let s = EvidenceFixture.state(files, rows: 30, cols: cols)
        let screen = TriageRenderer.render(s, glyphs: .ascii).text
        return String(screen.split(separator: "\n", omittingEmptySubsequences: false)[1])
    }

    @Test func theHeaderCountsTheListedFailureAndSaysTheFilesDisagree() {
        let files = [EvidenceLayout.summaryJSON: ResultsDisagreementFixture.passingSummary, EvidenceLayout.junitXML: ResultsDisagreementFixture.junitFailingB]
        let wide = Self.headerRow(cols: 160, files: files)
        #expect(wide.contains("1 failed of 2 (results files disagree)"), "\(wide)")
        #expect(!wide.contains("0 failed"), "\(wide)")
        let narrow = Self.headerRow(cols: 44, files: files)
        #expect(narrow.contains(" 1?/2"), "\(narrow)")
    }

    @Test func agreeingFilesSayNothingMore() {
        let wide = Self.headerRow(cols: 160, files: [EvidenceLayout.junitXML: ResultsDisagreementFixture.junitFailingB])
        #expect(wide.contains("1 failed of 2"), "\(wide)")
        #expect(!wide.contains("disagree"), "\(wide)")
    }
}
