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
    /// The columns after the change: the delta (from 60 columns), the size, then Path,
    /// Step (from 100) and Violations (from 76) sharing the rest by content, as the
    /// Violations pane's do: each takes what its widest cell needs while they fit, and
    /// when they do not, the widest gives way first. A cut cell reads whole in the
    /// row's details (`i`).
    struct Columns {
        let delta: Int
        let step: Int
        let violations: Int
        let path: Int

        init(cols: Int, path pathNeeds: Int = 48, step stepNeeds: Int = 15, violations violationsNeeds: Int = 17) {
            delta = cols >= 60 ? 11 + 1 : 0
            let showsStep = cols >= 100
            let showsViolations = cols >= 76
            let room = cols - Self.fixed - delta - 1
            let widths = ColumnShare.fit(
                [max(pathNeeds, 4), showsStep ? max(stepNeeds, 4) : 0, showsViolations ? max(violationsNeeds, 4) : 0],
                gaps: (showsStep ? 1 : 0) + (showsViolations ? 1 : 0), room: room)
            step = showsStep ? widths[1] + 1 : 0
            violations = showsViolations ? widths[2] + 1 : 0
            path = max(cols - Self.fixed - delta - step - violations - 1, 8)
        }

        /// " change  size  " before the path (the delta's column apart).
        static let fixed = 1 + 9 + 1 + 1 + 9 + 2

        /// Where the path starts.
        var pathStart: Int { Self.fixed + delta }
    }

    /// The rows whose cells set the columns (as the Violations pane measures).
    static let measuredRows = 2_000

    /// The widest path (with its note), step and violations cell of the rows around the
    /// scroll position.
    static func measure(_ view: DiffView, cols: Int, glyphs: Glyphs) -> Columns {
        var path = 4
        var step = 4
        var violations = 4
        let start = max(0, min(view.cursor.offset, view.rows.count - measuredRows))
        for row in view.rows[start..<min(view.rows.count, start + measuredRows)] {
            let cells = self.cells(row, glyphs: glyphs)
            guard let cells else { continue }
            path = max(path, DisplayWidth.of(cells.path) + DisplayWidth.of(cells.note))
            step = max(step, DisplayWidth.of(cells.step))
            violations = max(violations, DisplayWidth.of(cells.violations))
        }
        return Columns(cols: cols, path: path, step: step, violations: violations)
    }

    /// A row's cells before fitting: path, the note kept after it, step, violations.
    /// Nil for titles, notes and tests (a test's row has a layout of its own).
    static func cells(_ row: DiffView.Row, glyphs: Glyphs) -> (path: String, note: String, step: String, violations: String)? {
        let list: [Violation]
        let path: String
        var pathIsEscaped = false
        var note = ""
        var step = "-"
        switch row.item {
        case .section, .note, .test: return nil
        case .file(let e):
            (list, path, step) = (e.violations, e.path, e.step ?? "-")
        case .move(let m):
            (list, path, step, note) = (m.violations, m.path, m.step ?? "-", "  from " + m.baseArea.shortName)
        case .flag(let f):
            (list, path) = (f.violations, f.path)
            note = (f.isDirectory ? "  " + RunComparison.counted(f.fileCount, "file") : "") + (f.areaBackedUp ? "" : "  (not backed up either way)")
        case .violation(let v, _):
            (list, path, step, pathIsEscaped) = ([v], v.path, v.step ?? "-", v.pathIsEscaped)
            note = v.fileCount > 1 ? "  " + RunComparison.counted(v.fileCount, "file") : ""
        }
        var violations = list.first.map { String($0.kind.badge) + " " + glyphs.safe($0.ruleName ?? $0.kind.title) } ?? ""
        if list.count > 1 { violations += " +\(list.count - 1)" }
        return (glyphs.safe(path: path, isEscaped: pathIsEscaped), note, glyphs.safe(step), violations)
    }

    static func draw(_ view: DiffView, state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        let layout = state.layout
        let files = view.count(.files)
        let title: StyledLine = [
            Segment(" Since ", .dim), Segment(glyphs.safe(view.baseRunID), .message),
            Segment(
                " · \(view.regressions) regressions" + (view.isDecided ? "" : " known, not decided"),
                view.regressions > 0 || !view.isDecided ? .violation : .dim),
            Segment(" · \(view.improvements) fixed · " + RunComparison.counted(files, "file"), .dim),
            Segment(
                " · +" + SizeLabel.text(total: view.bytesGrown, unrecordedSizes: view.unrecordedGrown)
                    + (view.bytesRemoved > 0 || view.unrecordedRemoved > 0
                        ? " -" + SizeLabel.text(total: view.bytesRemoved, unrecordedSizes: view.unrecordedRemoved) : ""),
                .dim),
        ]
        grid.put(title, row: layout.titleRow, col: 0)
        let columns = measure(view, cols: layout.cols, glyphs: glyphs)
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
        let delta = row.deltaBytes == 0 ? "" : (row.shrank ? "-" : "+") + SizeLabel.text(row.deltaBytes)
        var role = Role.plain
        let change: String
        let size: String
        var firstViolation: Violation?
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
            let name = TestNameLabel.fit(glyphs.safe(t.test), width: max(rest - DisplayWidth.of(other) - 1, 8), ellipsis: glyphs.ellipsis)
            grid.put(" " + TextFit.padRight(change, to: 9) + "  " + name + other, row: y, col: 0, role: .plain)
            return
        case .file(let e):
            role = e.change == .removed ? .dim : .plain
            let bytes = e.change == .removed ? (e.baseSize ?? 0) : (e.size ?? 0)
            let shown = SizeLabel.text(total: bytes, unrecordedSizes: e.sizeNotRecorded ? 1 : 0)
            (change, size, firstViolation) = (e.change.rawValue, shown, e.violations.first)
        case .move(let m):
            (change, size, firstViolation) = ("moved", SizeLabel.text(total: m.size, unrecordedSizes: m.sizeNotRecorded ? 1 : 0), m.violations.first)
        case .flag(let f):
            let shown = SizeLabel.text(total: f.bytes, unrecordedSizes: f.unrecordedSizes)
            (change, size, firstViolation) = (f.direction == .nowBackedUp ? "unflagged" : "flagged", shown, f.violations.first)
        case .violation(let v, let fixed):
            role = fixed ? .dim : .plain
            // `unknown`, `4.0 KiB+`: as the Violations pane, never `0 B` for a size not recorded.
            (change, size, firstViolation) = (fixed ? "fixed" : "new", SizeLabel.text(of: v), v)
        }
        guard let cells = cells(row, glyphs: glyphs) else { return }
        // The path shortened so the note after it stays whole (the note goes when even that does not fit).
        let room = columns.path - 1 - DisplayWidth.of(cells.note)
        let path =
            !cells.note.isEmpty && room >= 8
            ? TextFit.shorten(cells.path, to: room, ellipsis: glyphs.ellipsis) + cells.note : fit(cells.path, columns.path)
        let text = line(
            change: change, delta: row.item.isViolation ? "" : delta, size: size, path: path,
            step: fit(cells.step, columns.step), violations: fit(cells.violations, columns.violations), columns)
        grid.put(text, row: y, col: 0, role: role)
        if let first = firstViolation, columns.violations > 0 {
            let x = columns.pathStart + columns.path + columns.step
            grid.restyle(row: y, from: x, to: x + 1, role: first.kind.isBlocking ? .violation : .warning)
        }
    }

    private static func line(
        change: String, delta: String, size: String, path: String, step: String, violations: String,
        _ columns: Columns
    ) -> String {
        var s = " " + TextFit.padRight(change, to: 9) + " "
        if columns.delta > 0 { s += TextFit.padLeft(delta, to: columns.delta - 1) + " " }
        s += " " + TextFit.padLeft(size, to: 9) + "  " + TextFit.padRight(path, to: columns.path)
        if columns.step > 0 { s += TextFit.padRight(step, to: columns.step) }
        if columns.violations > 0 { s += violations }
        return s
    }
}

extension DiffView.Row.Item {
    /// A violation's row has no delta: it is about a rule, not bytes.
    var isViolation: Bool {
        if case .violation = self { return true }
        return false
    }
}
