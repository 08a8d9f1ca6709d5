import CCurses
import ExhibitCore
import ExhibitTriageUI

/// Paints grids on the terminal, redrawing only the rows that changed since the last
/// frame (SwiftTUI's renderer works the same way, per cell). Moving the cursor
/// repaints two rows and the status line, whatever the size of the tree.
struct ScreenPainter {
    private var previous: Grid?
    /// In a non-UTF-8 locale the renderers' typographic marks (`·`, `—`, `✗`) would
    /// come out as `?`; they are folded to ASCII here, at the last step. Untrusted text
    /// was already escaped to ASCII by `Glyphs.safe`. A fold is one cell, so `…` in a
    /// label becomes `.` (cut text uses `Glyphs.ascii.ellipsis`, `...`); never `~`,
    /// the tree's "never backed up" mark.
    let foldToASCII: Bool

    init(foldToASCII: Bool = false) {
        self.foldToASCII = foldToASCII
    }

    static let asciiFolds: [String: String] = [
        "·": ".", "—": "-", "–": "-", "─": "-", "│": "|", "✗": "x", "✓": "v", "→": ">", "←": "<", "…": ".",
        "▶": ">", "█": "#", "▏": "|", "•": "*",
    ]

    /// Forgets the last frame: the next paint redraws every row (Ctrl-L, resize).
    mutating func invalidate(clearTerminal: Bool) {
        previous = nil
        if clearTerminal { cc_clear_all() }
    }

    mutating func paint(_ grid: Grid) {
        let reuse = previous.map { $0.rows == grid.rows && $0.cols == grid.cols } ?? false
        for row in 0..<grid.rows {
            let start = row * grid.cols
            let range = start..<(start + grid.cols)
            if reuse, let previous, previous.cells[range] == grid.cells[range] { continue }
            paintRow(row, grid)
        }
        previous = grid
        cc_refresh()
    }

    private func paintRow(_ row: Int, _ grid: Grid) {
        for col in 0..<grid.cols {
            let cell = grid[row, col]
            if cell.isContinuation { continue }  // the wide character to its left covers it
            var text = cell.text
            if foldToASCII, let folded = Self.asciiFolds[text] { text = folded }
            text.withCString { cc_put_cell(Int32(row), Int32(col), $0, Int32(cell.role.rawValue)) }
        }
    }
}
