import Testing
@testable import ExhibitCore

/// A session whose rules check runs while the tree is already shown
/// (`TriageSession.deferredCheck`): what the screen says meanwhile, what is refused,
/// and what changes when the report arrives.
@Suite struct DeferredCheckTests {
    private func pendingSession() -> TriageSession {
        let inv = TriageFixture.inventory()
        let report = TriageFixture.report(inv)
        return TriageSession(bundle: TriageFixture.bundle(inv), report: .awaitingCheck(rulesSource: "rules.json", rulesDiagnostics: []),
                             rules: TriageFixture.rules(), deferredCheck: { report })
    }

    private func finishedReport() -> CheckReport { TriageFixture.report(TriageFixture.inventory()) }

    @Test func theTreeIsShownWhileTheRulesAreChecked() {
        var s = TriageState(session: pendingSession(), rows: 24, cols: 80)
        #expect(s.data.isChecking)
        #expect(s.data.report.violations.isEmpty)
        let screen = TriageRenderer.render(s).text
        #expect(screen.contains("Checking the rules…"))
        #expect(!screen.contains("Proposed"), "no proposal is shown before there are findings")
        #expect(s.selectedPath == "Library", "the tree is browsable at once")
        s.press(.char("j"), .enter)
        #expect(s.selectedPath == "Documents/Exports")
    }

    @Test func actionsOnFindingsWaitForTheReport() {
        var s = TriageState(session: pendingSession(), rows: 24, cols: 80)
        for key in [Key.char("c"), .char("x"), .char("e"), .char("E"), .char("b"), .char("B")] {
            let effects = s.press(key)
            #expect(effects.isEmpty, "\(key) does nothing while checking")
            #expect(s.overlays.isEmpty)
            #expect(s.message?.text.hasPrefix("Still checking the rules") == true)
        }
        s.press(.tab, .char("f"))
        #expect(s.overlays.isEmpty, "no kind filter over findings not made yet")
        #expect(s.message?.text.hasPrefix("Still checking the rules") == true)
    }

    @Test func theReportArrivesAndTheTreeKeepsItsPlace() {
        var s = TriageState(session: pendingSession(), rows: 24, cols: 80)
        s.press(.char("j"), .enter, .char("j"))
        let before = s.selectedPath
        let expected = finishedReport()
        s.receivedReport(expected, for: s.data.bundle.runID)
        #expect(!s.data.isChecking)
        #expect(s.data.report == expected)
        #expect(s.violations.shown.count == expected.violations.count)
        #expect(s.selectedPath == before)
        let screen = TriageRenderer.render(s).text
        #expect(!screen.contains("Checking the rules"))
        #expect(screen.contains("Proposed"))
        s.press(.char("c"))
        #expect(s.overlays.count == 1, "classifying works once the findings are in")
        // A complete report is final: a late or repeated delivery changes nothing.
        s.press(.escape)
        s.receivedReport(.awaitingCheck(rulesSource: "x", rulesDiagnostics: []), for: s.data.bundle.runID)
        #expect(s.data.report == expected)
    }

    @Test func aReportForAnotherRunIsDropped() {
        var s = TriageState(session: pendingSession(), rows: 24, cols: 80)
        s.receivedReport(finishedReport(), for: "some-other-run")
        #expect(s.data.isChecking)
    }

    @Test func theArchiveHandsTheReportToTheOpenRunOnly() {
        var archive = ArchiveFixture.state()
        let runID = ArchiveFixture.runIDs[0]
        var session = pendingSession()
        session.bundle.runID = runID
        archive.opened(runID, session: session)
        archive.receivedReport(finishedReport(), for: ArchiveFixture.runIDs[1])
        #expect(archive.run?.state.data.isChecking == true, "the check of a run that was left is dropped")
        archive.receivedReport(finishedReport(), for: runID)
        #expect(archive.run?.state.data.isChecking == false)
        #expect(archive.run?.state.data.report.violations.isEmpty == false)
    }

    @Test func aSessionWithoutDeferredCheckOpensWithItsFindings() {
        let inv = TriageFixture.inventory()
        let s = TriageState(session: TriageSession(bundle: TriageFixture.bundle(inv), report: TriageFixture.report(inv),
                                                   rules: TriageFixture.rules()))
        #expect(!s.data.isChecking)
        #expect(!s.data.report.violations.isEmpty)
    }
}
