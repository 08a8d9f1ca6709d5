import ExhibitCore
import ExhibitRules

/// Each top-level directory's total against its budget in the rules (or alone, when
/// the rules set none). State: `TriageState.budgets` (a cursor over
/// `TriageData.budgetRows`). Drawn by `BudgetsRenderer`.
enum BudgetsPane: TriagePane {
    static let title = "Budgets"
    static let context = BindingContext.budgets

    static func handle(_ action: Action, in state: inout TriageState) {
        state.budgets.apply(action, count: state.data.budgetRows.count, page: state.layout.listRows(.budgets))
    }

    static func fit(_ state: inout TriageState) {
        state.budgets.reveal(page: state.layout.listRows(.budgets), count: state.data.budgetRows.count)
    }

    static func tabNote(_ state: TriageState, glyphs: Glyphs) -> String { "" }

    /// Where the budgets come from.
    static func position(_ state: TriageState, glyphs: Glyphs) -> String {
        "rules: " + glyphs.safe(state.data.report.rulesSource)
    }

    static func hint(_ layout: ScreenLayout) -> String { "? help  q back" }

    static func draw(_ state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        BudgetsRenderer.draw(state, into: &grid, glyphs: glyphs)
    }
}
