import ExhibitCore
import ExhibitRules

/// Draws a whole triage screen from a state: the pure "view" of the state machine.
/// Cost follows the visible rows: panes draw only the rows on screen and use the
/// listings and indexes the state already holds.
public enum TriageRenderer {
    public static func render(_ state: TriageState, glyphs: Glyphs = .unicode) -> Grid {
        let layout = state.layout
        var grid = Grid(rows: layout.rows, cols: layout.cols)
        if layout.isTooSmall {
            drawTooSmall(&grid, layout: layout)
            return grid
        }
        HeaderRenderer.draw(state, into: &grid, glyphs: glyphs)
        drawTabs(state, into: &grid, glyphs: glyphs)
        let fullOverlay = state.overlays.last { overlay in
            if case .details = overlay { return true }
            if case .help = overlay { return true }
            if case .diff = overlay { return true }
            if case .evidence = overlay { return true }
            return false
        }
        switch fullOverlay {
        case .details(let subject, let cursor)?:
            DetailsRenderer.draw(subject, scroll: cursor, state: state, into: &grid, glyphs: glyphs)
        case .help(let origin, let cursor)?:
            HelpRenderer.draw(origin, scroll: cursor, layout: layout, into: &grid)
        case .diff(let view)?:
            DiffRenderer.draw(view, state: state, into: &grid, glyphs: glyphs)
        case .evidence(let cursor)?:
            EvidenceRenderer.draw(scroll: cursor, state: state, into: &grid, glyphs: glyphs)
        default:
            switch state.focus {
            case .tree: TreeRenderer.draw(state, into: &grid, glyphs: glyphs)
            case .violations: ViolationsRenderer.draw(state, into: &grid, glyphs: glyphs)
            case .failures: FailuresRenderer.draw(state, into: &grid, glyphs: glyphs)
            case .budgets: BudgetsRenderer.draw(state, into: &grid, glyphs: glyphs)
            }
        }
        switch state.overlays.last {
        case .chooser(let chooser)?: DialogRenderer.drawChooser(chooser, layout: layout, into: &grid, glyphs: glyphs)
        case .comment(let cls, let text)?: DialogRenderer.drawComment(cls, text: text, layout: layout, into: &grid, glyphs: glyphs)
        case .unsupportedClass(let cls, let reason)?:
            DialogRenderer.drawUnsupported(cls, reason: reason, layout: layout, into: &grid, glyphs: glyphs)
        case .replaceRecord(let current)?: RecordDialogRenderer.drawReplace(current, layout: layout, into: &grid, glyphs: glyphs)
        case .issue(let cls, _, let text)?: RecordDialogRenderer.drawIssue(cls, text: text, layout: layout, into: &grid, glyphs: glyphs)
        default: break
        }
        StatusLineRenderer.draw(state, into: &grid, glyphs: glyphs)
        return grid
    }

    static func drawTabs(_ state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        let row = state.layout.tabRow
        grid.fill(row: row, role: .tab)
        var x = 1
        for pane in Pane.allCases {
            var label = " " + pane.title
            switch pane {
            case .violations: label += state.data.isChecking ? " " + glyphs.ellipsis : " \(state.violations.shown.count)"
            case .failures: label += " \(state.data.failures.count)"
            default: break
            }
            label += " "
            x += grid.put(label, row: row, col: x, role: pane == state.focus ? .activeTab : .tab)
            x += 1
        }
    }

    static func drawTooSmall(_ grid: inout Grid, layout: ScreenLayout) {
        let lines = [
            "Terminal too small",
            "\(layout.cols)x\(layout.rows); needs \(ScreenLayout.minimumCols)x\(ScreenLayout.minimumRows)",
            "Enlarge it, or q to quit",
        ]
        let top = max((layout.rows - lines.count) / 2, 0)
        for (i, line) in lines.enumerated() {
            let fitted = TextFit.clip(line, to: layout.cols)
            let x = max((layout.cols - DisplayWidth.of(fitted)) / 2, 0)
            grid.put(fitted, row: top + i, col: x, role: i == 0 ? .error : .plain)
        }
    }

    /// A full-body overlay of lines that scrolls (details, help), with a position note.
    static func drawScrolling(
        _ lines: [StyledLine], title: String, scroll: ListCursor, layout: ScreenLayout,
        into grid: inout Grid
    ) {
        grid.put(title, row: layout.titleRow, col: 0, role: .columnTitle)
        let offset = min(scroll.offset, max(lines.count - layout.overlayRows, 0))
        for r in 0..<layout.overlayRows {
            let i = offset + r
            guard i < lines.count else { break }
            grid.put(lines[i], row: layout.overlayTop + r, col: 0, limit: layout.cols)
        }
        if lines.count > layout.overlayRows {
            let more = " \(offset + 1)-\(min(offset + layout.overlayRows, lines.count)) of \(lines.count) "
            grid.put(more, row: layout.titleRow, col: max(layout.cols - DisplayWidth.of(more), 0), role: .dim)
        }
    }

    /// `n` things, pluralised plainly.
    static func count(_ n: Int, _ noun: String, _ plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? noun : plural ?? noun + "s")
    }
}
