import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// Issue 18 §3: one row per file. The rows come from the check's own grouping (a folder
/// whose files all break a rule the same way is one violation with `fileCount`), so
/// these tests run the real rules engine over a container made here.
@Suite struct ViolationRowsTests {
    static let rules = RulesInventory(rules: [
        BackupRule(name: "offline-packs", pattern: "Library/Application Support/Downloads/**", requirement: .regenerable),
        BackupRule(name: "caches-belong-in-caches", pattern: "Documents/*.db", requirement: .regenerable),
        BackupRule(name: "vault-db", pattern: "Documents/vault.sqlite", requirement: .mustRestore),
        BackupRule(name: "session-cache", pattern: "Documents/cache.*", requirement: .transient),
    ])

    static func inventory(packA: Int = 183, packB: Int = 40) -> Inventory {
        var b = InventoryBuilder()
        let docs = b.addDirectory(name: Array("Documents".utf8), parent: 0)
        b.addFile(name: Array("vault.sqlite".utf8), parent: docs, size: 81_920, excluded: true)
        b.addFile(name: Array("cache.db".utf8), parent: docs, size: 20_480)
        let lib = b.addDirectory(name: Array("Library".utf8), parent: 0)
        let support = b.addDirectory(name: Array("Application Support".utf8), parent: lib)
        let downloads = b.addDirectory(name: Array("Downloads".utf8), parent: support)
        // One flagged file keeps Downloads itself from being reported as a whole.
        b.addFile(name: Array("index.json".utf8), parent: downloads, size: 100, excluded: true)
        let a = b.addDirectory(name: Array("packA".utf8), parent: downloads)
        for i in 0..<packA { b.addFile(name: Array("item-\(i).bin".utf8), parent: a, size: 1_000) }
        let bDir = b.addDirectory(name: Array("packB".utf8), parent: downloads)
        for i in 0..<packB { b.addFile(name: Array("item-\(i).bin".utf8), parent: bDir, size: 10_000) }
        _ = b.addDirectory(name: Array("tmp".utf8), parent: 0)
        return b.build()
    }

    static func state(rows: Int = 24, cols: Int = 80) -> TriageState {
        let inventory = inventory()
        var bundle = EvidenceBundle(runID: "run-0160")
        bundle.inventory = inventory
        let compiled = RulesEngine.compile(rules)
        let report = RulesEngine.check(bundle: bundle, compiled: compiled, rulesSource: "rules.json", rulesDiagnostics: [])
        return TriageState(data: TriageData(bundle: bundle, report: report, rules: compiled), rows: rows, cols: cols)
    }

    /// The rows' paths as the pane lists them.
    static func listed(_ s: TriageState) -> [String] { s.violations.shown.map { s.data.violationRows.rows[$0].path } }

    @Test func aFileBreakingTwoRulesIsOneRowNamingBoth() throws {
        let s = Self.state()
        let rows = s.data.violationRows.rows
        let cache = try #require(rows.first { $0.path == "Documents/cache.db" })
        #expect(rows.filter { $0.path == "Documents/cache.db" }.count == 1)
        let report = s.data.report
        #expect(cache.violations.count == report.violations.filter { $0.path == "Documents/cache.db" }.count)
        #expect(Set(cache.violations.compactMap { report.violations[$0].ruleName }) == ["caches-belong-in-caches", "session-cache"])
        #expect(cache.kinds == [.unsetAttribute, .misplacedFile, .skippedCleanup], "most severe first")
        #expect(rows.count == 4, "cache.db, vault.sqlite and the two folders")
        #expect(s.violations.shown.count == rows.count)
    }

    @Test func unflaggedFoldersReportedAsAWholeAreOneRowEach() throws {
        var s = Self.state()
        let folders = s.data.violationRows.rows.filter(\.isFolder)
        #expect(folders.map(\.path).sorted() == ["Library/Application Support/Downloads/packA", "Library/Application Support/Downloads/packB"])
        #expect(folders.map(\.fileCount).sorted() == [40, 183])
        s.press(.tab)
        let text = TriageRenderer.render(s).text
        #expect(text.contains("packA/  folder: 183 files"))
        #expect(text.contains("packB/  folder: 40 files"))
        #expect(!text.contains("item-"), "no row per file of a folder reported as a whole")
    }

    @Test func headerCountsFilesWithTheRuleHitsSecond() {
        let s = Self.state(rows: 24, cols: 160)
        let rows = s.data.violationRows
        // cache.db and vault.sqlite, and the folders' files.
        #expect(rows.fileCount(of: .unsetAttribute) == 1 + 1 + 183 + 40)
        #expect(rows.fileCount(of: .misplacedFile) == 1)
        // Counted once when the rows are made; the same as a walk of the rows.
        for kind in ViolationKind.allCases {
            #expect(rows.fileCount(of: kind) == rows.rows.filter { $0.kinds.contains(kind) }.map(\.fileCount).reduce(0, +))
            #expect(rows.rowCount(of: kind) == rows.rows.filter { $0.kinds.contains(kind) }.count)
        }
        let hits = s.data.report.violations.filter(\.kind.isBlocking).count
        let header = TriageRenderer.render(s).line(1)
        #expect(header.contains("U 225 files M 1 C 1 (\(hits) rule hits)"), "\(header)")
    }

    @Test func theRuleChooserCountsRows() throws {
        var s = Self.state()
        s.press(.tab, .char("r"))
        guard case .chooser(let chooser)? = s.overlays.last else {
            Issue.record("no chooser")
            return
        }
        #expect(chooser.options.first?.count == 4)
        #expect(try #require(chooser.options.first { $0.value == "offline-packs" }).count == 2)
        #expect(try #require(chooser.options.first { $0.value == "session-cache" }).count == 1)
    }

    @Test func rowsAreListedInTheTreesOrder() {
        var s = Self.state()
        // By size: Library (the packs, packB the larger) before Documents (vault, then cache).
        #expect(
            Self.listed(s) == [
                "Library/Application Support/Downloads/packB", "Library/Application Support/Downloads/packA", "Documents/vault.sqlite",
                "Documents/cache.db",
            ])
        s.press(.char("a"))  // by name: Documents first, cache.db before vault.sqlite
        #expect(s.tree.order.key == .name)
        #expect(
            Self.listed(s) == [
                "Documents/cache.db", "Documents/vault.sqlite", "Library/Application Support/Downloads/packA",
                "Library/Application Support/Downloads/packB",
            ])
    }

    @Test func eGoesFirstToTheFirstListedThenStepsAndSaysWhenItWraps() throws {
        var s = Self.state()
        let listed = Self.listed(s)
        s.press(.char("e"))
        #expect(s.selectedPath == listed[0], "the first e goes to the first listed")
        #expect(s.message?.text == "violation 1 of 4")
        let inventory = try #require(s.data.inventory)
        #expect(inventory.path(s.tree.directory) == "Library/Application Support/Downloads", "the way to it is opened")
        s.press(.char("e"), .char("e"), .char("e"))
        #expect(s.selectedPath == listed[3])
        #expect(s.message?.text == "violation 4 of 4")
        s.press(.char("e"))
        #expect(s.selectedPath == listed[0])
        #expect(s.message?.text == "violation 1 of 4 (hit BOTTOM, continuing at TOP)")
        s.press(.char("E"))
        #expect(s.selectedPath == listed[3])
        #expect(s.message?.text == "violation 4 of 4 (hit TOP, continuing at BOTTOM)")
    }

    @Test func theFirstEGoesToTheLastListed() {
        var s = Self.state()
        s.press(.char("E"))
        #expect(s.selectedPath == Self.listed(s).last)
        #expect(s.message?.text == "violation 4 of 4")
    }

    @Test func eFollowsAReSortedTree() {
        var s = Self.state()
        s.press(.char("a"), .char("e"))
        #expect(s.selectedPath == "Documents/cache.db", "first in name order")
        s.press(.char("e"))
        #expect(s.selectedPath == "Documents/vault.sqlite")
    }

    @Test func detailsOfARowShowEveryViolation() throws {
        var s = Self.state(rows: 40, cols: 120)
        s.press(.char("a"), .tab, .char("g"), .char("i"))  // cache.db first by name
        guard case .details(let view)? = s.overlays.last else {
            Issue.record("no details")
            return
        }
        let text = view.lines.map { $0.map(\.text).joined() }
        let reported = s.data.report.violations.filter { $0.path == "Documents/cache.db" }
        #expect(text.filter { $0.hasPrefix(" Violation ") }.count == reported.count)
        for v in reported { #expect(text.contains { $0.contains(v.reason) }) }
        #expect(text.contains { $0.contains("Documents/cache.db") })
    }

    /// The rows as drawn: the folders with their file counts, cache.db once.
    @Test func violationsByFileGolden() throws {
        for (rows, cols) in [(24, 80), (40, 120)] {
            var s = Self.state(rows: rows, cols: cols)
            s.press(.tab)
            try assertGolden(TriageRenderer.render(s).text, "violations-by-file-\(cols)x\(rows)")
        }
    }
}
