import Testing

@testable import ExhibitCore
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// File names and failure texts from an archive are hostile input: nothing in them may
/// reach the grid (and so the terminal) as a raw control or escape sequence.
@Suite struct HostileTextTests {
    static let names: [[UInt8]] = [
        Array("esc\u{1B}[2Jclear".utf8),
        Array("csi\u{9B}31m".utf8),
        Array("osc\u{1B}]0;owned\u{07}.log".utf8),
        Array("bel\u{07}\u{07}".utf8),
        Array("rtl\u{202E}txt.exe".utf8),
        [0x62, 0x61, 0x64, 0xFF, 0xFE, 0xC3, 0x28, 0x2E, 0x74],  // invalid UTF-8
        Array("日本語ファイル名がとても長い場合でも切り詰める.txt".utf8),
        Array("emoji 👩‍👩‍👧 and ｆｕｌｌｗｉｄｔｈ".utf8),
        Array("new\nline\ttab\r".utf8),
    ]

    private static func isRawControl(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || s.value == 0x7F || (0x80...0x9F).contains(s.value)
            || (0x202A...0x202E).contains(s.value) || (0x2066...0x2069).contains(s.value)
    }

    private func assertClean(_ grid: Grid, sourceLocation: SourceLocation = #_sourceLocation) {
        for cell in grid.cells {
            #expect(
                !cell.text.unicodeScalars.contains(where: Self.isRawControl), "raw control in \(cell.text.debugDescription)",
                sourceLocation: sourceLocation)
        }
        for row in 0..<grid.rows {
            #expect(DisplayWidth.of(grid.line(row)) <= grid.cols, "row \(row) wider than the grid", sourceLocation: sourceLocation)
        }
    }

    private func hostileState(rows: Int, cols: Int) -> TriageState {
        var b = InventoryBuilder()
        let tmp = b.addDirectory(name: Array("tmp".utf8), parent: 0)
        for (i, name) in Self.names.enumerated() { b.addFile(name: name, parent: tmp, size: UInt64(100 - i), step: "step\u{1B}[31m") }
        let inventory = b.build()
        var bundle = EvidenceBundle(runID: "run\u{1B}]0;x\u{07}")
        bundle.inventory = inventory
        bundle.results = [
            TestResults(
                source: .summaryJSON, title: "T", outcome: .failed, totalCount: 1, passedCount: 0, failedCount: 1,
                failures: [
                    TestFailure(
                        testName: "test\u{1B}[2J()", identifier: nil,
                        failureText: "boom \u{1B}]52;c;ZXZpbA==\u{07} \u{202E}")
                ])
        ]
        let violations = Self.names.map { name in
            Violation(
                kind: .skippedCleanup, node: inventory.lookup("tmp/" + String(decoding: name, as: UTF8.self)),
                path: "tmp/" + String(decoding: name, as: UTF8.self), size: 1, ruleName: "rule\u{07}", reason: "left\u{1B}[1m")
        }
        let report = CheckReport(
            violations: violations,
            proposal: ClassificationProposal(
                proposed: .skippedCleanup, confidence: .mixed, evidence: [], links: [],
                unexplainedTests: [], rationale: "r\u{1B}c"),
            budgets: [], rulesSource: "rules.json", rulesDiagnostics: [])
        return TriageState(data: TriageData(bundle: bundle, report: report), rows: rows, cols: cols)
    }

    @Test(arguments: [(24, 80), (40, 120), (17, 60)])
    func everyPaneStaysClean(size: (Int, Int)) {
        var s = hostileState(rows: size.0, cols: size.1)
        s.press(.enter)
        assertClean(TriageRenderer.render(s))
        assertClean(TriageRenderer.render(s, glyphs: .ascii))
        for _ in Self.names {
            s.press(.char("i"))
            assertClean(TriageRenderer.render(s))
            s.press(.escape, .char("j"))
        }
        s.press(.tab)
        assertClean(TriageRenderer.render(s))
        s.press(.char("i"))
        assertClean(TriageRenderer.render(s))
        s.press(.escape, .char("r"))
        assertClean(TriageRenderer.render(s))
        s.press(.escape, .tab)
        assertClean(TriageRenderer.render(s))
        s.press(.tab)
        assertClean(TriageRenderer.render(s))
        s.press(.tab, .char("&"))
        s.type("\u{1B}[31m")
        assertClean(TriageRenderer.render(s))
        s.press(.escape, .char("/"))
        s.type("\u{1B}]0;owned\u{07}")
        assertClean(TriageRenderer.render(s))
        s.press(.enter)
        assertClean(TriageRenderer.render(s))
    }

    @Test func escapesAreShownNotDropped() {
        var s = hostileState(rows: 40, cols: 120)
        s.press(.enter)
        let text = TriageRenderer.render(s).text
        #expect(text.contains("\\x1b]0;owned\\x07"))
        #expect(text.contains("\\u{202E}") || text.contains("\\u{202e}"))
        #expect(text.contains("\\xff"))
    }

    @Test func wideCharactersFillTwoCellsAndAreNeverCut() {
        var grid = Grid(rows: 1, cols: 7)
        let used = grid.put("日本語", row: 0, col: 0, role: .plain)
        #expect(used == 6)
        #expect(grid[0, 0].text == "日" && grid[0, 1].isContinuation)
        #expect(grid[0, 6].text == " ", "the fourth half does not fit and is not drawn")
        grid.put("x", row: 0, col: 1, role: .plain)
        #expect(grid[0, 0].text == " ", "overwriting the right half blanks the left half")
    }
}
