import ExhibitCore
import ExhibitRules

/// Re-classifying and the issue link: `c` on a classified run shows the current record
/// and asks first (the record is replaced, its history kept by the store); after the
/// comment comes an optional issue link, and only then is the classification recorded.
extension TriageState {
    /// Longest issue link accepted: a URL, not a paragraph.
    public static let maximumIssueLength = 300

    mutating func openClassChooser() {
        let preselect = draft?.failureClass ?? decision?.failureClass ?? data.proposedClass
        overlays.append(.chooser(.classes(preselect: preselect)))
    }

    mutating func handleReplaceRecord(_ action: Action) {
        switch action {
        case .confirm:
            overlays.removeLast()
            openClassChooser()
        case .cancel:
            overlays.removeLast()
        default:
            break
        }
    }

    mutating func handleIssue(_ cls: FailureClass, comment: String, text: String, _ action: Action) -> [TriageEffect] {
        switch action {
        case .insert(let c):
            guard text.count < Self.maximumIssueLength, c != " " || !text.isEmpty else { return [] }
            overlays[overlays.count - 1] = .issue(cls, comment, text + String(c))
        case .deleteBackward:
            overlays[overlays.count - 1] = .issue(cls, comment, String(text.dropLast()))
        case .cancel:
            overlays.removeLast()
            overlays.append(.comment(cls, comment))
        case .confirm:
            overlays.removeLast()
            let link = text.trimmingSpaces
            let chosen = TriageDecision(failureClass: cls, comment: comment, issue: link.isEmpty ? nil : link)
            decisionBeforeSave = decision
            decision = chosen
            draft = nil
            return [.confirmClassification(chosen, data)]
        default:
            break
        }
        return []
    }
}
