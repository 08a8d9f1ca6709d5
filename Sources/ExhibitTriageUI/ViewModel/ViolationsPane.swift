import ExhibitCore
import ExhibitRules

/// Every violation with its badge, size, path, rule and step, filtered by kind (`f`) and
/// rule (`r`) through a `Chooser`; Enter shows the file in the tree, `i` its details.
/// State: `TriageState.violations` (`ViolationsBrowser`). Drawn by `ViolationsRenderer`.
enum ViolationsPane: TriagePane {
    static let title = "Violations"
    static let context = BindingContext.violations

    static func handle(_ action: Action, in state: inout TriageState) {
        let data = state.data
        let total = data.report.violations.count
        switch action {
        case .open:
            if let v = state.violations.selected, state.showInTree(v) { state.focus = .tree }
        case .chooseKind:
            state.openOverlay(Chooser.kinds(data.index, total: total, current: state.violations.kindFilter))
        case .chooseRule:
            state.openOverlay(Chooser.rules(data.index, total: total, current: state.violations.ruleFilter))
        case .clearViolationFilters:
            state.violations.setFilters(kind: nil, rule: nil, data.report, page: state.violationsPage)
        case .toggleDetails:
            if let v = state.violations.selected { state.openOverlay(DetailsView(.violation(v), data: data)) }
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
