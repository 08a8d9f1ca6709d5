import ExhibitCore
import ExhibitRules

/// Per-top-level-directory totals against the budgets in the rules, as bars.
enum BudgetsRenderer {
    static func draw(_ state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        let layout = state.layout
        let rows = state.data.budgetRows
        let nameWidth = layout.cols >= 100 ? 28 : 20
        let barWidth = max(layout.cols - nameWidth - 2 * 10 - 4 - 18, 8)
        let titles =
            " " + TextFit.padRight("Directory", to: nameWidth) + TextFit.padLeft("Size", to: 10)
            + TextFit.padLeft("Budget", to: 10) + "  Use"
        grid.put(titles, row: layout.titleRow, col: 0, role: .columnTitle)
        let top = layout.listTop(.budgets)
        if rows.isEmpty {
            grid.put(" No top-level directories to measure.", row: top, col: 0, role: .dim)
            return
        }
        let largest = max(rows.map(\.bytes).max() ?? 1, 1)
        let page = layout.listRows(.budgets)
        for r in 0..<page {
            let i = state.budgets.offset + r
            guard i < rows.count else { break }
            let b = rows[i]
            let row = top + r
            var x = grid.put(
                " " + TextFit.padRight(TextFit.shorten(glyphs.safe(b.directory), to: nameWidth - 1, ellipsis: glyphs.ellipsis), to: nameWidth),
                row: row, col: 0, role: .directory)
            x += grid.put(TextFit.padLeft(SizeLabel.text(of: b), to: 10), row: row, col: x, role: .plain)
            x += grid.put(TextFit.padLeft(b.budget.map(SizeLabel.text) ?? "none", to: 10), row: row, col: x, role: .dim)
            x += 2
            let fraction = b.budget.map { $0 == 0 ? (b.bytes > 0 ? 1 : 0) : Double(b.bytes) / Double($0) } ?? Double(b.bytes) / Double(largest)
            // No size recorded below: no bar, not an empty one (that would read as 0 B).
            if b.unrecordedSizes == 0 || b.bytes > 0 {
                grid.put("[", row: row, col: x, role: .dim)
                grid.put(glyphs.bar(fraction: fraction, width: barWidth), row: row, col: x + 1, role: b.isOver ? .barOver : .bar)
                grid.put("]", row: row, col: x + 1 + barWidth, role: .dim)
            }
            x += barWidth + 3
            if let budget = b.budget {
                let percent = budget == 0 ? (b.bytes == 0 ? 0 : 999) : Int(saturating: (Double(b.bytes) / Double(budget) * 100).rounded())
                // Sizes and budgets come from evidence: 10^18 bytes against a 1-byte budget
                // is a percentage no column holds.
                let shown = percent > 99_999 ? ">99999" : "\(percent)"
                // A lower bound within the budget (sizes not recorded) is no verdict.
                let note =
                    b.isOverKnown == false ? "\(shown)%" + (b.isOver ? "?, not known" : "+, not known") : b.isOver ? "\(shown)% over" : "\(shown)%"
                grid.put(note, row: row, col: x, role: b.isOver ? .violation : .plain)
            }
            if i == state.budgets.index { grid.restyle(row: row, role: .selected) }
        }
    }
}
