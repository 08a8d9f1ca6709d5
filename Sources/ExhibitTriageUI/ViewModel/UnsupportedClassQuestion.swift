import ExhibitCore
import ExhibitRules

/// The question before recording a class the evidence cannot support (the reason):
/// `y` goes on to the comment, Esc or `n` back to the classes. Kept on the stack as
/// `Overlay.unsupportedClass`. Drawn by `DialogRenderer.drawUnsupported`.
struct UnsupportedClassQuestion: TriageOverlay {
    var failureClass: FailureClass
    var reason: String

    var context: BindingContext { .unsupportedClass }
    var overlay: Overlay { .unsupportedClass(failureClass, reason) }

    func handle(_ action: Action, in state: inout TriageState) -> [TriageEffect] {
        switch action {
        case .confirm:
            state.closeOverlay()
            state.openOverlay(CommentPrompt(for: failureClass, draft: state.draft))
        case .cancel:
            state.closeOverlay()
            state.openOverlay(Chooser.classes(preselect: failureClass))
        default:
            break
        }
        return []
    }

    func hint(_ layout: ScreenLayout) -> String { "y record anyway  Esc back" }

    func draw(_ state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        DialogRenderer.drawUnsupported(failureClass, reason: reason, layout: state.layout, into: &grid, glyphs: glyphs)
    }
}
