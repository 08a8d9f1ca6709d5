import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// Golden screens of issue 18 items 6 and 8 (`EXHIBIT_UPDATE_GOLDEN=1` re-records): names
/// made of joined emoji, flags, presentation selectors and marks, in UTF-8 and ASCII;
/// the header naming a configuration regression; a run without test results. 40x12 is
/// below the UI's minimum (the too-small screen), so the sizes are 80x24 and 120x40.
@Suite struct NamesAndHeadlineGoldenTests {
    static let names = [
        "👨\u{200D}👩\u{200D}👧\u{200D}👦 family.jpg", "🇯🇵 Kyoto itinerary.pdf", "✈\u{FE0F} boarding pass.pkpass",
        "Cafe\u{301} menu.txt", "αβγδεζηθικλμνξοπρστυφχψω ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ αβγδεζηθικλμνξοπρστυφχψω.txt",
        "日本語ファイル名がとても長い場合でも切り詰めるけれど拡張子は残る.txt",
    ]

    static func namesState(rows: Int, cols: Int) -> TriageState {
        var b = InventoryBuilder()
        let docs = b.addDirectory(name: Array("Documents".utf8), parent: 0)
        for (i, name) in names.enumerated() { b.addFile(name: Array(name.utf8), parent: docs, size: UInt64(90_000 - i * 1_000)) }
        _ = b.addDirectory(name: Array("✈\u{FE0F}".utf8), parent: docs)
        let inventory = b.build()
        var bundle = TriageFixture.bundle(inventory)
        bundle.results = []
        let compiled = RulesEngine.compile(RulesInventory.builtInDefaults)
        let report = RulesEngine.check(bundle: bundle, compiled: compiled, rulesSource: "built-in", rulesDiagnostics: [])
        var state = TriageState(data: TriageData(bundle: bundle, report: report, rules: compiled), rows: rows, cols: cols)
        state.press(.enter)
        return state
    }

    @Test func namesAreDrawnWholeAndCutOutsideEscapes() throws {
        for (rows, cols) in ScreenGoldenTests.sizes {
            let grid = TriageRenderer.render(Self.namesState(rows: rows, cols: cols))
            try assertGolden(grid.text, "names-clusters-\(cols)x\(rows)")
            for row in 0..<grid.rows { #expect(DisplayWidth.of(grid.line(row)) <= cols) }
        }
        let ascii = TriageRenderer.render(Self.namesState(rows: 24, cols: 80), glyphs: .ascii)
        try assertGolden(ascii.text, "names-clusters-ascii-80x24")
        #expect(!ascii.text.contains("~"), "no name is never-backed-up here, and the ellipsis is `...`")
    }

    static func configurationState(rows: Int, cols: Int) -> TriageState {
        let inventory = TriageFixture.inventory()
        var bundle = TriageFixture.bundle(inventory)
        bundle.results[0].failures = [
            TestFailure(
                testName: "testReindexTaskRuns()", identifier: "BackgroundTaskTests/testReindexTaskRuns()",
                failureText: "com.example.vault.reindex handler was not called within 30 s")
        ]
        bundle.results[0].failedCount = 1
        let violations = [
            Violation(
                kind: .skippedCleanup, node: inventory.lookup("tmp/upload-session.tmp"), path: "tmp/upload-session.tmp", size: 307_200,
                ruleName: "tmp-empty", step: "testReindexTaskRuns", reason: "tmp/ must be empty after the tests"),
            Violation(
                kind: .configuration, path: "app/Info.plist", size: 0, ruleName: "com.example.vault.reindex",
                reason: "processing task not listed in BGTaskSchedulerPermittedIdentifiers: the system refuses to schedule it"),
        ]
        let report = CheckReport(
            violations: violations, proposal: Classifier.classify(violations: violations, failures: bundle.failures), budgets: [],
            rulesSource: "rules.json", rulesDiagnostics: [])
        return TriageState(data: TriageData(bundle: bundle, report: report), rows: rows, cols: cols)
    }

    @Test func theHeaderNamesTheConfigurationRegression() throws {
        for (rows, cols) in ScreenGoldenTests.sizes {
            let grid = TriageRenderer.render(Self.configurationState(rows: rows, cols: cols))
            try assertGolden(grid.text, "headline-configuration-\(cols)x\(rows)")
            #expect(grid.line(1).contains("Proposed config regression"))
        }
    }

    @Test func aRunWithoutResultsSaysSoInTheHeaderAndTheFailuresPane() throws {
        for (rows, cols) in ScreenGoldenTests.sizes {
            var state = Self.namesState(rows: rows, cols: cols)
            state.press(.char("h"), .tab, .tab)
            let grid = TriageRenderer.render(state)
            try assertGolden(grid.text, "headline-no-results-\(cols)x\(rows)")
            #expect(grid.text.contains("No test results in the bundle."))
            #expect(!grid.text.contains("(clear)") && !grid.text.contains("No failing tests"))
        }
    }
}
