import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// The budgets while the check runs and the run list's volumes never show a size the
/// scan did not record as `0 B` or as the lowest bar: a total with no size is `unknown`,
/// one that leaves some out `4.0 KiB+`, as `summary` writes them.
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
