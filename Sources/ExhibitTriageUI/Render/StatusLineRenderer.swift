import ExhibitCore
import ExhibitRules

/// The bottom row: where you are and the main keys, or a prompt, or a message.
enum StatusLineRenderer {
    /// The live filter being typed: ` /text▏  Enter keep · Esc clear`, the text's end
    /// kept in view. Shared by the triage panes and the run list.
    /// A live filter's prompt under its key (`&` in the tree, `/` in the run list).
    static func drawFilterPrompt(_ filter: String, key: String = "&", row: Int, into grid: inout Grid, glyphs: Glyphs) {
        drawPrompt(" " + key, filter, hint: "  Enter keep · Esc clear", row: row, into: &grid, glyphs: glyphs)
    }

    /// A one-line text prompt over the status row: its key, the text typed (its end kept
    /// when it is longer than the row), a cursor and the keys that end it.
    static func drawPrompt(_ key: String, _ typed: String, hint: String, row: Int, into grid: inout Grid, glyphs: Glyphs) {
        let room = max(grid.cols - 2 - DisplayWidth.of(hint) - 1, 8)
        let text = TextFit.suffix(glyphs.safe(typed), width: room - 1)
        var x = grid.put(key, row: row, col: 0, role: .status)
        x += grid.put(text + glyphs.cursor, row: row, col: x, role: .status)
        grid.put(hint, row: row, col: x, role: .status)
    }

    /// A hook's or the state machine's message over the whole status row. One longer
    /// than the row wraps upwards over the pane, rows down to `top`, until the next key,
    /// so what it names (the note's path) is on screen whole and can be copied; where
    /// even that is too few rows, its end shows.
    static func drawMessage(_ message: HookMessage, row: Int, top: Int? = nil, into grid: inout Grid, glyphs: Glyphs) {
        guard row >= 0, row < grid.rows, grid.cols > 0 else { return }
        let role: Role = message.isError ? .error : .message
        let text = glyphs.safeMessage(message.text)
        let width = max(grid.cols - 2, 1)
        let lines = DisplayWidth.of(text) <= width ? [text[...]] : TextWrap.lines(text, first: width, rest: width).map { text[$0] }
        let first = max(row - (lines.count - 1), min(top ?? row, row), 0)
        for (i, y) in (first...max(row, first)).enumerated() {
            grid.fill(row: y, role: role)
            grid.put(" " + lines[lines.count - (row - first + 1) + i], row: y, col: 0, role: role)
        }
    }

    /// Key hints for a row of `cols`: whole while they leave 20 columns (or half a narrow
    /// row) to the position, else the first "key action" pairs go, so the last (how to
    /// leave) stays: `j/k PgDn/PgUp scroll  q close` is `q close` at 40 columns.
    static func fittedHints(_ hints: String, cols: Int) -> String {
        var pairs = hints.split(separator: "  ").map(String.init)
        while pairs.count > 1, DisplayWidth.of(pairs.joined(separator: "  ")) > max(cols - 20, cols / 2) { pairs.removeFirst() }
        return pairs.joined(separator: "  ")
    }

    static func draw(_ state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        let row = state.layout.statusRow
        let cols = state.layout.cols
        grid.fill(row: row, role: .status)
        if state.isFilterInputActive {
            drawFilterPrompt(state.tree.filter, row: row, into: &grid, glyphs: glyphs)
            return
        }
        if case .searchInput(let typed)? = state.overlays.last {
            drawPrompt(" /", typed, hint: "  Enter search · Esc cancel", row: row, into: &grid, glyphs: glyphs)
            return
        }
        if let message = state.message {
            drawMessage(message, row: row, top: state.layout.titleRow, into: &grid, glyphs: glyphs)
            return
        }
        if let activity = state.activityText {
            drawMessage(.info(activity), row: row, into: &grid, glyphs: glyphs)
            return
        }
        let hints = fittedHints(hintText(state), cols: cols)
        let hintWidth = DisplayWidth.of(hints)
        let left = TextFit.shorten(" " + position(state, glyphs: glyphs), to: max(cols - hintWidth - 2, 0), ellipsis: glyphs.ellipsis)
        grid.put(left, row: row, col: 0, role: .status)
        if cols - hintWidth - 1 > DisplayWidth.of(left) {
            grid.put(hints, row: row, col: cols - hintWidth - 1, role: .status)
        }
    }

    private static func position(_ state: TriageState, glyphs: Glyphs) -> String {
        state.overlays.last?.view.position(glyphs: glyphs) ?? state.focus.view.position(state, glyphs: glyphs)
    }

    private static func hintText(_ state: TriageState) -> String {
        state.overlays.last?.view.hint(state.layout) ?? state.focus.view.hint(state.layout)
    }
}
