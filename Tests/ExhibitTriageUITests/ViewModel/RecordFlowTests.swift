import Testing

@testable import ExhibitCore
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// Re-classifying shows the current record and asks first; the issue link follows the
/// comment (issue 18 item 5).
@Suite struct RecordFlowTests {
    static func classified() -> TriageState {
        let current = TriageDecision(
            failureClass: .misplacedFile, comment: "cache in Documents", issue: "VAULT-412", author: "Ada", time: 1_793_697_125)
        return TriageState(data: TriageFixture.data(), decision: current)
    }

    @Test func cOnAClassifiedRunShowsTheRecordAndAsks() throws {
        var s = Self.classified()
        s.press(.char("c"))
        #expect(s.context == .replaceRecord)
        let text = TriageRenderer.render(s).text
        #expect(text.contains("This run is classified"))
        #expect(text.contains("misplaced file by Ada on " + Timestamp.utc(1_793_697_125)))
        #expect(text.contains("Issue: VAULT-412"))
        s.press(.escape)
        #expect(s.context == .tree, "Esc keeps the record")
        s.press(.char("c"), .char("y"))
        #expect(s.context == .classChooser, "y goes on to the classes")
    }

    @Test func theIssueLinkFollowsTheCommentAndIsRecorded() {
        var s = Self.classified()
        s.press(.char("c"), .enter, .enter)
        s.type("still misplaced")
        s.press(.enter)
        #expect(s.context == .issueInput)
        guard case .issue(_, _, let offered)? = s.overlays.last else {
            Issue.record("no issue prompt")
            return
        }
        #expect(offered == "VAULT-412", "the current link is offered")
        for _ in offered { s.press(.backspace) }
        s.type("https://tracker.example/VAULT-413")
        let effects = s.press(.enter)
        let decision = TriageDecision(failureClass: .misplacedFile, comment: "still misplaced", issue: "https://tracker.example/VAULT-413")
        #expect(effects == [.confirmClassification(decision, s.data)])
    }

    @Test func escOnTheIssueGoesBackToTheCommentAndQuittingKeepsTheDraft() {
        var s = TriageState(data: TriageFixture.data())
        s.press(.char("c"), .enter)
        s.type("half")
        s.press(.enter)
        #expect(s.pendingDraft == TriageDraft(failureClass: .misplacedFile, comment: "half"))
        s.press(.escape)
        #expect(s.context == .commentInput)
        guard case .comment(_, let text)? = s.overlays.last else {
            Issue.record("Esc does not go back to the comment")
            return
        }
        #expect(text == "half")
    }

    @Test func goldenScreensOfTheTwoDialogs() throws {
        for (rows, cols) in ScreenGoldenTests.sizes {
            var s = Self.classified()
            s.layout = ScreenLayout(rows: rows, cols: cols)
            s.press(.char("c"))
            try assertGolden(TriageRenderer.render(s).text, "record-replace-\(cols)x\(rows)")
            s.press(.char("y"), .enter)
            s.type("moved")
            s.press(.enter)
            try assertGolden(TriageRenderer.render(s).text, "record-issue-\(cols)x\(rows)")
        }
    }
}
