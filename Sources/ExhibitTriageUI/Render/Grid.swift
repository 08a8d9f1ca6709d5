import ExhibitCore
import ExhibitRules

/// An in-memory screen: `rows × cols` cells. Renderers draw into a grid; the terminal
/// driver only paints grids (diffing against the previous one), and tests compare a
/// grid's `text` and `styleMask` with golden files.
public struct Grid: Sendable, Equatable {
    public let rows: Int
    public let cols: Int
    public private(set) var cells: [Cell]

    public init(rows: Int, cols: Int) {
        self.rows = max(rows, 0)
        self.cols = max(cols, 0)
        self.cells = Array(repeating: .blank, count: self.rows * self.cols)
    }

    public subscript(row: Int, col: Int) -> Cell {
        cells[row * cols + col]
    }

    /// Draws `text` at (`row`, `col`), clipped to `limit` columns (and to the grid's
    /// edge) by `TextFit.clip`. Returns the columns used. Text must already be escaped with
    /// `TerminalText.escape(_:emoji: .escaped)` (`Theme.safe`); anything the grid still
    /// shows escaped (`TerminalText.needsEscapeInGrid`) is drawn as `?` so a control
    /// character can never reach the terminal.
    @discardableResult
    public mutating func put(_ text: String, row: Int, col: Int, role: Role, limit: Int? = nil) -> Int {
        guard row >= 0, row < rows, col >= 0, col < cols else { return 0 }
        let end = min(cols, limit.map { col + max($0, 0) } ?? cols)
        var x = col
        // Cut first, so the edge never falls inside an escape (`\u{3B1}`) or a cluster.
        for character in TextFit.clip(text, to: end - col) {
            if character.unicodeScalars.contains(where: TerminalText.needsEscapeInGrid) {
                if x + 1 > end { break }
                place("?", width: 1, at: x, row: row, role: role)
                x += 1
                continue
            }
            // A cluster is placed whole or not at all; each spacing scalar takes a cell of
            // its own width with the marks after it (a flag is two cells, as ncurses
            // draws it), and marks with no base before them sit on a blank.
            let width = DisplayWidth.of(character)
            if x + width > end { break }
            var glyph = ""
            var glyphWidth = 0
            for scalar in character.unicodeScalars {
                let w = DisplayWidth.of(scalar)
                if w > 0, !glyph.isEmpty {
                    place(glyph, width: max(glyphWidth, 1), at: x, row: row, role: role)
                    x += max(glyphWidth, 1)
                    glyph = ""
                }
                if w > 0 { glyphWidth = w } else if glyph.isEmpty { glyph = " " }
                glyph.unicodeScalars.append(scalar)
            }
            place(glyph, width: max(glyphWidth, 1), at: x, row: row, role: role)
            x += max(glyphWidth, 1)
        }
        return x - col
    }

    /// One cell (and its continuation when `width` is 2), clearing any wide character it cuts.
    private mutating func place(_ glyph: String, width: Int, at x: Int, row: Int, role: Role) {
        let index = row * cols + x
        clearWideNeighbours(at: index, width: width, rowStart: row * cols)
        cells[index] = Cell(glyph, role: role)
        if width == 2 { cells[index + 1] = Cell("", role: role) }
    }

    /// Sets the role of every cell in `row` from `col` up to `to` (exclusive), blanking them.
    public mutating func fill(row: Int, from col: Int = 0, to end: Int? = nil, role: Role) {
        guard row >= 0, row < rows else { return }
        let start = max(col, 0)
        let stop = min(end ?? cols, cols)
        guard start < stop else { return }
        clearWideNeighbours(at: row * cols + start, width: stop - start, rowStart: row * cols)
        for x in start..<stop { cells[row * cols + x] = Cell(" ", role: role) }
    }

    /// Changes the role of existing cells without touching their text.
    public mutating func restyle(row: Int, from col: Int = 0, to end: Int? = nil, role: Role) {
        let start = max(col, 0)
        let stop = min(end ?? cols, cols)
        guard row >= 0, row < rows, start < stop else { return }
        for x in start..<stop { cells[row * cols + x].role = role }
    }

    /// If a write starting at `index` over `width` cells would cut a wide character in
    /// half on either side, the remaining half becomes a blank.
    private mutating func clearWideNeighbours(at index: Int, width: Int, rowStart: Int) {
        if index > rowStart, cells[index].isContinuation {
            cells[index - 1].text = " "
        }
        let after = index + width
        if after < rowStart + cols, cells[after].isContinuation {
            cells[after].text = " "
        }
    }

    /// The text of one row, trailing blanks removed.
    public func line(_ row: Int) -> String {
        var s = ""
        for x in 0..<cols { s += cells[row * cols + x].text }
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }

    /// All rows joined by newlines (trailing blanks removed per row), for goldens.
    public var text: String {
        (0..<rows).map(line).joined(separator: "\n") + "\n"
    }

    /// One role letter per cell, rows joined by newlines, for style goldens.
    public var styleMask: String {
        var s = ""
        for row in 0..<rows {
            for x in 0..<cols { s.append(cells[row * cols + x].role.code) }
            s.append("\n")
        }
        return s
    }
}
