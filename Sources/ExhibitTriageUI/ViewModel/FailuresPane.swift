import ExhibitCore
import ExhibitRules

/// The failing tests, and below them the selected test's failure text and the
/// violations that explain it. State: `TriageState.failures` (a cursor over
/// `TriageData.failures`). Drawn by `FailuresRenderer`.
enum FailuresPane: TriagePane {
    static let title = "Failures"
    static let context = BindingContext.failures

    static func handle(_ action: Action, in state: inout TriageState) {
        if action == .startSearch {
            state.openOverlay(SearchPrompt(text: ""))
            return
        }
        if action == .toggleDetails {
            // The pane cuts long messages; the details show them whole.
            if state.data.failures.indices.contains(state.failures.index) {
                state.openOverlay(DetailsView(.failure(state.failures.index), data: state.data, width: state.layout.cols))
            }
            return
        }
        state.failures.apply(action, count: state.data.failures.count, page: page(state))
    }

    static func fit(_ state: inout TriageState) {
        state.failures.reveal(page: page(state), count: state.data.failures.count)
    }

    /// The list is only as tall as it needs to be; the failure text takes the rest.
    private static func page(_ state: TriageState) -> Int {
        state.layout.listRows(.failures, itemCount: state.data.failures.count)
    }

    static func tabNote(_ state: TriageState, glyphs: Glyphs) -> String { " \(state.data.failures.count)" }

    static func position(_ state: TriageState, glyphs: Glyphs) -> String {
        let n = state.data.failures.count
        return n == 0 ? "0/0" : "\(state.failures.index + 1)/\(n)"
    }

    static func hint(_ layout: ScreenLayout) -> String { layout.cols >= 100 ? "i whole text  ? help  q back" : "? help  q back" }

    static func draw(_ state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        FailuresRenderer.draw(state, into: &grid, glyphs: glyphs)
    }
}
