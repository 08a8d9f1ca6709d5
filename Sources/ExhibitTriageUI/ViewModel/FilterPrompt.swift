import ExhibitCore
import ExhibitRules

/// The tree's `&` prompt (less's filter key): the name filter applies as it is typed; Enter keeps it, Esc
/// clears it; the arrows still move in the tree. Its text is the tree's
/// (`TreeBrowser.filter`); the status line draws the prompt
/// (`StatusLineRenderer.drawFilterPrompt`), over the tree as it is.
struct FilterPrompt: TriageOverlay {
    var context: BindingContext { .filterInput }
    var overlay: Overlay { .filterInput }

    func handle(_ action: Action, in state: inout TriageState) -> [TriageEffect] {
        guard let inventory = state.data.inventory else {
            state.closeOverlay()
            return []
        }
        let page = state.treePage
        switch action {
        case .insert(let c):
            state.tree.setFilter(state.tree.filter + String(c), inventory, page: page)
        case .deleteBackward:
            state.tree.setFilter(String(state.tree.filter.dropLast()), inventory, page: page)
        case .confirm:
            state.closeOverlay()
        case .cancel:
            state.tree.setFilter("", inventory, page: page)
            state.closeOverlay()
        default:
            state.tree.cursor.apply(action, count: state.tree.entries.count, page: page)
        }
        return []
    }

    /// Never shown: the prompt takes the whole status line.
    func hint(_ layout: ScreenLayout) -> String { "" }

    /// The tree stays as it is; the prompt is the status line's.
    func draw(_ state: TriageState, into grid: inout Grid, glyphs: Glyphs) {}
}
