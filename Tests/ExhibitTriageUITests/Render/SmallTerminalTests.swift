import Testing

@testable import ExhibitCore
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// Small terminals: every screen at every size from 1x1 to 45x14 draws without a crash
/// and within the width, the one-line message below the minimum, and the screens at
/// 40x12 as goldens (`EXHIBIT_UPDATE_GOLDEN=1` re-records).
@Suite struct SmallTerminalTests {
    /// A long note path: longer than a status line of 80 columns.
    static let notePath = "/srv/ci/archives/ios-backup-boundary/2026-12-01/nightly/triage/run-2026-12-01-0142-9f2c4e1-unset-attribute.md"

    /// Each screen, reached by keys from a fresh 80x24 state (as a user opens it), then resized.
    static let screens: [(String, @Sendable (inout TriageState) -> Void)] = [
        ("tree", { _ in }),
        ("tree in Documents", { s in s.press(.char("j"), .enter) }),
        ("violations", { s in s.press(.tab) }),
        ("failures", { s in s.press(.tab, .tab, .char("j"), .char("j")) }),
        ("budgets", { s in s.press(.backTab) }),
        ("details", { s in s.press(.tab, .char("j"), .char("i")) }),
        ("failure details", { s in s.press(.tab, .tab, .char("i")) }),
        ("help", { s in s.press(.char("?")) }),
        ("evidence", { s in s.press(.char("v")) }),
        ("classify", { s in s.press(.char("c")) }),
        (
            "comment",
            { s in
                s.press(.char("c"), .enter)
                s.type("cache.db written by LoginService")
            }
        ),
        (
            "search prompt",
            { s in
                s.press(.char("/"))
                s.type("Kyoto")
            }
        ),
        (
            "filter prompt",
            { s in
                s.press(.char("l"), .char("&"))
                s.type("Support")
            }
        ),
        ("diff", { s in _ = s.receive(.baseLoaded("run-2026-11-02", .success(ComparisonFixture.everySection()), runID: "run-0142")) }),
        ("note written", { s in _ = s.receive(.noteWritten(.info("Note written to " + SmallTerminalTests.notePath), runID: "run-0142")) }),
    ]

    static func screen(_ index: Int, rows: Int, cols: Int) -> TriageState {
        var s = TriageState(data: TriageFixture.data(), rows: 24, cols: 80, canCompare: true)
        screens[index].1(&s)
        _ = s.receive(.resize(rows: rows, cols: cols))
        return s
    }

    /// Every row fits the width, and the screen is either the one-line message (below
    /// the minimum) or a screen with its header and status line.
    static func expectDrawn(_ grid: Grid, rows: Int, cols: Int, _ what: String) {
        #expect(grid.rows == rows && grid.cols == cols, "\(what) at \(cols)x\(rows)")
        let lines = (0..<grid.rows).map(grid.line)
        for (r, line) in lines.enumerated() where DisplayWidth.of(line) > cols {
            Issue.record("\(what) at \(cols)x\(rows): row \(r) is \(DisplayWidth.of(line)) wide: \(line)")
        }
        let drawn = lines.filter { !$0.isEmpty }
        if rows < ScreenLayout.minimumRows || cols < ScreenLayout.minimumCols {
            #expect(drawn.count == 1, "\(what) at \(cols)x\(rows): one line, not \(drawn.count)")
            let line = drawn.first ?? ""
            if cols >= 9 {
                #expect(line.contains("too small") || line.contains("\(cols)x\(rows) < 30x8"), "\(what) at \(cols)x\(rows): \(line)")
            }
            if cols >= 29 { #expect(line.contains("(\(cols)x\(rows), needs 30x8)"), "\(what) at \(cols)x\(rows): \(line)") }
        } else {
            #expect(!lines[0].isEmpty, "\(what) at \(cols)x\(rows): the header")
            #expect(!lines[rows - 1].isEmpty, "\(what) at \(cols)x\(rows): the status line")
        }
    }

    @Test func everyScreenDrawsAtEverySmallSize() {
        for index in Self.screens.indices {
            for rows in 1...14 {
                for cols in 1...45 {
                    let grid = TriageRenderer.render(Self.screen(index, rows: rows, cols: cols))
                    Self.expectDrawn(grid, rows: rows, cols: cols, Self.screens[index].0)
                }
            }
        }
    }

    @Test func theRunListDrawsAtEverySmallSize() {
        for help in [false, true] {
            for rows in 1...14 {
                for cols in 1...45 {
                    var s = ArchiveFixture.state()
                    if help { s.press(.char("?")) }
                    _ = s.receive(.resize(rows: rows, cols: cols))
                    Self.expectDrawn(RunListRenderer.render(s), rows: rows, cols: cols, help ? "runs help" : "runs")
                }
            }
        }
    }

    @Test func zeroAndOddSizesDrawNothingWrong() {
        for (rows, cols) in [(0, 0), (0, 80), (24, 0), (1, 1), (-3, -7), (1, 200), (200, 1)] {
            for index in Self.screens.indices {
                let grid = TriageRenderer.render(Self.screen(index, rows: rows, cols: cols))
                #expect(grid.cells.count == max(rows, 0) * max(cols, 0))
                #expect((0..<grid.rows).allSatisfy { DisplayWidth.of(grid.line($0)) <= grid.cols })
            }
        }
    }

    @Test func theMessageIsTheWidestFormThatFits() {
        func message(_ rows: Int, _ cols: Int) -> String {
            let grid = TriageRenderer.render(Self.screen(0, rows: rows, cols: cols))
            return (0..<grid.rows).map(grid.line).first { !$0.isEmpty }?.trimmingPrefixSpaces ?? ""
        }
        #expect(message(4, 46) == "exhibit: terminal too small (46x4, needs 30x8)")
        #expect(message(4, 45) == "terminal too small (45x4, needs 30x8)")
        #expect(message(7, 29) == "too small (29x7, needs 30x8)")
        #expect(message(4, 25) == "too small: 25x4 < 30x8")
        #expect(message(12, 12) == "12x12 < 30x8")
        #expect(message(2, 9) == "too small")
        #expect(message(1, 3) == "too")
    }

    @Test func aResizeBackRestoresTheScreen() {
        for index in Self.screens.indices where Self.screens[index].0 != "note written" {
            let before = TriageRenderer.render(Self.screen(index, rows: 12, cols: 40))
            var s = Self.screen(index, rows: 12, cols: 40)
            _ = s.receive(.resize(rows: 4, cols: 25))
            let small = TriageRenderer.render(s)
            #expect(small.text.contains("too small: 25x4 < 30x8"))
            _ = s.receive(.resize(rows: 12, cols: 40))
            #expect(TriageRenderer.render(s) == before, "\(Self.screens[index].0)")
        }
    }

    /// The note's path, too long for the status line, wraps upwards over the pane whole;
    /// the next key gives the status line back.
    @Test func theNotePathIsOnScreenWhole() {
        for (rows, cols) in [(24, 80), (12, 40), (40, 120)] {
            var s = Self.screen(Self.screens.firstIndex { $0.0 == "note written" }!, rows: rows, cols: cols)
            let grid = TriageRenderer.render(s)
            let message = (0..<grid.rows).map(grid.line).drop { !$0.hasPrefix(" Note written to") }
            #expect(
                message.map { $0.dropFirst() }.joined(separator: " ").contains("Note written to " + Self.notePath)
                    || message.map { $0.dropFirst() }.joined().contains(Self.notePath), "\(cols)x\(rows): \(message)")
            #expect(message.last == grid.line(rows - 1), "it ends on the status line")
            if DisplayWidth.of(Self.notePath) <= cols - 2 {
                #expect(grid.text.contains(" " + Self.notePath), "one row holds the whole path at \(cols) columns")
            }
            #expect(grid.line(0).hasPrefix(" exhibit") || grid.line(0).hasPrefix(" run-"), "the header stays")
            s.press(.char("j"))
            #expect(!TriageRenderer.render(s).text.contains("Note written"))
        }
    }

    /// The diff view's columns share the width by content: at 120 columns a long path
    /// is whole when the other columns need little; `i` shows every cell of a row whole.
    @Test func theDiffColumnsShareTheWidthAndDetailsShowACutCellWhole() throws {
        let comparison = ComparisonFixture.everySection()
        let view = DiffView(baseRunID: "run-2026-11-02", comparison: comparison)
        let wide = DiffRenderer.measure(view, cols: 120, glyphs: .unicode)
        let narrow = DiffRenderer.measure(view, cols: 80, glyphs: .unicode)
        #expect(wide.path + wide.step + wide.violations + wide.pathStart + 1 == 120, "the columns take the row")
        #expect(narrow.path < wide.path)
        #expect(DiffRenderer.Columns(cols: 40).delta == 0 && DiffRenderer.Columns(cols: 60).delta > 0, "the delta goes under 60")
        // A narrow column gives way first only when it is the widest: a short step keeps its width.
        let short = DiffRenderer.Columns(cols: 120, path: 200, step: 10, violations: 12)
        #expect(short.step == 11 && short.violations == 13)
        var s = Self.screen(Self.screens.firstIndex { $0.0 == "diff" }!, rows: 12, cols: 40)
        let row = try #require(try DiffSectionsTests.view(s).selected)
        #expect(!TriageRenderer.render(s).text.contains(row.path), "the path is cut at 40 columns")
        s.press(.char("i"))
        guard case .details(let details)? = s.overlays.last else {
            Issue.record("i opens the details")
            return
        }
        let text = details.content.map { $0.map(\.text).joined() }.joined(separator: "\n")
        #expect(text.contains(row.path) && text.contains("since run-2026-11-02"))
        #expect(details.lines.allSatisfy { DisplayWidth.of($0.map(\.text).joined()) <= 40 })
        s.press(.char("q"))
        #expect(try DiffSectionsTests.view(s).selected == row, "q goes back to the diff at its row")
    }

    // MARK: - Goldens at 40x12

    private func golden(_ name: String, _ setup: (inout TriageState) -> Void) throws {
        var s = TriageState(data: TriageFixture.data(), rows: 12, cols: 40, canCompare: true)
        setup(&s)
        try assertGolden(TriageRenderer.render(s).text, "\(name)-40x12")
    }

    @Test func treeGolden() throws { try golden("tree-root") { _ in } }
    @Test func violationsGolden() throws { try golden("violations") { s in s.press(.tab) } }
    @Test func failuresGolden() throws { try golden("failures") { s in s.press(.tab, .tab, .char("j"), .char("j")) } }
    @Test func detailsGolden() throws { try golden("details-violation") { s in s.press(.tab, .char("j"), .char("i")) } }
    @Test func helpGolden() throws { try golden("help-tree") { s in s.press(.char("?")) } }
    @Test func classifyGolden() throws { try golden("classify") { s in s.press(.char("c")) } }
    @Test func searchPromptGolden() throws {
        try golden("search-prompt") { s in
            s.press(.char("/"))
            s.type("Kyoto")
        }
    }
    @Test func diffGolden() throws {
        try golden("diff-sections") { s in
            _ = s.receive(.baseLoaded("run-2026-11-02", .success(ComparisonFixture.everySection()), runID: "run-0142"))
        }
    }
    @Test func noteWrittenGolden() throws {
        try golden("note-written") { s in
            _ = s.receive(.noteWritten(.info("Note written to " + Self.notePath), runID: "run-0142"))
        }
    }
    @Test func runListGolden() throws {
        try assertGolden(RunListRenderer.render(ArchiveFixture.state(rows: 12, cols: 40)).text, "runs-40x12")
    }
}

extension String {
    fileprivate var trimmingPrefixSpaces: String { String(drop { $0 == " " }) }
}
