import ExhibitCore
import ExhibitRules

/// The comparison with a base run (`b`, `B`) as an overlay: a thin adapter. The view's
/// state is `DiffView`, its keys `TriageState.handleDiff` (TriageComparison.swift, with
/// finding and loading the base), its drawing `DiffRenderer`.
extension DiffView: TriageOverlay {
    var context: BindingContext { .diff }
    var overlay: Overlay { .diff(self) }
    var coversPane: Bool { true }

    func handle(_ action: Action, in state: inout TriageState) -> [TriageEffect] {
        state.handleDiff(self, action)
    }

    mutating func fit(_ layout: ScreenLayout) { cursor.reveal(page: layout.diffRows, count: rows.count) }

    func position(glyphs: Glyphs) -> String? {
        guard let row = selected else { return "0/0" }
        return "\(cursor.index + 1)/\(rows.count)  " + glyphs.safe(row.path)
    }

    func hint(_ layout: ScreenLayout) -> String { "Enter show in tree  q back" }

    func draw(_ state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        DiffRenderer.draw(self, state: state, into: &grid, glyphs: glyphs)
    }
}
