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
        // The body is the last overlay that covers the pane, else the focused pane; a box
        // or prompt on top is drawn over it.
        if let body = state.overlays.last(where: { $0.view.coversPane }) {
            body.view.draw(state, into: &grid, glyphs: glyphs)
        } else {
            state.focus.view.draw(state, into: &grid, glyphs: glyphs)
        }
        if let top = state.overlays.last?.view, !top.coversPane { top.draw(state, into: &grid, glyphs: glyphs) }
        StatusLineRenderer.draw(state, into: &grid, glyphs: glyphs)
        return grid
    }

    static func drawTabs(_ state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        let row = state.layout.tabRow
        grid.fill(row: row, role: .tab)
        let labels = Pane.allCases.map { " " + $0.title + $0.view.tabNote(state, glyphs: glyphs) + " " }
        let all = labels.reduce(0) { $0 + DisplayWidth.of($1) + 1 }
        guard all + 1 > grid.cols else {
            var x = 1
            for (pane, label) in zip(Pane.allCases, labels) {
                x += grid.put(label, row: row, col: x, role: pane == state.focus ? .activeTab : .tab)
                x += 1
            }
            return
        }
        // Too narrow for every tab (under 45 columns on most runs): the pane in focus, where
        // it is in the tab order, and the key to the next.
        let index = Pane.allCases.firstIndex(of: state.focus) ?? 0
        let x = 1 + grid.put(labels[index], row: row, col: 1, role: .activeTab)
        let forms = ["  \(index + 1)/\(Pane.allCases.count) · Tab next pane", "  \(index + 1)/\(Pane.allCases.count) Tab", ""]
        let note = forms.first { x + DisplayWidth.of($0) <= grid.cols } ?? ""
        grid.put(note, row: row, col: x, role: .tab)
    }

    /// One line in the middle row, the longest form that fits the width: which program,
    /// what is wrong, the size now and the size needed. Shared by every screen.
    static func drawTooSmall(_ grid: inout Grid, layout: ScreenLayout) {
        guard layout.rows > 0, layout.cols > 0 else { return }
        let size = "\(layout.cols)x\(layout.rows)"
        let needs = "\(ScreenLayout.minimumCols)x\(ScreenLayout.minimumRows)"
        let forms = [
            "exhibit: terminal too small (\(size), needs \(needs))",
            "terminal too small (\(size), needs \(needs))",
            "too small (\(size), needs \(needs))",
            "too small: \(size) < \(needs)",
            "\(size) < \(needs)",
            "too small",
        ]
        let line = forms.first { DisplayWidth.of($0) <= layout.cols } ?? TextFit.clip("too small", to: layout.cols)
        let x = (layout.cols - DisplayWidth.of(line)) / 2
        grid.put(line, row: (layout.rows - 1) / 2, col: x, role: .error)
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
}
