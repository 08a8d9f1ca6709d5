import ExhibitCore
import ExhibitRules

/// One row per file or reported folder (`ViolationRows`) in the tree's order, with its
/// badge, size, path, rules and step, filtered by kind (`f`) and rule (`r`) through a
/// `Chooser`; Enter shows the file in the tree, `i` its details.
/// State: `TriageState.violations` (`ViolationsBrowser`). Drawn by `ViolationsRenderer`.
enum ViolationsPane: TriagePane {
    static let title = "Violations"
    static let context = BindingContext.violations

    static func handle(_ action: Action, in state: inout TriageState) {
        let data = state.data
        switch action {
        case .open:
            if let row = state.violations.selected, state.showInTree(row: row) { state.focus = .tree }
        case .startSearch: state.openOverlay(SearchPrompt(text: ""))
        case .chooseKind:
            state.openOverlay(Chooser.kinds(data, current: state.violations.kindFilter))
        case .chooseRule:
            state.openOverlay(Chooser.rules(data, current: state.violations.ruleFilter))
        case .clearViolationFilters:
            state.violations.setFilters(kind: nil, rule: nil, data, page: state.violationsPage)
        case .toggleDetails:
            if let row = state.violations.selected {
                let violations = data.violationRows.rows[row].violations
                let subject: DetailsSubject = violations.count == 1 ? .violation(violations[0]) : .violations(violations)
                state.openOverlay(DetailsView(subject, data: data, width: state.layout.cols))
            }
        default:
            state.violations.cursor.apply(action, count: state.violations.shown.count, page: state.violationsPage)
        }
    }

    static func fit(_ state: inout TriageState) {
        state.violations.cursor.reveal(page: state.violationsPage, count: state.violations.shown.count)
    }

    /// The count shown, or an ellipsis while the rules are still being checked.
    static func tabNote(_ state: TriageState, glyphs: Glyphs) -> String {
        state.data.isChecking ? " " + glyphs.ellipsis : " \(state.violations.shown.count)"
    }

    static func position(_ state: TriageState, glyphs: Glyphs) -> String {
        let n = state.violations.shown.count
        return n == 0 ? "0/0" : "\(state.violations.cursor.index + 1)/\(n)"
    }

    static func hint(_ layout: ScreenLayout) -> String {
        layout.cols >= 100 ? "f kind  r rule  Enter show  ? help  q back" : "? help  q back"
    }

    static func draw(_ state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        ViolationsRenderer.draw(state, into: &grid, glyphs: glyphs)
    }
}

extension TriageState {
    var violationsPage: Int { layout.listRows(.violations) }
}
