import Testing

@testable import ExhibitCore
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// A summary.json saying "Passed, 0 failed" beside a JUnit report of the same run with a
/// failure: the Failures pane lists the failure (the results are merged by test), so the
/// header may not say "0 failed"; it counts what is listed and says the files disagree.
@Suite struct ResultsDisagreementHeaderTests {
    static let passingSummary = #"""
        {"title":"T","result":"Passed","totalTestCount":2,"passedTests":2,"failedTests":0,"skippedTests":0,"expectedFailures":0,
         "environmentDescription":"Vault · B","statistics":[],"topInsights":[],"devicesAndConfigurations":[],"testFailures":[]}
        """#

    static let junitFailingB = """
        <?xml version="1.0"?>
        <testsuites tests="2" failures="1"><testsuite name="BackupBoundaryTests" tests="2" failures="1">
        <testcase classname="BackupBoundaryTests" name="testA"/>
        <testcase classname="BackupBoundaryTests" name="testB"><failure message="Documents/Vault.sqlite is excluded">x</failure></testcase>
        </testsuite></testsuites>

        """

    static func headerRow(cols: Int, files: [String: String]) -> String {
        let s = EvidenceFixture.state(files, rows: 30, cols: cols)
        let screen = TriageRenderer.render(s, glyphs: .ascii).text
        return String(screen.split(separator: "\n", omittingEmptySubsequences: false)[1])
    }

    @Test func theHeaderCountsTheListedFailureAndSaysTheFilesDisagree() {
        let files = [EvidenceLayout.summaryJSON: Self.passingSummary, EvidenceLayout.junitXML: Self.junitFailingB]
        let wide = Self.headerRow(cols: 160, files: files)
        #expect(wide.contains("1 failed of 2 (results files disagree)"), "\(wide)")
        #expect(!wide.contains("0 failed"), "\(wide)")
        let narrow = Self.headerRow(cols: 44, files: files)
        #expect(narrow.contains(" 1?/2"), "\(narrow)")
    }

    @Test func agreeingFilesSayNothingMore() {
        let wide = Self.headerRow(cols: 160, files: [EvidenceLayout.junitXML: Self.junitFailingB])
        #expect(wide.contains("1 failed of 2"), "\(wide)")
        #expect(!wide.contains("disagree"), "\(wide)")
    }
}
