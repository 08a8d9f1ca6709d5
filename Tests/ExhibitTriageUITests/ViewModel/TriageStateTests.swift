import Testing

@testable import ExhibitCore
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// The triage state machine, key by key, over the hand-built Vault run.
@Suite struct TriageStateTests {
    private func state() -> TriageState { TriageFixture.state() }

    // MARK: - Moving and the tree

    @Test func movesWithJKGAndPages() {
        var s = state()
        #expect(s.selectedPath == "Library")
        s.press(.char("j"))
        #expect(s.selectedPath == "Documents")
        s.press(.down, .char("k"), .up)
        #expect(s.selectedPath == "Library")
        s.press(.char("G"))
        #expect(s.selectedPath == "SystemData")
        s.press(.char("g"))
        #expect(s.selectedPath == "Library")
        s.press(.end, .home, .pageDown)
        #expect(s.selectedPath == "SystemData", "a page longer than the list lands on the last entry")
        s.press(.pageUp)
        #expect(s.tree.cursor.index == 0)
        s.press(.char("k"))
        #expect(s.tree.cursor.index == 0, "moving up at the top stays put")
    }

    @Test func entersAndLeavesDirectoriesRememberingTheSelection() {
        var s = state()
        s.press(.char("j"), .enter)
        #expect(s.data.inventory?.path(s.tree.directory) == "Documents")
        #expect(s.selectedPath == "Documents/Exports")
        s.press(.char("l"))
        #expect(s.data.inventory?.path(s.tree.directory) == "Documents/Exports")
        s.press(.char("h"))
        #expect(s.selectedPath == "Documents/Exports", "going back selects the directory just left")
        s.press(.left, .right, .backspace)
        #expect(s.tree.directory == Inventory.root)
        #expect(s.selectedPath == "Documents")
        s.press(.char("h"))
        #expect(s.tree.directory == Inventory.root, "back at the root does nothing")
        s.press(.char("G"), .char("l"))
        #expect(s.data.inventory?.path(s.tree.directory) == "SystemData", "an empty directory can be entered")
        s.press(.char("l"))
        #expect(s.data.inventory?.path(s.tree.directory) == "SystemData", "a file or nothing cannot be entered")
    }

    @Test func sortKeysToggleAndRepeatReverses() {
        var s = state()
        s.press(.char("a"))
        #expect(s.tree.order == SortOrder(.name))
        #expect(s.tree.entries.map { s.data.inventory!.name($0) } == ["Documents", "Library", "SystemData", "tmp"])
        s.press(.char("a"))
        #expect(s.tree.order == SortOrder(.name, reversed: true))
        #expect(s.tree.entries.map { s.data.inventory!.name($0) } == ["tmp", "SystemData", "Library", "Documents"])
        s.press(.char("C"))
        #expect(s.tree.order == SortOrder(.count))
        #expect(s.data.inventory!.name(s.tree.entries[0]) == "Library", "Library holds the most files")
        s.press(.char("s"))
        #expect(s.tree.order == .bySize)
        s.press(.char("s"))
        #expect(s.tree.order == SortOrder(.size, reversed: true))
        #expect(s.data.inventory!.name(s.tree.entries[0]) == "SystemData")
    }

    @Test func sortKeepsTheSelectedEntry() {
        var s = state()
        s.press(.char("j"))
        s.press(.char("a"))
        #expect(s.selectedPath == "Documents")
    }

    @Test func liveFilterNarrowsOnEveryKeyAndEscClears() {
        var s = state()
        s.press(.char("&"))
        #expect(s.context == .filterInput)
        s.type("Doc")
        #expect(s.tree.filter == "Doc")
        #expect(s.tree.entries.count == 1)
        s.press(.backspace, .backspace)
        #expect(s.tree.filter == "D")
        s.press(.escape)
        #expect(s.tree.filter.isEmpty)
        #expect(s.tree.entries.count == 4)
        #expect(s.context == .tree)
    }

    @Test func enterKeepsTheFilterAndLettersInThePromptAreText() {
        var s = state()
        s.press(.char("&"))
        s.type("qjkl")
        #expect(s.tree.filter == "qjkl", "q, j, k and l are text while typing, not commands")
        s.press(.backspace, .backspace, .backspace, .backspace)
        s.type("tmp")
        s.press(.enter)
        #expect(s.context == .tree)
        #expect(s.tree.filter == "tmp")
        #expect(s.selectedPath == "tmp")
    }

    @Test func filterThatMatchesNothingShowsANote() {
        var s = state()
        s.press(.char("&"))
        s.type("zzz")
        #expect(s.tree.entries.isEmpty)
        #expect(TriageRenderer.render(s).text.contains("no names contain"))
    }

    // MARK: - Violations

    /// In the tree's order (by size: Library, its catalog, then Documents' files, tmp),
    /// the first `e` on the first listed (it used to skip it: issue 18 §3).
    @Test func eAndEStepThroughViolationsInTheTree() {
        var s = state()
        s.press(.char("e"))
        #expect(s.selectedPath == "Library", "the first listed: the Library budget warning")
        s.press(.char("e"))
        #expect(s.selectedPath == "Library/Application Support/offline-catalog.db")
        s.press(.char("e"), .char("e"))
        #expect(s.selectedPath == "Documents/cache.db")
        s.press(.char("E"), .char("E"), .char("E"))
        #expect(s.selectedPath == "Library")
        s.press(.char("E"))
        #expect(s.selectedPath == "tmp/upload-session.tmp", "wraps around to the last")
    }

    @Test func tabCyclesPanesAndBackTabReverses() {
        var s = state()
        s.press(.tab)
        #expect(s.focus == .violations)
        s.press(.tab, .tab)
        #expect(s.focus == .budgets)
        s.press(.tab)
        #expect(s.focus == .tree)
        s.press(.backTab)
        #expect(s.focus == .budgets)
    }

    @Test func kindFilterFromTheChooser() {
        var s = state()
        s.press(.tab, .char("f"))
        #expect(s.context == .chooser)
        s.press(.char("j"), .char("j"), .enter)  // all kinds, U, M
        #expect(s.violations.kindFilter == .misplacedFile)
        #expect(s.violations.shown == [1, 5])
        s.press(.char("a"))
        #expect(s.violations.kindFilter == nil)
        #expect(s.violations.shown.count == 6)
    }

    @Test func ruleFilterListsRulesWithCounts() throws {
        var s = state()
        s.press(.tab, .char("r"))
        guard case .chooser(let chooser)? = s.overlays.last else {
            Issue.record("no chooser")
            return
        }
        #expect(chooser.options.first?.label == "all rules")
        #expect(chooser.options.first?.count == 6)
        let caches = try #require(chooser.options.first { $0.value == "caches-belong-in-caches" })
        #expect(caches.count == 2)
        s.press(.char("j"), .enter)
        #expect(s.violations.ruleFilter == "caches-belong-in-caches")
        #expect(s.violations.shown == [1, 5])
        s.press(.char("r"), .escape)
        #expect(s.violations.ruleFilter == "caches-belong-in-caches", "Esc keeps the filter")
    }

    @Test func enterOnAViolationJumpsTheTreeToTheFile() {
        var s = state()
        // The third row in the tree's order (the list used to be in report order).
        s.press(.tab, .char("j"), .char("j"), .enter)
        #expect(s.focus == .tree)
        #expect(s.selectedPath == "Documents/Exports/report-2026.pdf")
    }

    @Test func jumpClearsAFilterThatHidesTheFile() {
        var s = state()
        s.press(.char("l"), .char("&"))
        s.type("zzz")
        s.press(.enter)
        s.press(.tab)
        s.press(.char("j"), .enter)  // the second row in the tree's order (was report order)
        #expect(s.selectedPath == "Library/Application Support/offline-catalog.db")
        #expect(s.tree.filter.isEmpty)
    }

    @Test func aViolationWithoutAFileSaysSo() {
        var s = state()
        s.press(.tab, .enter)  // the Library volume warning, first in the tree's order
        #expect(s.focus == .tree)
        #expect(s.selectedPath == "Library")
    }

    // MARK: - Details, help, quitting

    @Test func iTogglesDetails() {
        var s = state()
        s.press(.char("i"))
        #expect(s.context == .details)
        #expect(TriageRenderer.render(s).text.contains("Backup"))
        s.press(.char("i"))
        #expect(s.context == .tree)
        s.press(.char("i"), .escape)
        #expect(s.context == .tree)
    }

    @Test func helpIsGeneratedFromTheActionTable() {
        for context in BindingContext.allCases {
            let text = HelpView.lines(for: context).map { $0.map(\.text).joined() }.joined(separator: "\n")
            for binding in KeyBindings.bindings(for: context) {
                #expect(text.contains(binding.help), "\(context): \(binding.help)")
                for key in binding.keys { #expect(text.contains(key.label), "\(context): key \(key.label)") }
            }
        }
        var s = state()
        s.press(.char("?"))
        #expect(s.context == .help)
        s.press(.char("?"))
        #expect(s.context == .tree)
        s.press(.tab, .char("?"))
        #expect(TriageRenderer.render(s).text.contains("Keys: Violations"))
        s.press(.char("q"))
        #expect(s.context == .violations)
    }

    @Test func everyBindingReachesItsActionAndNoKeyIsBoundTwice() {
        for context in BindingContext.allCases {
            var seen: [Key: Action] = [:]
            for binding in KeyBindings.bindings(for: context) {
                for key in binding.keys {
                    if let earlier = seen[key] {
                        #expect(earlier == binding.action, "\(context): \(key.label) bound to two actions")
                    }
                    seen[key] = binding.action
                    #expect(KeyBindings.action(for: key, in: context) == binding.action, "\(context): \(key.label)")
                }
            }
        }
    }

    @Test func qGoesBackToTheTreeThenQuits() {
        var s = state()
        s.press(.tab)
        #expect(s.press(.char("q")).isEmpty)
        #expect(s.focus == .tree)
        #expect(s.press(.char("q")) == [.quit])
    }

    @Test func ctrlLRedrawsAndCtrlCQuitsAtOnce() {
        var s = state()
        #expect(s.press(.ctrl("l")) == [.redraw])
        s.press(.tab, .char("?"))
        #expect(s.press(.ctrl("c")) == [.quit])
    }

    @Test func resizeRelaysOutAndKeepsTheSelectionVisible() {
        var s = TriageFixture.state(rows: 40, cols: 120)
        s.press(.char("j"), .char("l"), .char("G"))
        _ = s.handle(.resize(rows: 17, cols: 60))
        #expect(s.layout == ScreenLayout(rows: 17, cols: 60))
        let grid = TriageRenderer.render(s)
        #expect(grid.rows == 17 && grid.cols == 60)
        #expect(grid.text.contains("evil"), "the selected last entry is still on screen")
    }

    @Test func tooSmallIgnoresKeysButQuitsOnQ() {
        var s = TriageFixture.state(rows: 4, cols: 25)
        #expect(s.press(.char("j")).isEmpty)
        #expect(s.tree.cursor.index == 0)
        #expect(TriageRenderer.render(s).text.contains("too small: 25x4 < 30x8"))
        #expect(s.press(.char("q")) == [.quit])
    }

    // MARK: - Classify and export

    @Test func classifyWithACommentConfirms() {
        var s = state()
        s.press(.char("c"))
        #expect(s.context == .classChooser)
        guard case .chooser(let chooser)? = s.overlays.last else {
            Issue.record("no chooser")
            return
        }
        #expect(chooser.selected?.value == FailureClass.misplacedFile.rawValue, "the proposal is preselected")
        s.press(.char("j"), .enter)
        #expect(s.context == .commentInput)
        s.type(" cleanup skipped by the upload test ")
        #expect(s.press(.enter).isEmpty, "the comment is followed by the issue link")
        #expect(s.context == .issueInput)
        s.type("VAULT-412")
        let effects = s.press(.enter)
        let decision = TriageDecision(failureClass: .skippedCleanup, comment: "cleanup skipped by the upload test", issue: "VAULT-412")
        #expect(effects == [.confirmClassification(decision, s.data)])
        #expect(s.decision == decision)
        #expect(TriageRenderer.render(s).text.contains("Saving the classification…"), "the save is under way")
        _ = s.receive(.recordSaved(.info("saved"), runID: s.data.bundle.runID))
        #expect(s.activities.isEmpty)
        #expect(s.message == .info("saved"))
        #expect(TriageRenderer.render(s).text.contains("Confirmed skipped cleanup"))
    }

    @Test func aFailedSaveRestoresThePreviousDecision() {
        var s = state()
        s.press(.char("c"), .enter, .enter, .enter)
        #expect(s.decision?.failureClass == .misplacedFile)
        _ = s.receive(.recordSaved(.failure("disk full"), runID: s.data.bundle.runID))
        #expect(s.decision == nil)
        #expect(s.message?.isError == true)
    }

    @Test func escInTheCommentKeepsADraftForThatClass() {
        var s = state()
        s.press(.char("c"), .enter)
        s.type("half")
        s.press(.escape)
        #expect(s.context == .classChooser)
        #expect(s.draft == TriageDraft(failureClass: .misplacedFile, comment: "half"))
        s.press(.enter)
        #expect(s.pendingDraft == TriageDraft(failureClass: .misplacedFile, comment: "half"), "typing resumes from the draft")
        s.press(.escape, .escape)
        #expect(s.context == .tree)
    }

    @Test func leavingWhileTypingSavesTheDraftFirst() {
        var s = state()
        s.press(.char("c"), .enter)
        s.type("q is text here")
        #expect(s.pendingDraft?.comment == "q is text here")
        #expect(s.press(.ctrl("c")) == [.saveDraft(TriageDraft(failureClass: .misplacedFile, comment: "q is text here"), s.data), .quit])
    }

    @Test func xAsksForTheNoteWithTheDecision() {
        var s = state()
        #expect(s.press(.char("x")) == [.exportNote(nil, s.data)])
        _ = s.receive(.noteWritten(.info("note written"), runID: s.data.bundle.runID))
        s.press(.char("c"), .enter, .enter, .enter)
        let effects = s.press(.char("x"))
        #expect(effects == [.exportNote(TriageDecision(failureClass: .misplacedFile, comment: ""), s.data)])
        _ = s.receive(.recordSaved(.info("saved"), runID: s.data.bundle.runID))
        _ = s.receive(.noteWritten(.info("note written to triage/run-0142.md"), runID: s.data.bundle.runID))
        #expect(TriageRenderer.render(s).text.contains("note written to triage/run-0142.md"))
    }

    @Test func sessionOpensWithAnEarlierDecisionAndDraft() {
        let inv = TriageFixture.inventory()
        let session = TriageSession(
            bundle: TriageFixture.bundle(inv), report: TriageFixture.report(inv), rules: TriageFixture.rules(),
            confirmed: TriageDecision(failureClass: .unsetAttribute, comment: "ok"),
            draft: TriageDraft(failureClass: .skippedCleanup, comment: "was typing"))
        var s = TriageState(session: session)
        #expect(s.decision?.failureClass == .unsetAttribute)
        #expect(s.message?.text == "A draft is kept (skipped cleanup): c to finish it", "the draft is offered on opening")
        s.press(.char("c"))
        guard case .chooser(let chooser)? = s.overlays.last else {
            Issue.record("no chooser")
            return
        }
        #expect(chooser.selected?.value == FailureClass.skippedCleanup.rawValue, "the draft's class comes first")
        s.press(.enter)
        #expect(s.pendingDraft?.comment == "was typing")
    }
}
