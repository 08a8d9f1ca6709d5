import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// Issue 18 §4: everything can be read whole. The details overlay wraps what is wider
/// than the screen and scrolls over the wrapped lines.
@Suite struct DetailsWrapTests {
    private static func text(_ line: StyledLine) -> String { line.map(\.text).joined() }

    private static func details(_ s: TriageState) -> DetailsView? {
        if case .details(let view)? = s.overlays.last { return view }
        return nil
    }

    /// The content, spaces aside, is all drawn: nothing is cut at the edge.
    private static func expectWhole(_ view: DetailsView, cols: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        for line in view.lines { #expect(DisplayWidth.of(text(line)) <= cols, "\(text(line))", sourceLocation: sourceLocation) }
        let drawn = view.lines.map(text).joined().filter { $0 != " " }
        let content = view.content.map(text).joined().filter { $0 != " " }
        #expect(drawn == content, sourceLocation: sourceLocation)
    }

    @Test func aViolationsDetailsWrapAtTheScreensWidth() throws {
        var s = TriageFixture.state(rows: ScreenLayout.minimumRows, cols: ScreenLayout.minimumCols)
        s.press(.tab, .char("j"), .char("i"))  // the catalog: its area reason is long
        let view = try #require(Self.details(s))
        #expect(view.lines.count > view.content.count, "something wrapped at \(s.layout.cols) columns")
        Self.expectWhole(view, cols: s.layout.cols)
        // A wrapped field continues under its value.
        let area = try #require(view.lines.firstIndex { Self.text($0).hasPrefix(" Area ") })
        #expect(Self.text(view.lines[area + 1]).hasPrefix(String(repeating: " ", count: 11)))
    }

    @Test func aResizeWrapsAgainAndKeepsTheScrollInRange() throws {
        var s = TriageFixture.state(rows: 24, cols: 200)
        s.press(.tab, .char("j"), .char("i"))
        let wide = try #require(Self.details(s))
        #expect(wide.lines == wide.content, "nothing wraps at 200 columns")
        s.press(.char("G"))
        _ = s.receive(.resize(rows: ScreenLayout.minimumRows, cols: ScreenLayout.minimumCols))
        let narrow = try #require(Self.details(s))
        #expect(narrow.width == ScreenLayout.minimumCols)
        #expect(narrow.lines.count > wide.lines.count)
        Self.expectWhole(narrow, cols: ScreenLayout.minimumCols)
        #expect(narrow.cursor.offset <= max(narrow.lines.count - s.layout.overlayRows, 0))
        s.press(.char("G"))
        #expect(try #require(Self.details(s)).cursor.offset == narrow.lines.count - s.layout.overlayRows, "End reaches the last wrapped line")
    }

    @Test func iInTheFailuresShowsTheWholeTextEscaped() throws {
        var s = TriageFixture.state(rows: ScreenLayout.minimumRows, cols: ScreenLayout.minimumCols)
        s.press(.tab, .tab, .char("j"), .char("j"))  // testCatalogExcluded: an escape in its message
        s.press(.char("i"))
        let view = try #require(Self.details(s))
        #expect(view.subject == .failure(2))
        #expect(Self.text(view.lines[0]).hasPrefix(" Test      Backup"), "a field breaks in its value, not after its label")
        Self.expectWhole(view, cols: s.layout.cols)
        let drawn = view.lines.map(Self.text).joined(separator: "\n")
        #expect(!drawn.contains("\u{1B}"))
        #expect(drawn.filter { $0 != " " && $0 != "\n" }.contains("isExcludedFromBackup==falseforoffline-catalog.db\\x1b[2J"))
        #expect(drawn.contains("Explained by"))
        s.press(.char("q"))
        #expect(s.overlays.isEmpty && s.focus == .failures)
    }

    @Test func underASCIITheLinesAreWrappedForTheASCIIEscapes() throws {
        // 60 columns: the escaped name fits one row (narrower, it wraps between escapes).
        var s = TriageFixture.state(rows: 40, cols: 60)
        s.press(.char("j"), .enter, .char("G"), .char("i"))  // Documents, last entry: the evil name
        let grid = TriageRenderer.render(s, glyphs: .ascii)
        for r in s.layout.overlayTop..<s.layout.statusRow {
            #expect(!grid.line(r).contains("\u{1B}"))
        }
        #expect(grid.text.contains("\\x1b[31mred\\x07"))
    }
}
