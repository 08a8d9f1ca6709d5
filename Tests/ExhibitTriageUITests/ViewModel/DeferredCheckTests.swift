import ExhibitRules
import Testing

@testable import ExhibitCore
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// A session whose rules check runs while the tree is already shown
/// (`TriageSession.needsCheck`): what the state asks for, what the screen says
/// meanwhile, what is refused, and what changes when the report arrives.
@Suite struct DeferredCheckTests {
    private func pendingSession(runID: String? = nil) -> TriageSession {
        let inv = TriageFixture.inventory()
        var bundle = TriageFixture.bundle(inv)
        if let runID { bundle.runID = runID }
        return TriageSession(
            bundle: bundle, report: .awaitingCheck(rulesSource: "rules.json", rulesDiagnostics: []),
            rules: TriageFixture.rules(), needsCheck: true)
    }

    @Test func theStateAsksForTheCheckAsItStarts() {
        let s = TriageState(session: pendingSession(), rows: 24, cols: 80)
        #expect(s.startEffects == [.checkRules(s.data)])
        guard case .checkRules(let data)? = s.startEffects.first else { return }
        #expect(data.report.rulesSource == "rules.json", "the check is made with the rules the session names")
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
        #expect(s.receive(.rulesChecked(expected, runID: s.data.bundle.runID)).isEmpty)
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
        _ = s.receive(.rulesChecked(.awaitingCheck(rulesSource: "x", rulesDiagnostics: []), runID: s.data.bundle.runID))
        #expect(s.data.report == expected)
    }

    @Test func aReportForAnotherRunIsDropped() {
        var s = TriageState(session: pendingSession(), rows: 24, cols: 80)
        _ = s.receive(.rulesChecked(finishedReport(), runID: "some-other-run"))
        #expect(s.data.isChecking)
    }

    @Test func theArchiveHandsTheReportToTheOpenRunOnly() throws {
        var archive = ArchiveFixture.state()
        let runID = ArchiveFixture.runIDs[0]
        #expect(archive.press(.char("G"), .enter) == [.openRun(runID)])
        let started = archive.receive(.runOpened(runID, .success(pendingSession(runID: runID))))
        let data = try #require(archive.run?.state.data)
        #expect(started == [.run(.checkRules(data))], "an opened run asks for its check")
        _ = archive.receive(.run(.rulesChecked(finishedReport(), runID: ArchiveFixture.runIDs[1])))
        #expect(archive.run?.state.data.isChecking == true, "the check of a run that was left is dropped")
        _ = archive.receive(.run(.rulesChecked(finishedReport(), runID: runID)))
        #expect(archive.run?.state.data.isChecking == false)
        #expect(archive.run?.state.data.report.violations.isEmpty == false)
    }

    @Test func aSessionWithoutDeferredCheckOpensWithItsFindings() {
        let inv = TriageFixture.inventory()
        let s = TriageState(
            session: TriageSession(
                bundle: TriageFixture.bundle(inv), report: TriageFixture.report(inv),
                rules: TriageFixture.rules()))
        #expect(!s.data.isChecking)
        #expect(!s.data.report.violations.isEmpty)
        #expect(s.startEffects.isEmpty, "nothing to check")
    }

    /// A run loaded for its first screen (`BundleLoader.loadFirstScreen`): steps.tsv is
    /// read with the check. Until the report arrives the details say the step is being
    /// read, not that there is none, and the evidence pane lists steps.tsv as reading;
    /// the finished bundle comes with the report and the tree keeps its place.
    @Test func theRestOfAFirstScreenLoadArrivesWithTheReport() throws {
        let files = [
            EvidenceLayout.filesList: "./Documents/a.txt\n./Library/Caches/c.bin\n",
            EvidenceLayout.sizesList: "100\tDocuments/a.txt\n10\tLibrary/Caches/c.bin\n",
            EvidenceLayout.steps: "seed vault\tDocuments/a.txt\n",
        ]
        let observer = LoadObserver(clock: { 0 }) { _ in }
        let (first, rest) = try #require(BundleLoader.loadFirstScreen(runID: "r", from: MemoryEvidenceSource(text: files), observer: observer))
        let compiled = RulesEngine.compile(RulesInventory.builtInDefaults)
        let session = TriageSession(
            bundle: first, report: .awaitingCheck(rulesSource: "built-in", rulesDiagnostics: []), rules: compiled, needsCheck: true,
            rest: rest)
        var s = TriageState(session: session, rows: 30, cols: 100)
        #expect(s.startEffects == [.checkRules(s.data)])
        s.press(.enter, .char("i"))
        #expect(s.selectedPath == "Documents/a.txt")
        var screen = TriageRenderer.render(s).text
        #expect(screen.contains("reading steps.tsv…"))
        #expect(screen.contains("after steps.tsv is read"))
        #expect(!screen.contains("seed vault"))
        s.press(.escape, .char("v"))
        screen = TriageRenderer.render(s).text
        #expect(screen.contains("reading    steps.tsv"))
        s.press(.escape)

        // What the check's work does (`TriageScreen`): the rest first, then the check.
        let data = s.data
        let finished = try #require(data.rest).finish(data.bundle)
        let report = RulesEngine.check(bundle: finished, compiled: compiled, rulesSource: "built-in", rulesDiagnostics: [])
        _ = s.receive(.rulesChecked(report, finished: finished, runID: "r"))
        #expect(!s.data.isChecking)
        #expect(s.data.bundle.stillLoading.isEmpty)
        #expect(s.selectedPath == "Documents/a.txt")
        s.press(.char("i"))
        screen = TriageRenderer.render(s).text
        #expect(screen.contains("seed vault"))
        #expect(!screen.contains("reading steps.tsv"))
    }

    /// The check's work makes the data of the findings itself (`TriageData.prewarm`), so
    /// the UI thread only swaps it in: the state takes the prepared data as it is, and
    /// what prewarming made is what the rows give when asked on the UI thread.
    @Test func dataPreparedOnTheWorkerIsTakenAsItIs() throws {
        var s = TriageState(session: pendingSession(), rows: 24, cols: 80)
        let report = finishedReport()
        let prepared = TriageData(bundle: s.data.bundle, report: report, rules: s.data.rules)
        prepared.prewarm(order: .bySize)
        prepared.prewarmOtherOrders(than: .bySize)
        for key in [SortOrder.Key.size, .name, .count] {
            for reversed in [false, true] {
                let order = SortOrder(key, reversed: reversed)
                #expect(prepared.treeOrderedRows(order) == prepared.violationRows.treeOrdered(order, in: prepared.inventory, sizes: prepared.unrecordedSizes))
            }
        }
        var unprepared = s
        _ = s.receive(.rulesChecked(report, prepared: prepared, runID: s.data.bundle.runID))
        #expect(s.data === prepared)
        #expect(!s.data.isChecking)
        // The widths measured ahead draw the pane as widths measured in the frame do.
        _ = unprepared.receive(.rulesChecked(report, runID: unprepared.data.bundle.runID))
        s.press(.tab)
        unprepared.press(.tab)
        #expect(!report.violations.isEmpty)
        #expect(TriageRenderer.render(s).text == TriageRenderer.render(unprepared).text)
    }
}
