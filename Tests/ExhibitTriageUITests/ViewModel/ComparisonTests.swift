import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// `b` and `B` in a run's UI: choosing the base, the effects the driver performs, the
/// diff view's order and keys, and the volume sparklines of the run list.
@Suite struct ComparisonTests {
    /// The fixture run's base: cache.db and the export not written yet, the catalog
    /// smaller, an old log since removed.
    static func baseInventory() -> Inventory {
        var b = InventoryBuilder()
        let docs = b.addDirectory(name: Array("Documents".utf8), parent: 0)
        b.addFile(name: Array("vault.sqlite".utf8), parent: docs, size: 81_920)
        b.addFile(name: Array("old.log".utf8), parent: docs, size: 4_096, step: "testSeedVault")
        let lib = b.addDirectory(name: Array("Library".utf8), parent: 0)
        let support = b.addDirectory(name: Array("Application Support".utf8), parent: lib)
        b.addFile(name: Array("offline-catalog.db".utf8), parent: support, size: 4_194_304)
        let prefs = b.addDirectory(name: Array("Preferences".utf8), parent: lib)
        b.addFile(name: Array("com.example.vault.plist".utf8), parent: prefs, size: 4_096)
        return b.build()
    }

    static let candidates = [
        BaseCandidate(runID: "run-2026-11-05", date: 1_793_836_800, dateText: "2026-11-05", outcome: .passed),
        BaseCandidate(runID: "run-2026-11-03", date: 1_793_664_000, dateText: "2026-11-03", outcome: .failed),
        BaseCandidate(runID: "run-2026-11-02", date: 1_793_577_600, dateText: "2026-11-02", outcome: .passed),
        BaseCandidate(runID: "run-2026-10-20", date: 1_792_454_400, dateText: "2026-10-20", outcome: .passed),
        BaseCandidate(runID: "run-0142", date: 1_793_750_400, dateText: "2026-11-04", outcome: .failed),
    ]

    static func state(rows: Int = 24, cols: Int = 80, canCompare: Bool = true) -> TriageState {
        TriageState(data: TriageFixture.data(), rows: rows, cols: cols, canCompare: canCompare)
    }

    /// The fixture run compared with `baseInventory`, as after `b`.
    static func comparing(rows: Int = 24, cols: Int = 80) -> TriageState {
        var s = state(rows: rows, cols: cols)
        let effects = s.press(.char("b"))
        let follow = s.receive(.basesFound(candidates, .latestPassing, runID: "run-0142"))
        #expect(effects == [.listBases(.latestPassing, runID: "run-0142")])
        #expect(follow == [.loadBase("run-2026-11-02", of: s.data)])
        _ = s.receive(.baseLoaded("run-2026-11-02", .success(ComparisonFixture.comparing(base: baseInventory())), runID: "run-0142"))
        return s
    }

    static func diffView(_ s: TriageState) -> DiffView? {
        if case .diff(let view)? = s.overlays.last { return view }
        return nil
    }

    // MARK: - Choosing the base

    @Test func latestEarlierPassingRunIsTheBase() {
        let base = BaseCandidate.latestPassing(before: "run-0142", runDate: 0, among: Self.candidates)
        #expect(base?.runID == "run-2026-11-02")  // 11-05 passed but is later; 11-03 is earlier but failed
    }

    @Test func sameDateRunsAreOrderedByID() {
        let day = 1_793_577_600.0
        let runs = [
            BaseCandidate(runID: "run-2026-11-02-a", date: day, dateText: "", outcome: .passed),
            BaseCandidate(runID: "run-2026-11-02-b", date: day, dateText: "", outcome: .failed),
            BaseCandidate(runID: "run-2026-11-02-c", date: day, dateText: "", outcome: .passed),
        ]
        #expect(BaseCandidate.latestPassing(before: "run-2026-11-02-b", runDate: 0, among: runs)?.runID == "run-2026-11-02-a")
        #expect(BaseCandidate.latestPassing(before: "run-2026-11-02-a", runDate: 0, among: runs) == nil)
    }

    @Test func withoutItsOwnEntryTheRunDateDecides() {
        let others = Self.candidates.filter { $0.runID != "run-0142" }
        #expect(BaseCandidate.latestPassing(before: "run-0142", runDate: 1_793_900_000, among: others)?.runID == "run-2026-11-05")
        #expect(BaseCandidate.latestPassing(before: "run-0142", runDate: 1_792_000_000, among: others) == nil)
    }

    // MARK: - b and B

    @Test func withoutOtherRunsBSaysSo() {
        var s = Self.state(canCompare: false)
        #expect(s.press(.char("b")).isEmpty)
        #expect(s.message?.text.contains("no other runs to compare with") == true)
        #expect(s.press(.char("B")).isEmpty)
        #expect(s.overlays.isEmpty)
    }

    @Test func noEarlierPassingRunIsAStatusMessage() {
        var s = Self.state()
        _ = s.press(.char("b"))
        let failedOnly = Self.candidates.map { c in
            var c = c
            c.outcome = .failed
            return c
        }
        #expect(s.receive(.basesFound(failedOnly, .latestPassing, runID: "run-0142")).isEmpty)
        #expect(s.message?.text == "no earlier run passed; B chooses a base")
        #expect(s.receive(.basesFound([Self.candidates[4]], .latestPassing, runID: "run-0142")).isEmpty)
        #expect(s.message?.text == "no earlier run to compare with; B chooses a base")
        #expect(s.overlays.isEmpty)
    }

    @Test func bigBChoosesAmongTheOtherRunsNewestFirst() throws {
        var s = Self.state()
        #expect(s.press(.char("B")) == [.listBases(.choose, runID: "run-0142")])
        #expect(s.receive(.basesFound(Self.candidates, .choose, runID: "run-0142")).isEmpty)
        guard case .chooser(let chooser)? = s.overlays.last else {
            Issue.record("no chooser")
            return
        }
        #expect(chooser.purpose == .base)
        #expect(chooser.options.map(\.value) == ["run-2026-11-05", "run-2026-11-03", "run-2026-11-02", "run-2026-10-20"])
        #expect(chooser.selected?.value == "run-2026-11-02")  // the latest earlier passing run
        #expect(chooser.options[1].label == "2026-11-03  run-2026-11-03  Failed")
        #expect(s.context == .chooser)
        #expect(s.press(.char("k"), .enter) == [.loadBase("run-2026-11-03", of: s.data)])
        #expect(s.overlays.isEmpty)
    }

    @Test func aBaseThatCannotBeReadIsAnError() {
        var s = Self.state()
        _ = s.receive(.baseLoaded("run-x", .failure(ArchiveOpenFailure("run-x: no container inventory to compare with")), runID: "run-0142"))
        #expect(s.message == .failure("run-x: no container inventory to compare with"))
        #expect(s.overlays.isEmpty)
    }

    // MARK: - The diff view

    @Test func filesAreSortedBySizeDelta() throws {
        let s = Self.comparing()
        #expect(s.context == .diff)
        let view = try #require(Self.diffView(s))
        #expect(view.baseRunID == "run-2026-11-02")
        #expect(
            view.rows.compactMap(\.entry?.path) == [
                "Documents/Exports/report-2026.pdf",  // added, 1.2 MiB
                "Library/Application Support/offline-catalog.db",  // grown by 1 MiB
                "tmp/upload-session.tmp", "Library/Caches/images/a.jpg",
                "Library/Application Support/thumbnails/t1.bin", "Library/Application Support/thumbnails/t2.bin",  // equal: by path
                "Documents/cache.db", "Documents/Exports/日本語ファイル.txt", "Library/Saved Application State/window.state",
                "Documents/" + TriageFixture.evilName,
                "Documents/old.log",  // removed: last
            ])
        let files = view.rows.filter { $0.entry != nil }
        #expect(files.first?.deltaBytes == 1_258_291)
        #expect(files[1].entry?.change == .grown && files[1].deltaBytes == 1_048_576)
        #expect(files.last?.entry?.change == .removed && files.last?.shrank == true)
        #expect(view.count(.added) == 9 && view.count(.grown) == 1 && view.count(.removed) == 1)
        #expect(view.bytesRemoved == 4_096)
        let cache = try #require(view.rows.compactMap(\.entry).first { $0.path == "Documents/cache.db" })
        #expect(cache.change == .added)
        #expect(cache.step == "testLogin")
        #expect(cache.violations.map(\.kind) == [.misplacedFile])
    }

    @Test func deltasSortDescendingWithRemovedFilesLast() throws {
        let s = Self.comparing()
        let view = try #require(Self.diffView(s))
        let files = view.rows.filter { $0.entry != nil }
        let growing = files.filter { !$0.shrank }.map(\.deltaBytes)
        #expect(growing == growing.sorted(by: >))
        let tail = files.drop { !$0.shrank }
        #expect(tail.allSatisfy { $0.shrank })
    }

    @Test func enterJumpsTheTreeToTheFile() throws {
        var s = Self.comparing()
        s.focus = .violations
        let catalog = try #require(Self.diffView(s)?.rows.firstIndex { $0.entry?.change == .grown })
        while Self.diffView(s)?.cursor.index != catalog { s.press(.char("j")) }  // the catalog, grown
        s.press(.enter)
        #expect(s.overlays.isEmpty)
        #expect(s.focus == .tree)
        #expect(s.selectedPath == "Library/Application Support/offline-catalog.db")
    }

    @Test func enterOnARemovedFileStays() {
        var s = Self.comparing()
        s.press(.char("G"), .enter)
        #expect(s.context == .diff)
        #expect(s.message?.text == "removed since run-2026-11-02: not in this run")
    }

    @Test func qAndEscapeGoBack() {
        var s = Self.comparing()
        #expect(s.press(.char("q")).isEmpty)
        #expect(s.overlays.isEmpty && s.context == .tree)
        s = Self.comparing()
        s.press(.escape)
        #expect(s.overlays.isEmpty)
    }

    @Test func helpAndAnotherBaseFromTheDiffView() {
        var s = Self.comparing()
        s.press(.char("?"))
        #expect(s.context == .help)
        s.press(.char("q"))
        #expect(s.context == .diff)
        #expect(s.press(.char("B")) == [.listBases(.choose, runID: "run-0142")])
        _ = s.receive(.basesFound(Self.candidates, .choose, runID: "run-0142"))
        #expect(s.press(.char("G"), .enter) == [.loadBase("run-2026-10-20", of: s.data)])
        _ = s.receive(
            .baseLoaded("run-2026-10-20", .success(ComparisonFixture.comparing(base: Self.baseInventory())), runID: "run-0142"))
        // The new comparison replaces the old one: one q is back at the tree.
        #expect(s.overlays.count == 1)
        s.press(.char("q"))
        #expect(s.overlays.isEmpty)
    }

    @Test func movingScrollsTheFiles() throws {
        var s = Self.comparing(rows: 17, cols: 60)
        s.press(.char("G"))
        let view = try #require(Self.diffView(s))
        #expect(view.cursor.index == view.rows.count - 1)
        #expect(view.cursor.offset == view.rows.count - s.layout.diffRows)
    }

    @Test func anEmptyDiffSaysNothingChanged() {
        var s = Self.state()
        _ = s.receive(.baseLoaded("run-same", .success(ComparisonFixture.same()), runID: "run-0142"))
        let text = TriageRenderer.render(s).text
        #expect(text.contains("No files added, removed or grown since run-same."))
    }

    @Test func theArchiveForwardsTheComparison() throws {
        var a = ArchiveFixture.state()
        a.perform(a.press(.enter))
        #expect(a.run != nil)
        // Fixture sessions have no comparison hook: b says so on the run's status line.
        #expect(a.press(.char("b")).isEmpty)
        #expect(a.run?.state.message?.text.contains("no other runs") == true)
        // The open run is the archive's newest: the latest passing run before it is 11-05.
        let open = try #require(a.run?.runID)
        #expect(
            a.receive(.run(.basesFound(Self.candidates, .latestPassing, runID: open)))
                == [.run(.loadBase("run-2026-11-05", of: try #require(a.run?.state.data)))])
        let data = try #require(a.run?.state.data)
        let comparison = ComparisonFixture.comparing(data, base: Self.baseInventory(), baseRunID: "run-2026-11-05")
        _ = a.receive(.run(.baseLoaded("run-2026-11-05", .success(comparison), runID: open)))
        #expect(a.context == .diff)
        a.press(.char("q"))
        #expect(a.context == .tree)
    }

    // MARK: - Volume drift in the run list

    @Test func sparklineScalesFromZeroWithAnASCIIFallback() {
        let values: [VolumeDrift.Volume?] = [.bytes(0), .bytes(4), .bytes(8), nil, .bytes(8)]
        #expect(Sparkline.render(values, glyphs: .unicode) == "▁▅█ █")
        #expect(Sparkline.render(values, glyphs: .ascii) == "_=# #")
        #expect(Sparkline.render([nil, nil], glyphs: .unicode) == "  ")
        #expect(Sparkline.render([.bytes(0), .bytes(0)], glyphs: .unicode) == "▁▁")
        #expect(Sparkline.render([.bytes(.max), .bytes(1)], glyphs: .unicode) == "█▁")
    }

    @Test func driftCoversTheRunAndTheOlderOnesWithGaps() throws {
        let state = ArchiveFixture.state()
        let drift = try #require(VolumeDrift(state.list, entryIndex: 0))
        #expect(drift.series.map(\.directory) == ["Documents", "Library", "tmp"])
        let quarterMiB: UInt64 = 262_144
        let squares: [UInt64] = [1, 4, 9, 16, 25, 36]
        let expected: [VolumeDrift.Volume?] = [nil, nil] + squares.map { .bytes($0 * quarterMiB) }
        #expect(drift.series[0].values == expected)
        #expect(drift.series[2].values.compactMap { $0 } == [0, 0, 0, 0, 307_200, 0].map(VolumeDrift.Volume.bytes))
        // Two runs in: the window is that run and the older ones only.
        let older = try #require(VolumeDrift(state.list, entryIndex: 2))
        #expect(older.series[0].values.compactMap { $0 } == squares.prefix(4).map { .bytes($0 * quarterMiB) })
    }

    @Test func unreadRunsAreGapsAndAnUnreadRunHasNoDrift() throws {
        // Read by name: the three oldest are read, the three newest not yet.
        let state = ArchiveFixture.state(read: 3)
        #expect(VolumeDrift(state.list, entryIndex: 0) == nil)
        let oldestRead = try #require(state.list.entries.firstIndex { $0.runID == "run-2026-11-03-unset" })
        let drift = try #require(VolumeDrift(state.list, entryIndex: oldestRead))
        let lastThree: [VolumeDrift.Volume?] = [.bytes(262_144), .bytes(1_048_576), .bytes(2_359_296)]
        #expect(Array(drift.series[0].values.suffix(3)) == lastThree)
        let text = RunListRenderer.render(ArchiveFixture.state(read: 6), glyphs: .ascii).text
        #expect(text.contains("Documents   _.-~+# 9.0 MiB"))
    }

    @Test func theSparklineMarksAnUnknownTotalAndScalesWithoutIt() {
        let values: [VolumeDrift.Volume?] = [nil, .bytes(0), .bytes(4), .unknown, .bytes(8)]
        #expect(Sparkline.render(values, glyphs: .unicode) == " ▁▅?█")
        #expect(Sparkline.render(values, glyphs: .ascii) == " _=?#")
        // An unknown total is no 0 and no maximum: the known ones scale alone.
        #expect(Sparkline.render([.bytes(4), .unknown, .bytes(8)], glyphs: .ascii) == "=?#")
        #expect(Sparkline.render([.unknown, .unknown, nil], glyphs: .ascii) == "?? ")
    }

    /// A total with a size not recorded below is no point of the drift, neither 0 nor its
    /// lower bound.
    @Test func driftTakesAPartlyRecordedTotalAsUnknown() {
        var state = ArchiveState(title: "archive", runIDs: ["run-2026-11-01-a", "run-2026-11-02-b", "run-2026-11-03-c"], rows: 24, cols: 80)
        for (i, id) in ["run-2026-11-01-a", "run-2026-11-02-b", "run-2026-11-03-c"].enumerated() {
            var s = RunSummary(runID: id)
            s.date = RunSummary.date(inRunID: id)
            s.volumes = [DirectoryVolume(directory: "Documents", bytes: UInt64(i + 1) * 1_024, unrecordedSizes: i == 1 ? 3 : 0)]
            _ = state.receive(.summaryRead(s))
        }
        let newest = state.list.entries.firstIndex { $0.runID == "run-2026-11-03-c" }
        #expect(newest == 0)
        let drift = VolumeDrift(state.list, entryIndex: newest ?? 0)
        #expect(drift?.series.first?.values.suffix(3) == [.bytes(1_024), .unknown, .bytes(3_072)])
    }

    @Test func aTopLevelTotalWithSizesNotRecordedIsUnknownOrALowerBound() {
        #expect(SizeLabel.text(of: DirectoryVolume(directory: "tmp", bytes: 0, unrecordedSizes: 2)) == "unknown")
        #expect(SizeLabel.text(of: DirectoryVolume(directory: "tmp", bytes: 4_096, unrecordedSizes: 1)) == "4.0 KiB+")
        #expect(SizeLabel.text(of: DirectoryVolume(directory: "tmp", bytes: 0)) == "0 B")
    }

    // MARK: - Goldens

    @Test func diffViewGolden() throws {
        for (rows, cols) in ScreenGoldenTests.sizes {
            try assertGolden(TriageRenderer.render(Self.comparing(rows: rows, cols: cols)).text, "diff-\(cols)x\(rows)")
        }
    }

    @Test func baseChooserGolden() throws {
        var s = Self.state()
        _ = s.receive(.basesFound(Self.candidates, .choose, runID: "run-0142"))
        try assertGolden(TriageRenderer.render(s).text, "diff-chooser-80x24")
    }
}
