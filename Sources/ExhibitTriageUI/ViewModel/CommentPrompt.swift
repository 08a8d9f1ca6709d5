import ExhibitCore
import ExhibitRules

/// The optional one-line comment after a class was chosen: Enter goes on to the issue
/// link (`IssuePrompt`), Esc goes back to the classes keeping what was
/// typed as a draft. Kept on the stack as `Overlay.comment`. Drawn by
/// `DialogRenderer.drawComment`.
struct CommentPrompt: TriageOverlay {
    /// Longest comment accepted: one line in a note, not an essay.
    static let maximumLength = 300

    var failureClass: FailureClass
    var text: String

    init(failureClass: FailureClass, text: String) {
        self.failureClass = failureClass
        self.text = text
    }

    /// The prompt for `cls`, with the draft's text when it was for the same class.
    init(for cls: FailureClass, draft: TriageDraft?) {
        self.init(failureClass: cls, text: draft?.failureClass == cls ? draft?.comment ?? "" : "")
    }

    var context: BindingContext { .commentInput }
    var overlay: Overlay { .comment(failureClass, text) }

    func handle(_ action: Action, in state: inout TriageState) -> [TriageEffect] {
        var prompt = self
        switch action {
        case .insert(let c):
            guard text.count < Self.maximumLength else { return [] }
            prompt.text += String(c)
            state.updateOverlay(prompt)
        case .deleteBackward:
            prompt.text = String(text.dropLast())
            state.updateOverlay(prompt)
        case .cancel:
            // Back to the classes, keeping what was typed for this class.
            state.draft = TriageDraft(failureClass: failureClass, comment: text)
            state.closeOverlay()
            state.openOverlay(Chooser.classes(preselect: failureClass))
        case .confirm:
            // The issue link comes next (optional); the current one is offered.
            state.closeOverlay()
            state.openOverlay(IssuePrompt(failureClass: failureClass, comment: text.trimmingSpaces, text: state.decision?.issue ?? ""))
        default:
            break
        }
        return []
    }

    func hint(_ layout: ScreenLayout) -> String { "Enter next  Esc back" }

    func draw(_ state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        DialogRenderer.drawComment(failureClass, text: text, layout: state.layout, into: &grid, glyphs: glyphs)
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s.removeFirst() }
        while s.last?.isWhitespace == true { s.removeLast() }
        return String(s)
    }
}
