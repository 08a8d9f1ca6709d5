import ExhibitCore
import ExhibitRules

/// The `/` prompt: in the tree the text typed searches the whole container when Enter
/// is pressed (`ContainerSearch`, run off the key thread), as `/` does in less and vim;
/// in the Violations and Failures panes it searches their list (`ListSearch`). Esc
/// leaves the last search as it was. The status line draws it
/// (`StatusLineRenderer.drawPrompt`).
struct SearchPrompt: TriageOverlay {
    var text: String

    var context: BindingContext { .searchInput }
    var overlay: Overlay { .searchInput(text) }

    /// Long enough for any path; a paste of more is cut here.
    static let maximumLength = 1_024

    func handle(_ action: Action, in state: inout TriageState) -> [TriageEffect] {
        switch action {
        case .insert(let c):
            guard text.count < Self.maximumLength else { return [] }
            state.updateOverlay(SearchPrompt(text: text + String(c)))
        case .deleteBackward:
            state.updateOverlay(SearchPrompt(text: String(text.dropLast())))
        case .confirm:
            state.closeOverlay()
            guard state.focus == .tree else {
                state.startListSearch(text)
                return []
            }
            return state.startSearch(text)
        case .cancel:
            state.closeOverlay()
        default:
            break
        }
        return []
    }

    /// Never shown: the prompt takes the whole status line.
    func hint(_ layout: ScreenLayout) -> String { "" }

    /// The tree stays as it is; the prompt is the status line's.
    func draw(_ state: TriageState, into grid: inout Grid, glyphs: Glyphs) {}
}
