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

    /// A hook's or the state machine's message over the whole status row.
    static func drawMessage(_ message: HookMessage, row: Int, into grid: inout Grid, glyphs: Glyphs) {
        grid.put(" " + glyphs.safeMessage(message.text), row: row, col: 0, role: message.isError ? .error : .message)
        grid.restyle(row: row, role: message.isError ? .error : .message)
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
            drawMessage(message, row: row, into: &grid, glyphs: glyphs)
            return
        }
        if let activity = state.activityText {
            drawMessage(.info(activity), row: row, into: &grid, glyphs: glyphs)
            return
        }
        let hints = hintText(state)
        let left = " " + position(state, glyphs: glyphs)
        let hintWidth = DisplayWidth.of(hints)
        let leftRoom = max(cols - hintWidth - 2, 0)
        grid.put(TextFit.shorten(left, to: leftRoom, ellipsis: glyphs.ellipsis), row: row, col: 0, role: .status)
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
