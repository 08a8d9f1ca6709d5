import ExhibitCore
import ExhibitRules

/// Re-classifying and the issue link: `c` on a classified run shows the current record
/// and asks first (`ReplaceRecordQuestion`; the record is replaced, its history kept by
/// the store); after the comment comes an optional issue link (`IssuePrompt`), and only
/// then is the classification recorded.
extension TriageState {
    mutating func openClassChooser() {
        let preselect = draft?.failureClass ?? decision?.failureClass ?? data.proposedClass
        openOverlay(Chooser.classes(preselect: preselect))
    }
}

/// `c` on a classified run: the current record (who, when, class, comment, issue) and
/// `y` to classify again or Esc to keep it. Drawn by `RecordDialogRenderer.drawReplace`.
struct ReplaceRecordQuestion: TriageOverlay {
    var current: TriageDecision

    var context: BindingContext { .replaceRecord }
    var overlay: Overlay { .replaceRecord(current) }

    func handle(_ action: Action, in state: inout TriageState) -> [TriageEffect] {
        switch action {
        case .confirm:
            state.closeOverlay()
            state.openClassChooser()
        case .cancel:
            state.closeOverlay()
        default:
            break
        }
        return []
    }

    func hint(_ layout: ScreenLayout) -> String { "y classify again  Esc keep" }

    func draw(_ state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        RecordDialogRenderer.drawReplace(current, layout: state.layout, into: &grid, glyphs: glyphs)
    }
}

/// The optional issue link after the comment, the current one offered: Enter records the
/// classification, Esc goes back to the comment. Drawn by `RecordDialogRenderer.drawIssue`.
struct IssuePrompt: TriageOverlay {
    /// Longest issue link accepted: a URL, not a paragraph.
    static let maximumLength = 300

    var failureClass: FailureClass
    var comment: String
    var text: String

    var context: BindingContext { .issueInput }
    var overlay: Overlay { .issue(failureClass, comment, text) }

    func handle(_ action: Action, in state: inout TriageState) -> [TriageEffect] {
        var prompt = self
        switch action {
        case .insert(let c):
            guard text.count < Self.maximumLength, c != " " || !text.isEmpty else { return [] }
            prompt.text += String(c)
            state.updateOverlay(prompt)
        case .deleteBackward:
            prompt.text = String(text.dropLast())
            state.updateOverlay(prompt)
        case .cancel:
            state.closeOverlay()
            state.openOverlay(CommentPrompt(failureClass: failureClass, text: comment))
        case .confirm:
            state.closeOverlay()
            let link = text.trimmingSpaces
            let chosen = TriageDecision(failureClass: failureClass, comment: comment, issue: link.isEmpty ? nil : link)
            state.decisionBeforeSave = state.decision
            state.decision = chosen
            state.draft = nil
            return [.confirmClassification(chosen, state.data)]
        default:
            break
        }
        return []
    }

    func hint(_ layout: ScreenLayout) -> String { "Enter record  Esc back" }

    func draw(_ state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        RecordDialogRenderer.drawIssue(failureClass, text: text, layout: state.layout, into: &grid, glyphs: glyphs)
    }
}
