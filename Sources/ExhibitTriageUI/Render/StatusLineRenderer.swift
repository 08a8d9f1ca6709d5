import ExhibitCore
import ExhibitRules

/// The bottom row: where you are and the main keys, or a prompt, or a message.
enum StatusLineRenderer {
    /// The live filter being typed: ` /text▏  Enter keep · Esc clear`, the text's end
    /// kept in view. Shared by the triage panes and the run list.
    static func drawFilterPrompt(_ filter: String, row: Int, into grid: inout Grid, glyphs: Glyphs) {
        let hint = "  Enter keep · Esc clear"
        let room = max(grid.cols - 2 - DisplayWidth.of(hint) - 1, 8)
        let text = TextFit.suffix(glyphs.safe(filter), width: room - 1)
        var x = grid.put(" /", row: row, col: 0, role: .status)
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
        if state.overlays.last.map({ if case .help = $0 { return true } else { return false } }) == true {
            return "Help"
        }
        if case .diff(let view)? = state.overlays.last {
            guard let row = view.selected else { return "0/0" }
            return "\(view.cursor.index + 1)/\(view.rows.count)  " + glyphs.safe(row.entry.path)
        }
        switch state.focus {
        case .tree:
            guard let inventory = state.data.inventory, !state.tree.entries.isEmpty, let sel = state.tree.selected else {
                return "0/0"
            }
            return "\(state.tree.cursor.index + 1)/\(state.tree.entries.count)  " + glyphs.safe(bytes: inventory.pathBytes(sel))
        case .violations:
            let n = state.violations.shown.count
            return n == 0 ? "0/0" : "\(state.violations.cursor.index + 1)/\(n)"
        case .failures:
            let n = state.data.failures.count
            return n == 0 ? "0/0" : "\(state.failures.index + 1)/\(n)"
        case .budgets:
            return "rules: " + glyphs.safe(state.data.report.rulesSource)
        }
    }

    private static func hintText(_ state: TriageState) -> String {
        switch state.context {
        case .details, .help, .evidence: "j/k scroll  q close"
        case .unsupportedClass: "y record anyway  Esc back"
        case .classChooser, .chooser: "Enter choose  Esc cancel"
        case .commentInput: "Enter next  Esc back"
        case .issueInput: "Enter record  Esc back"
        case .replaceRecord: "y classify again  Esc keep"
        case .diff: "Enter show in tree  q back"
        case .tree where state.layout.cols >= 100: "/ filter  e next  c classify  ? help  q quit"
        case .violations where state.layout.cols >= 100: "f kind  r rule  Enter show  ? help  q back"
        case .tree: "? help  q quit"
        default: "? help  q back"
        }
    }
}
