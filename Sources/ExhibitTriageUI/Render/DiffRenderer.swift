import ExhibitCore
import ExhibitRules

/// The diff view: since a base run, section by section (new violations, flags lost and
/// newly failing tests first; then moves and files; then what was fixed), each under
/// its title and count, in one set of columns: what changed, the bytes it moves in or
/// out of the backup, the size, the path or test, the step and the run's violations.
///
/// ```
/// row 3        since which run, regressions, improvements, files, bytes grown and removed
/// row 4        column titles
/// rows 5...    section titles and their rows
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
        static let fixed = 1 + 9 + 1 + 11 + 2 + 9 + 2
    }

    static func draw(_ view: DiffView, state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        let layout = state.layout
        let files = view.count(.files)
        let title: StyledLine = [
            Segment(" Since ", .dim), Segment(glyphs.safe(view.baseRunID), .message),
            Segment(" · \(view.regressions) regressions", view.regressions > 0 ? .violation : .dim),
            Segment(" · \(view.improvements) fixed · " + RunComparison.counted(files, "file"), .dim),
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
        if view.isEmpty {
            var y = layout.diffTop
            for row in view.rows {
                if case .note(let text) = row.item { grid.put(" " + text, row: y, col: 0, role: .dim) }
                y += 1
            }
            grid.put(
                " No files added, removed or grown since " + glyphs.safe(view.baseRunID) + ".", row: y, col: 0, role: .dim)
            grid.put(" No file moved, no flag, violation or test changed.", row: y + 1, col: 0, role: .dim)
            return
        }
        for r in 0..<layout.diffRows {
            let i = view.cursor.offset + r
            guard i < view.rows.count else { break }
            let y = layout.diffTop + r
            draw(view.rows[i], row: y, columns, into: &grid, glyphs: glyphs)
            if i == view.cursor.index, view.rows[i].isSelectable { grid.restyle(row: y, role: .selected) }
        }
    }

    private static func draw(_ row: DiffView.Row, row y: Int, _ columns: Columns, into grid: inout Grid, glyphs: Glyphs) {
        let fit = { (text: String, width: Int) in TextFit.shorten(text, to: max(width - 1, 0), ellipsis: glyphs.ellipsis) }
        /// The path shortened so the note after it stays whole (the note goes when even that does not fit).
        let annotated = { (path: String, note: String) -> String in
            let room = columns.path - 1 - DisplayWidth.of(note)
            guard !note.isEmpty, room >= 8 else { return fit(path, columns.path) }
            return TextFit.shorten(path, to: room, ellipsis: glyphs.ellipsis) + note
        }
        let delta = row.deltaBytes == 0 ? "" : (row.shrank ? "-" : "+") + SizeLabel.text(row.deltaBytes)
        var violations: [Violation] = []
        var role = Role.plain
        let text: String
        switch row.item {
        case .section(let section, let count):
            grid.put(" " + section.title + " (\(count))", row: y, col: 0, role: .header)
            return
        case .note(let note):
            grid.put(" " + note, row: y, col: 0, role: .dim)
            return
        case .test(let t, let section):
            // A test has no size or step: its name and what the other run says take the row.
            let change = section == .newFailingTests ? "failing" : section == .fixedTests ? "fixed" : "flaky"
            let rest = grid.cols - 12
            let other = "  " + t.other
            let name = TextFit.shorten(glyphs.safe(t.test), to: max(rest - DisplayWidth.of(other) - 1, 8), ellipsis: glyphs.ellipsis)
            grid.put(" " + TextFit.padRight(change, to: 9) + "  " + name + other, row: y, col: 0, role: .plain)
            return
        case .file(let e):
            violations = e.violations
            role = e.change == .removed ? .dim : .plain
            text = line(
                change: e.change.rawValue, delta: delta,
                size: SizeLabel.text(e.change == .removed ? (e.baseSize ?? 0) : (e.size ?? 0)),
                path: fit(glyphs.safe(e.path), columns.path), step: fit(glyphs.safe(e.step ?? "-"), columns.step),
                violations: "", columns)
        case .move(let m):
            violations = m.violations
            text = line(
                change: "moved", delta: delta, size: SizeLabel.text(m.size),
                path: annotated(glyphs.safe(m.path), "  from " + m.baseArea.shortName),
                step: fit(glyphs.safe(m.step ?? "-"), columns.step), violations: "", columns)
        case .flag(let f):
            violations = f.violations
            let files = f.isDirectory ? "  " + RunComparison.counted(f.fileCount, "file") : ""
            text = line(
                change: f.direction == .nowBackedUp ? "unflagged" : "flagged", delta: delta, size: SizeLabel.text(f.bytes),
                path: annotated(glyphs.safe(f.path), files + (f.areaBackedUp ? "" : "  (not backed up either way)")),
                step: fit("-", columns.step), violations: "", columns)
        case .violation(let v, let fixed):
            violations = [v]
            role = fixed ? .dim : .plain
            text = line(
                change: fixed ? "fixed" : "new", delta: "", size: SizeLabel.text(v.size),
                path: annotated(glyphs.safe(v.path), v.fileCount > 1 ? "  " + RunComparison.counted(v.fileCount, "file") : ""),
                step: fit(glyphs.safe(v.step ?? "-"), columns.step), violations: "", columns)
        }
        let first = violations.first
        var violationText = first.map { String($0.kind.badge) + " " + glyphs.safe($0.ruleName ?? $0.kind.title) } ?? ""
        if violations.count > 1 { violationText += " +\(violations.count - 1)" }
        grid.put(text + (columns.violations > 0 ? fit(violationText, columns.violations) : ""), row: y, col: 0, role: role)
        if let first, columns.violations > 0 {
            let x = Columns.fixed + columns.path + columns.step
            grid.restyle(row: y, from: x, to: x + 1, role: first.kind.isBlocking ? .violation : .warning)
        }
    }

    private static func line(
        change: String, delta: String, size: String, path: String, step: String, violations: String,
        _ columns: Columns
    ) -> String {
        var s =
            " " + TextFit.padRight(change, to: 9) + " " + TextFit.padLeft(delta, to: 11) + "  "
            + TextFit.padLeft(size, to: 9) + "  " + TextFit.padRight(path, to: columns.path)
        if columns.step > 0 { s += TextFit.padRight(step, to: columns.step) }
        if columns.violations > 0 { s += violations }
        return s
    }
}
