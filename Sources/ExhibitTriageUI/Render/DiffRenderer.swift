import ExhibitCore
import ExhibitRules

/// The diff view: files added, removed and grown since a base run, biggest growth
/// first, with their size delta, size, creating step and violations in the open run.
///
/// ```
/// row 3        since which run, counts, bytes grown and removed
/// row 4        column titles
/// rows 5...    files
/// ```
enum DiffRenderer {
    struct Columns {
        let step: Int
        let violations: Int
        let path: Int

        init(cols: Int) {
            step = cols >= 100 ? (cols >= 120 ? 22 : 16) : 0
            violations = cols >= 76 ? (cols >= 120 ? 26 : 18) : 0
            path = max(cols - Self.fixed - step - violations - 1, 8)
        }

        /// " change  +delta  size  " before the path.
        static let fixed = 1 + 7 + 1 + 11 + 2 + 9 + 2
    }

    static func draw(_ view: DiffView, state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        let layout = state.layout
        let title: StyledLine = [
            Segment(" Since ", .dim), Segment(glyphs.safe(view.baseRunID), .message),
            Segment(" · \(view.count(.added)) added · \(view.count(.removed)) removed · \(view.count(.grown)) grown", .dim),
            Segment(
                " · +" + SizeLabel.text(view.bytesGrown) + (view.bytesRemoved > 0 ? " -" + SizeLabel.text(view.bytesRemoved) : ""),
                .dim),
        ]
        grid.put(title, row: layout.titleRow, col: 0)
        let columns = Columns(cols: layout.cols)
        grid.put(
            line(
                change: "Change", delta: "Delta", size: "Size", path: "Path", step: "Step", violations: "Violations",
                columns),
            row: layout.titleRow + 1, col: 0, role: .columnTitle)
        if view.rows.isEmpty {
            grid.put(
                " No files added, removed or grown since " + glyphs.safe(view.baseRunID) + ".", row: layout.diffTop, col: 0,
                role: .dim)
            return
        }
        for r in 0..<layout.diffRows {
            let i = view.cursor.offset + r
            guard i < view.rows.count else { break }
            let row = view.rows[i]
            let e = row.entry
            let y = layout.diffTop + r
            let size = e.change == .removed ? (e.baseSize ?? 0) : (e.size ?? 0)
            let first = e.violations.first
            var violationText = first.map { String($0.kind.badge) + " " + glyphs.safe($0.ruleName ?? $0.kind.title) } ?? ""
            if e.violations.count > 1 { violationText += " +\(e.violations.count - 1)" }
            let text = line(
                change: e.change.rawValue, delta: (row.shrank ? "-" : "+") + SizeLabel.text(row.deltaBytes),
                size: SizeLabel.text(size),
                path: TextFit.shorten(glyphs.safe(e.path), to: columns.path - 1, ellipsis: glyphs.ellipsis),
                step: TextFit.shorten(glyphs.safe(e.step ?? "-"), to: max(columns.step - 1, 0), ellipsis: glyphs.ellipsis),
                violations: TextFit.shorten(violationText, to: max(columns.violations - 1, 0), ellipsis: glyphs.ellipsis),
                columns)
            grid.put(text, row: y, col: 0, role: e.change == .removed ? .dim : .plain)
            if let first, columns.violations > 0 {
                let x = Columns.fixed + columns.path + columns.step
                grid.restyle(row: y, from: x, to: x + 1, role: first.kind.isBlocking ? .violation : .warning)
            }
            if i == view.cursor.index { grid.restyle(row: y, role: .selected) }
        }
    }

    private static func line(
        change: String, delta: String, size: String, path: String, step: String, violations: String,
        _ columns: Columns
    ) -> String {
        var s =
            " " + TextFit.padRight(change, to: 7) + " " + TextFit.padLeft(delta, to: 11) + "  "
            + TextFit.padLeft(size, to: 9) + "  " + TextFit.padRight(path, to: columns.path)
        if columns.step > 0 { s += TextFit.padRight(step, to: columns.step) }
        if columns.violations > 0 { s += violations }
        return s
    }
}
