import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// The tree, its title, the details, the budgets while the check runs and the run list's
/// volumes never show a size the scan did not record as `0 B` or as the lowest bar: an
/// entry with no size is `unknown`, a total that leaves some out `4.0 KiB+`, as `summary`
/// writes them.
@Suite struct UnrecordedSizeScreenTests {
    /// Documents measured; Library holds only an entry `ncdu --exclude` never measured;
    /// SystemData measured empty; tmp holds two sizes not recorded beside measured ones.
    static let export = """
        [1,2,{"progname":"ncdu","progver":"1.18","timestamp":1767225700},
        [{"name":"/home/ci/app-data"},
        [{"name":"Documents"},{"name":"Vault.sqlite","asize":81920}],
        [{"name":"Library"},[{"name":"Caches"},{"name":"big.bin","excluded":"pattern"}]],
        [{"name":"SystemData"}],
        [{"name":"tmp"},{"name":"skipped.bin","excluded":"pattern"},{"name":"locked.bin","read_error":true},{"name":"zero.bin","asize":0},
        {"name":"CFNetworkDownload_x.tmp","asize":4096}]]]

        """

    static func state(rows: Int = 40, cols: Int = 120) -> TriageState {
        EvidenceFixture.state([EvidenceLayout.inventoryJSON: export], rows: rows, cols: cols)
    }

    static func names(_ s: TriageState) -> [String] {
        s.tree.entries.map { s.data.inventory!.name($0) }
    }

    static func row(_ text: String, _ name: String) throws -> Substring {
        try #require(text.split(separator: "\n").first { $0.hasSuffix(" " + name) }, "\(name) in\n\(text)")
    }

    @Test func aFolderOrFileWithoutARecordedSizeIsUnknownAndATotalWithoutSomeIsALowerBound() throws {
        var s = Self.state()
        var text = TriageRenderer.render(s, glyphs: .ascii).text
        // Title: the container's total leaves out four entries.
        #expect(text.contains("4 entries · 84.0 KiB+ · sort size desc"), "\(text)")
        let documents = try Self.row(text, "Documents/")
        #expect(documents.contains(" 80.0 KiB [####"), "\(documents)")
        let tmp = try Self.row(text, "tmp/")
        #expect(tmp.contains("  4.0 KiB+ ["), "\(tmp)")
        let systemData = try Self.row(text, "SystemData/")
        #expect(systemData.contains("      0 B [    "), "\(systemData)")
        // No bar for what is not known: an empty one would read as 0 B.
        let library = try Self.row(text, "Library/")
        #expect(library.contains("  unknown  "), "\(library)")
        #expect(!library.contains("["), "\(library)")

        s.press(.char("j"), .enter)  // tmp, second by size
        text = TriageRenderer.render(s, glyphs: .ascii).text
        #expect(text.contains("4 entries · 4.0 KiB+ · sort size desc"), "\(text)")
        for name in ["skipped.bin<", "locked.bin"] {
            let row = try Self.row(text, name)
            #expect(row.contains("  unknown  ") && !row.contains("0 B") && !row.contains("["), "\(row)")
        }
        #expect(try Self.row(text, "zero.bin").contains("      0 B ["))
    }

    @Test func theTreeWithSizesNotRecordedGolden() throws {
        for (rows, cols) in ScreenGoldenTests.sizes {
            var s = Self.state(rows: rows, cols: cols)
            try assertGolden(TriageRenderer.render(s).text, "tree-unrecorded-sizes-\(cols)x\(rows)")
            s.press(.char("j"), .enter)
            try assertGolden(TriageRenderer.render(s).text, "tree-unrecorded-sizes-tmp-\(cols)x\(rows)")
        }
    }

    /// By size an unknown size comes last, in either direction, A to Z; a lower bound
    /// sorts by what was recorded; a measured 0 B is a size like any other.
    @Test func sortingBySizePutsUnknownSizesLast() {
        var s = Self.state()
        #expect(Self.names(s) == ["Documents", "tmp", "SystemData", "Library"])
        s.press(.char("s"))
        #expect(Self.names(s) == ["SystemData", "tmp", "Documents", "Library"])
        s.press(.char("s"), .char("j"), .enter)
        #expect(Self.names(s) == ["CFNetworkDownload_x.tmp", "zero.bin", "locked.bin", "skipped.bin"])
        s.press(.char("s"))
        #expect(Self.names(s) == ["zero.bin", "CFNetworkDownload_x.tmp", "locked.bin", "skipped.bin"])
        // By name nothing changes.
        s.press(.char("a"))
        #expect(Self.names(s) == ["CFNetworkDownload_x.tmp", "locked.bin", "skipped.bin", "zero.bin"])
    }

    @Test func theDetailsOfAFolderSayWhatItsTotalLeavesOut() throws {
        let s = Self.state()
        let inventory = try #require(s.data.inventory)
        func size(_ path: String) throws -> String {
            let lines = DetailsView.lines(.node(try #require(inventory.lookup(path))), data: s.data, glyphs: .ascii)
            return lines.map { $0.map(\.text).joined() }.first { $0.contains("Size") } ?? ""
        }
        #expect(try size("tmp").hasSuffix("at least 4.0 KiB (4096 B); 2 entries below have no recorded size"))
        #expect(try size("Library").hasSuffix("not recorded (1 entry below has no recorded size)"))
        #expect(try size("Library/Caches").hasSuffix("not recorded (1 entry below has no recorded size)"))
        #expect(try size("Documents").hasSuffix("80.0 KiB (81920 B)"))
        #expect(try size("SystemData").hasSuffix("0 B"))
    }

    /// While the check runs the budgets pane shows the top-level totals: as the finished
    /// pane does, unknown and lower bounds, never 0 and no bar for unknown. The rules here
    /// set no budget, so the finished pane shows the same rows.
    @Test func theBudgetRowsWhileCheckingSayUnknownAndAtLeast() throws {
        let checked = Self.state()
        let session = TriageSession(
            bundle: checked.data.bundle, report: .awaitingCheck(rulesSource: "rules.json", rulesDiagnostics: []),
            rules: checked.data.rules, needsCheck: true)
        for var s in [TriageState(session: session, rows: 40, cols: 120), checked] {
            s.press(.backTab)
            let text = TriageRenderer.render(s, glyphs: .ascii).text
            let lines = text.split(separator: "\n")
            let library = try #require(lines.first { $0.hasPrefix(" Library ") }, "\(text)")
            #expect(library.contains("   unknown") && !library.contains("["), "\(text)")
            let tmp = try #require(lines.first { $0.hasPrefix(" tmp ") }, "\(text)")
            #expect(tmp.contains("  4.0 KiB+"), "\(text)")
        }
    }

    /// A run whose Documents total is not known is a `?` in the sparkline, not the
    /// lowest bar, and scales nothing; the run's own total says `unknown`.
    @Test func aRunWhoseTotalIsNotRecordedIsNoPointOfTheSparkline() {
        // A path list without sizes.txt: every file there, no size.
        let unsized = RunSummaryReader.read(
            runID: "run-2026-11-06-mixed",
            from: MemoryEvidenceSource(text: [
                EvidenceLayout.filesList: "./Documents/a.bin\n./Library/Caches/b.bin\n./tmp/c.bin\n"
            ]), rules: .bundle)
        var state = ArchiveState(title: "SampleArchives", runIDs: ArchiveFixture.runIDs, rows: 24, cols: 80)
        for id in ArchiveFixture.runIDs {
            var summary = ArchiveFixture.summary(id)
            if id == "run-2026-11-06-mixed" { summary.volumes = unsized.volumes }
            _ = state.receive(.summaryRead(summary))
        }
        let text = RunListRenderer.render(state, glyphs: .ascii).text
        // The five older runs scale to the largest of them (25 quarter MiB), not to 0.
        #expect(text.contains("Documents   _.~=#? unknown"), "\(text)")
        #expect(!text.contains("0 B"), "\(text)")
    }
}

extension UnrecordedSizeScreenTests {
    /// The diff view's row of a new violation says `unknown` as the Violations pane does.
    @Test func theDiffViewsViolationRowSaysUnknown() throws {
        var s = TriageState(data: Self.state().data, rows: 40, cols: 120, canCompare: true)
        var b = InventoryBuilder()
        let docs = b.addDirectory(name: Array("Documents".utf8), parent: 0)
        b.addFile(name: Array("Vault.sqlite".utf8), parent: docs, size: 81_920)
        _ = s.press(.char("b"))
        _ = s.receive(.basesFound(ComparisonTests.candidates, .latestPassing, runID: "run-0150"))
        _ = s.receive(
            .baseLoaded("run-2026-11-02", .success(ComparisonFixture.comparing(s.data, base: b.build())), runID: "run-0150"))
        let text = TriageRenderer.render(s, glyphs: .ascii).text
        let lines = text.split(separator: "\n")
        let skipped = try #require(lines.first { $0.hasPrefix(" new ") && $0.contains("tmp/skipped.bin") }, "\(text)")
        #expect(skipped.contains("  unknown  tmp/skipped.bin"), "\(skipped)")
        let download = try #require(lines.first { $0.hasPrefix(" new ") && $0.contains("tmp/CFNetworkDownload_x.tmp") }, "\(text)")
        #expect(download.contains("  4.0 KiB  tmp/CFNetworkDownload_x.tmp"), "\(download)")
        // The files section: an added file of no recorded size is `unknown`, with no
        // delta, and the title's growth is a lower bound.
        let added = try #require(lines.first { $0.hasPrefix(" added ") && $0.contains("tmp/skipped.bin") }, "\(text)")
        #expect(added.contains("  unknown  tmp/skipped.bin"), "\(added)")
        #expect(!added.contains("+0 B") && !added.contains(" 0 B"), "\(added)")
        let title = try #require(lines.first { $0.hasPrefix(" Since ") }, "\(text)")
        #expect(title.hasSuffix(" · +4.0 KiB+"), "\(title)")
    }
}
