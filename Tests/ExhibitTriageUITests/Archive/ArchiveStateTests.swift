import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

@Suite struct ArchiveStateTests {
    @Test func newestFirstBeforeAndAfterReading() {
        let unread = ArchiveFixture.state(read: 0)
        #expect(unread.shownIDs.first == "run-2026-11-06-mixed")
        #expect(unread.shownIDs.last == "run-2026-10-20-legacy")
        #expect(unread.list.readCount == 0)
        #expect(unread.list.isReading)
        let read = ArchiveFixture.state()
        #expect(read.shownIDs == ArchiveFixture.runIDs.reversed())
        #expect(!read.list.isReading)
    }

    @Test func progressShowsOnTheStatusLine() {
        let state = ArchiveFixture.state(read: 2)
        #expect(state.list.readCount == 2)
        let text = RunListRenderer.render(state).text
        #expect(text.contains("2/6 runs read"))
        #expect(text.contains("run-2026-11-02-baseline"))
        let done = RunListRenderer.render(ArchiveFixture.state()).text
        #expect(!done.contains("runs read"))
    }

    @Test func aLineFillingInKeepsTheCursorOnItsRun() {
        var state = ArchiveFixture.state(read: 0)
        state.press(.char("j"), .char("j"))
        let before = state.list.selected?.runID
        var late = ArchiveFixture.summary("run-2026-11-02-baseline")
        late.date = 2_000_000_000  // read later, turns out newest
        _ = state.receive(.summaryRead(late))
        #expect(state.list.selected?.runID == before)
        #expect(state.shownIDs.first == "run-2026-11-02-baseline")
    }

    @Test func liveFilterNarrowsAndEscapeClears() {
        var state = ArchiveFixture.state()
        state.press(.char("/"))
        #expect(state.context == .runListFilter)
        for c in "unset" { state.press(.char(c)) }
        #expect(state.shownIDs == ["run-2026-11-06-mixed", "run-2026-11-03-unset", "run-2026-10-20-legacy"])
        state.press(.backspace, .backspace, .backspace, .backspace, .backspace)
        for c in "confirmed" { state.press(.char(c)) }
        #expect(state.shownIDs == ["run-2026-11-04-misplaced"])
        state.press(.enter)
        #expect(state.context == .runList)
        #expect(state.list.filter == "confirmed")
        state.press(.char("/"), .escape)
        #expect(state.shownIDs.count == 6)
    }

    @Test func aSlowOpenShowsItsLoadingScreenAndQGoesBackToTheList() {
        for key in [Key.char("q"), .escape] {
            var state = ArchiveFixture.state()
            state.press(.char("j"))
            guard case .openRun(let runID)? = state.press(.enter).first else {
                Issue.record("Enter did not open the run")
                return
            }
            #expect(state.loading == nil, "a quick open never flashes the loading screen")
            var progress = LoadProgress(artifact: "container/inventory.json")
            progress.bytesRead = 1_024
            progress.bytesTotal = 4_096
            _ = state.receive(.openProgress(runID, progress))
            #expect(state.loading?.progress == progress)
            #expect(state.loading?.stop == .runList)
            let screen = ArchiveRenderer.render(state).text
            #expect(screen.contains("Loading \(runID)"))
            #expect(screen.contains("1.0 KiB of 4.0 KiB (25%)"))
            #expect(screen.contains("q or Esc: stop loading, back to the list"))
            // Keys other than q, Esc and Ctrl-L wait for the run (dropped with it here, as q
            // stops the open): the list below does not move.
            let selected = state.list.selected?.runID
            #expect(state.press(.char("j"), .enter).isEmpty)
            #expect(state.list.selected?.runID == selected)
            _ = state.receive(.resize(rows: 30, cols: 100))
            #expect(state.loading?.rows == 30 && state.loading?.cols == 100)
            #expect(state.press(key) == [.stopOpening(runID)], "\(key)")
            #expect(state.loading == nil && state.opening == nil && state.run == nil)
            #expect(state.list.selected?.runID == runID)
            #expect(RunListRenderer.render(state).text.contains("stopped opening \(runID)"))
            // The load's result, if it was already on its way, is dropped.
            #expect(state.receive(.runOpened(runID, .success(ArchiveFixture.session(runID)))).isEmpty)
            #expect(state.run == nil)
            #expect(state.receive(.openProgress(runID, progress)).isEmpty)
            #expect(state.loading == nil, "a late progress does not bring the screen back")
        }
    }

    /// Keys typed on a run's loading screen reach the run once it opens, in order.
    @Test func keysTypedWhileARunLoadsReachItOnceItOpens() {
        var state = ArchiveFixture.state()
        guard case .openRun(let runID)? = state.press(.enter).first else {
            Issue.record("Enter did not open the run")
            return
        }
        _ = state.receive(.openProgress(runID, LoadProgress(artifact: "container/inventory.json")))
        #expect(state.press(.char("?")).isEmpty)
        #expect(state.typeahead == [.char("?")])
        _ = state.receive(.runOpened(runID, .success(ArchiveFixture.session(runID))))
        #expect(state.run?.runID == runID && state.typeahead.isEmpty)
        #expect(ArchiveRenderer.render(state).text.contains(" Keys: "), "the help the ? typed while loading asked for")
    }

    @Test func progressOfARunNoLongerAskedForIsDropped() {
        var state = ArchiveFixture.state()
        guard case .openRun(let first)? = state.press(.enter).first else { return }
        state.press(.char("j"))
        guard case .openRun(let second)? = state.press(.enter).first, second != first else {
            Issue.record("the second Enter did not ask for another run")
            return
        }
        _ = state.receive(.openProgress(first, LoadProgress(artifact: "container/files.txt")))
        #expect(state.loading == nil)
        _ = state.receive(.openProgress(second, LoadProgress(artifact: "container/files.txt")))
        #expect(state.loading?.runName == second)
        _ = state.receive(.runOpened(second, .success(ArchiveFixture.session(second))))
        #expect(state.loading == nil && state.run?.runID == second)
    }

    @Test func enterOpensQReturnsAndKeepsTheSelection() {
        var state = ArchiveFixture.state()
        state.press(.char("j"))
        let effects = state.press(.enter)
        #expect(effects == [.openRun("run-2026-11-05-cleanup")])
        state.perform(effects)
        #expect(state.run?.runID == "run-2026-11-05-cleanup")
        #expect(state.context == .tree)
        #expect(ArchiveRenderer.render(state).text.contains("run-2026-11-05-cleanup"))
        state.press(.tab)
        #expect(state.press(.char("q")).isEmpty)  // back to the tree first
        #expect(state.run != nil)
        #expect(state.press(.char("q")).isEmpty)  // then back to the list
        #expect(state.run == nil)
        #expect(state.list.selected?.runID == "run-2026-11-05-cleanup")
        #expect(state.press(.char("q")) == [.quit])
    }

    @Test func bracketsMoveBetweenRunsWithoutTheList() {
        var state = ArchiveFixture.state()
        state.perform(state.press(.enter))
        #expect(state.run?.runID == "run-2026-11-06-mixed")
        let next = state.press(.char("]"))
        #expect(next == [.openRun("run-2026-11-05-cleanup")])
        #expect(state.run == nil)
        state.perform(next)
        state.perform(state.press(.char("[")))
        #expect(state.run?.runID == "run-2026-11-06-mixed")
        #expect(state.press(.char("[")).isEmpty)
        #expect(state.run?.state.message == .info("this is the first run of the list"))
    }

    @Test func bracketsFollowTheFilteredList() {
        var state = ArchiveFixture.state()
        state.press(.char("/"))
        for c in "unset" { state.press(.char(c)) }
        state.press(.enter)
        state.perform(state.press(.enter))
        #expect(state.run?.runID == "run-2026-11-06-mixed")
        #expect(state.press(.char("]")) == [.openRun("run-2026-11-03-unset")])
    }

    @Test func aConfirmedClassificationShowsInTheList() throws {
        var state = ArchiveFixture.state()
        state.press(.char("j"), .char("j"), .char("j"))  // run-2026-11-03-unset, proposed
        state.perform(state.press(.enter))
        let effects = state.press(.char("c"), .char("j"), .enter, .enter, .enter)  // the proposal (misplaced) is preselected; comment, issue
        let data = try #require(state.run?.state.data)
        #expect(effects == [.run(.confirmClassification(TriageDecision(failureClass: .skippedCleanup, comment: ""), data))])
        _ = state.receive(.run(.recordSaved(.info("Saved"), runID: "run-2026-11-03-unset")))
        #expect(state.press(.char("]")) == [.openRun("run-2026-11-02-baseline")])
        let line = state.list.entry("run-2026-11-03-unset")?.summary?.triage
        #expect(line == TriageStatus(.confirmed(.skippedCleanup)))
        #expect(RunListRenderer.render(state).text.contains("confirmed sk"))
    }

    @Test func anOpenFailureStaysOnTheList() {
        var state = ArchiveFixture.state()
        #expect(state.press(.enter) == [.openRun("run-2026-11-06-mixed")])
        #expect(RunListRenderer.render(state).text.contains("Opening run-2026-11-06-mixed…"), "the list says a run is loading")
        _ = state.receive(.runOpened("run-2026-11-06-mixed", .failure(ArchiveOpenFailure("run-2026-11-06-mixed: permission denied"))))
        #expect(state.run == nil)
        #expect(RunListRenderer.render(state).text.contains("permission denied"))
    }

    @Test func ctrlCInARunKeepsTheDraftAndQuits() throws {
        var state = ArchiveFixture.state()
        state.perform(state.press(.enter))
        state.press(.char("c"), .enter, .char("h"), .char("i"))
        let data = try #require(state.run?.state.data)
        let effects = state.press(.ctrl("c"))
        #expect(effects == [.run(.saveDraft(TriageDraft(failureClass: .misplacedFile, comment: "hi"), data)), .quit])
    }

    @Test func ctrlLInARunRedraws() {
        var state = ArchiveFixture.state()
        state.perform(state.press(.enter))
        #expect(state.press(.ctrl("l")) == [.redraw])
        #expect(state.press(.char("?"), .char("G")).isEmpty)
        #expect(ArchiveRenderer.render(state).text.contains("Next run of the archive"))
    }

    @Test func resizeReachesTheOpenRunAndTheList() {
        var state = ArchiveFixture.state()
        state.perform(state.press(.enter))
        _ = state.handle(.resize(rows: 40, cols: 120))
        #expect(state.run?.state.layout == ScreenLayout(rows: 40, cols: 120))
        state.press(.char("q"))
        #expect(RunListRenderer.render(state).cols == 120)
    }

    /// A count the flags do not decide is `?`, never 0, as `exhibit runs` prints it.
    @Test func anUnknownCountIsAQuestionMark() {
        let id = "run-2026-11-07-noflags"
        var state = ArchiveState(title: "a", runIDs: [id], rows: 24, cols: 160)
        var s = ArchiveFixture.summary(id)
        s.blocking?.unknown = [.unsetAttribute]
        s.problems = ["exclusion flags not recorded: 7 blocking rules undecided"]
        _ = state.receive(.summaryRead(s))
        let text = RunListRenderer.render(state).text
        let row = text.split(separator: "\n").last { $0.contains("noflags") }.map(String.init) ?? ""
        #expect(row.contains(" 2  ?  0  0  untriaged"), "\(text)")
        #expect(text.contains("exclusion flags not recorded: 7 blocking rules undecided"))
    }

    @Test func hostileRunIDsAreEscaped() {
        let evil = "run-2026-11-07-\u{1B}]0;owned\u{07}"
        var state = ArchiveState(title: "a\u{1B}[2J", runIDs: [evil])
        var s = ArchiveFixture.summary(evil)
        s.branch = "\u{1B}[31mred"
        _ = state.receive(.summaryRead(s))
        let text = RunListRenderer.render(state).text
        #expect(!text.contains("\u{1B}"))
        #expect(!text.contains("\u{07}"))
        #expect(text.contains(#"\x1b]0;owned\x07"#))
    }

    @Test func helpListsTheRunListKeys() {
        var state = ArchiveFixture.state()
        state.press(.char("?"))
        let text = RunListRenderer.render(state).text
        #expect(text.contains("Keys: Runs"))
        #expect(text.contains("Open the run"))
        state.press(.char("q"))
        #expect(state.overlay == nil)
    }
}

@Suite struct RunListGoldenTests {
    @Test func runList() throws {
        for (rows, cols) in [(17, 60), (24, 80), (40, 120)] {
            try assertGolden(RunListRenderer.render(ArchiveFixture.state(rows: rows, cols: cols)).text, "runs-\(cols)x\(rows)")
        }
    }

    @Test func runListWhileReading() throws {
        try assertGolden(RunListRenderer.render(ArchiveFixture.state(read: 3)).text, "runs-reading-80x24")
    }

    @Test func runListFiltered() throws {
        var state = ArchiveFixture.state(rows: 40, cols: 120)
        state.press(.char("/"))
        for c in "unset" { state.press(.char(c)) }
        try assertGolden(RunListRenderer.render(state).text, "runs-filter-120x40")
    }
}
