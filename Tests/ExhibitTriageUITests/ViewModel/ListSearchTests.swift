import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// Issue 18 §2: the Violations and Failures panes are searched as the tree is.
@Suite struct ListSearchTests {
    private static func selectedRowPath(_ s: TriageState) -> String? {
        s.violations.selected.map { s.data.violationRows.rows[$0].path }
    }

    @Test func slashInTheViolationsFindsPathsAndRulesAndNSteps() {
        var s = TriageFixture.state()
        s.press(.tab, .char("/"))
        #expect(s.context == .searchInput)
        s.type("documents")  // no capital: case ignored
        s.press(.enter)
        let documents = s.violations.shown.filter { s.data.violationRows.rows[$0].path.hasPrefix("Documents/") }
        #expect(s.message?.text == "match 1 of \(documents.count)")
        #expect(Self.selectedRowPath(s)?.hasPrefix("Documents/") == true)
        let first = s.violations.cursor.index
        s.press(.char("n"))
        #expect(s.message?.text == "match 2 of \(documents.count)")
        #expect(s.violations.cursor.index > first)
        s.press(.char("N"), .char("N"))
        #expect(s.message?.text == "match \(documents.count) of \(documents.count) (search hit TOP, continuing at BOTTOM)")
        #expect(s.focus == .violations, "the search stays in its pane")
    }

    @Test func aRuleNameMatchesAndAGlobMatchesTheName() {
        var s = TriageFixture.state()
        s.press(.tab, .char("/"))
        s.type("transient-up")
        s.press(.enter)
        #expect(Self.selectedRowPath(s) == "tmp/upload-session.tmp")
        #expect(s.message?.text == "match 1 of 1")
        s.press(.char("/"))
        s.type("*.pdf")
        s.press(.enter)
        #expect(Self.selectedRowPath(s) == "Documents/Exports/report-2026.pdf")
    }

    @Test func theFailuresAreSearchedByNameAndText() {
        var s = TriageFixture.state()
        s.press(.tab, .tab)
        #expect(s.focus == .failures)
        s.press(.char("/"))
        s.type("timeout")
        s.press(.enter)
        #expect(s.data.failures[s.failures.index].testName == "testSyncTimeout()")
        #expect(s.message?.text == "match 1 of 1")
        s.press(.char("/"))
        s.type("Documents/cache.db")  // in the failure text only
        s.press(.enter)
        #expect(s.data.failures[s.failures.index].testName == "testCacheNotInDocuments()")
    }

    @Test func noMatchAndNoSearchAreSaid() {
        var s = TriageFixture.state()
        s.press(.tab, .char("n"))
        #expect(s.message?.text == "no search yet: / searches this list")
        s.press(.char("/"))
        s.type("zzz")
        s.press(.enter)
        #expect(s.message?.text == "no rows contain zzz")
        s.press(.tab, .char("n"))
        #expect(s.message?.text == "no search yet: / searches this list", "each pane its own search")
    }

    @Test func aSearchInTheListLeavesTheTreesSearchAlone() {
        var s = TriageFixture.state()
        s.press(.tab, .char("/"))
        s.type("cache")
        s.press(.enter)
        #expect(s.search == nil)
        #expect(s.listSearch?.pane == .violations)
    }
}
