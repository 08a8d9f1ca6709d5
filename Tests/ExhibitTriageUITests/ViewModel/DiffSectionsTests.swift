import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// The diff view's sections: what got worse first, each under a title with its count,
/// the selection stepping over the titles, Enter from each kind of row.
@Suite struct DiffSectionsTests {
    static func state(rows: Int = 24, cols: Int = 80) -> TriageState {
        var s = TriageState(data: TriageFixture.data(), rows: rows, cols: cols, canCompare: true)
        _ = s.receive(.baseLoaded("run-2026-11-02", .success(ComparisonFixture.everySection()), runID: "run-0142"))
        return s
    }

    static func view(_ s: TriageState) throws -> DiffView {
        guard case .diff(let view)? = s.overlays.last else { throw Failure.noDiff }
        return view
    }

    enum Failure: Error { case noDiff }

    @Test func sectionsComeRegressionsFirstWithTheirCounts() throws {
        let view = try Self.view(Self.state())
        let sections = view.rows.compactMap { row -> String? in
            if case .section(let section, let count) = row.item { return "\(section.rawValue) \(count)" }
            return nil
        }
        #expect(
            sections == [
                "new-violations 5", "now-backed-up 1", "newly-failing-tests 3", "moved 1", "files 8", "fixed-violations 1",
                "now-excluded 1", "fixed-tests 1", "flaky-tests 1",
            ])
        // Blocking: the catalog's U, cache.db's M and the escape-named file's M; the
        // catalog lost its flag; three tests fail that did not.
        #expect(view.regressions == 7)
        #expect(view.improvements == 3)
    }

    @Test func eachRowSaysWhatChanged() throws {
        let view = try Self.view(Self.state())
        let flags = view.rows.compactMap { row -> InventoryDiff.FlagChange? in
            if case .flag(let f) = row.item { return f }
            return nil
        }
        #expect(flags.map(\.path) == ["Library/Application Support/offline-catalog.db", "Library/Application Support/thumbnails"])
        #expect(flags.map(\.direction) == [.nowBackedUp, .nowExcluded])
        #expect(flags[1].fileCount == 2 && flags[1].bytes == 81_920)
        let moved = view.rows.compactMap { row -> InventoryDiff.Move? in
            if case .move(let m) = row.item { return m }
            return nil
        }
        #expect(moved.map(\.basePath) == ["Library/Caches/cache.db"])
        #expect(!view.rows.contains { $0.entry?.path == "Documents/cache.db" }, "a moved file is not also added")
        let tests = view.rows.compactMap { row -> String? in
            if case .test(let t, _) = row.item { return t.test + ": " + t.other }
            return nil
        }
        #expect(
            tests == [
                "BackupBoundaryTests/testCacheNotInDocuments(): passed in base",
                "BackupBoundaryTests/testCatalogExcluded(): passed in base",
                "SyncTests/testSyncTimeout(): not listed in base",
                "BackupBoundaryTests/testThumbnailsExcluded(): passed",
                "SyncTests/testLoginRetries(): not flaky in base",
            ])
    }

    @Test func theSelectionStepsOverTitles() throws {
        var s = Self.state()
        var view = try Self.view(s)
        #expect(view.cursor.index == 1 && view.cursor.offset == 0, "the first row, under its title")
        s.press(.char("k"))
        view = try Self.view(s)
        #expect(view.cursor.index == 1)
        for _ in 0..<5 { s.press(.char("j")) }  // past the five new violations' last onto the flag
        view = try Self.view(s)
        guard case .flag = view.rows[view.cursor.index].item else {
            Issue.record("not on the flag change: \(view.rows[view.cursor.index].item)")
            return
        }
        s.press(.char("k"))
        view = try Self.view(s)
        guard case .violation = view.rows[view.cursor.index].item else {
            Issue.record("not back on a violation")
            return
        }
        s.press(.char("G"))
        #expect(try Self.view(s).selected?.path == "SyncTests/testLoginRetries()")
        s.press(.char("g"))
        #expect(try Self.view(s).cursor.index == 1)
    }

    @Test func enterOnAFlagShowsItInTheTree() throws {
        var s = Self.state()
        let at = try #require(try Self.view(s).rows.firstIndex { if case .flag = $0.item { true } else { false } })
        while try Self.view(s).cursor.index != at { s.press(.char("j")) }
        s.press(.enter)
        #expect(s.overlays.isEmpty && s.focus == .tree)
        #expect(s.selectedPath == "Library/Application Support/offline-catalog.db")
    }

    @Test func enterOnANewlyFailingTestShowsItInTheFailuresPane() throws {
        var s = Self.state()
        let at = try #require(try Self.view(s).rows.firstIndex { $0.path == "BackupBoundaryTests/testCatalogExcluded()" })
        while try Self.view(s).cursor.index != at { s.press(.char("j")) }
        s.press(.enter)
        #expect(s.overlays.isEmpty && s.focus == .failures)
        #expect(s.data.failures[s.failures.index].displayName == "BackupBoundaryTests/testCatalogExcluded()")
    }

    @Test func enterOnAFixedTestSaysItIsNotFailing() throws {
        var s = Self.state()
        s.press(.char("G"), .char("k"))
        #expect(try Self.view(s).selected?.path == "BackupBoundaryTests/testThumbnailsExcluded()")
        s.press(.enter)
        #expect(s.context == .diff)
        #expect(s.message?.text == "BackupBoundaryTests/testThumbnailsExcluded(): passed; not failing in this run")
    }

    @Test func whatWasNotComparedIsSaid() throws {
        var s = TriageState(data: TriageFixture.data(), rows: 24, cols: 80, canCompare: true)
        var base = InventoryBuilder()
        base.flagRecording = .itemByItem
        let docs = base.addDirectory(name: Array("Documents".utf8), parent: 0)
        base.addFile(name: Array("vault.sqlite".utf8), parent: docs, size: 81_920)
        _ = s.receive(.baseLoaded("run-x", .success(ComparisonFixture.comparing(base: base.build())), runID: "run-0142"))
        let text = TriageRenderer.render(s).text
        #expect(text.contains("Flags not compared: 1 file not recorded in base, 0 not recorded in this run"))
        #expect(text.contains("Tests not compared: no test results in the base run"))
    }

    /// A base whose flags are unknown to a blocking rule: the count is only what is
    /// known, and the view says so first, as `diff` does.
    @Test func aComparisonCheckWouldNotDecideOnSaysSo() throws {
        let data = TriageFixture.data()
        var baseReport = data.report
        baseReport.undecided = [
            Violation(kind: .unsetAttribute, path: "Library/Caches/x", size: 1, ruleName: "models", reason: "flag not recorded")
        ]
        let comparison = RunComparison(
            baseRunID: "run-x", base: data.inventory!, baseReport: baseReport, baseResults: data.bundle.primaryResults,
            runID: data.bundle.runID, run: data.inventory!, report: data.report, results: data.bundle.primaryResults)
        #expect(!comparison.isDecided)
        var s = TriageState(data: data, rows: 24, cols: 100, canCompare: true)
        _ = s.receive(.baseLoaded("run-x", .success(comparison), runID: "run-0142"))
        let text = TriageRenderer.render(s).text
        #expect(text.contains("0 regressions known, not decided"), "\(text)")
        #expect(text.contains(" Not decided (base): 1 blocking rule is undecided: the exclusion flags"), "\(text)")
        let decided = try Self.view(Self.state())
        #expect(decided.isDecided)
    }

    @Test func sectionsGolden() throws {
        for (rows, cols) in [(17, 60)] + ScreenGoldenTests.sizes {
            try assertGolden(TriageRenderer.render(Self.state(rows: rows, cols: cols)).text, "diff-sections-\(cols)x\(rows)")
        }
        var s = Self.state(rows: 24, cols: 80)
        for _ in 0..<20 { s.press(.char("j")) }
        try assertGolden(TriageRenderer.render(s).text, "diff-sections-scrolled-80x24")
    }
}
