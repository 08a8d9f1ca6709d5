import ExhibitCore
import ExhibitRules

/// One row per file or reported folder with badge, size, path, rules and step;
/// filtered by kind and rule.
enum ViolationsRenderer {
    struct Columns {
        var rule: Int
        var step: Int

        init(cols: Int) {
            rule = cols >= 76 ? (cols >= 120 ? 24 : 18) : 0
            step = cols >= 100 ? (cols >= 120 ? 22 : 16) : 0
        }
    }

    static func draw(_ state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        let layout = state.layout
        let browser = state.violations
        let report = state.data.report
        let rows = state.data.violationRows.rows
        let kind = browser.kindFilter?.title ?? "all"
        let rule = browser.ruleFilter.map(glyphs.safe) ?? "all"
        let title: StyledLine = [
            Segment(" Kind ", .dim), Segment(kind, browser.kindFilter == nil ? .plain : .message),
            Segment(" · Rule ", .dim), Segment(rule, browser.ruleFilter == nil ? .plain : .message),
            Segment(" · \(browser.shown.count) of \(rows.count)", .dim),
            Segment("   f kind  r rule  a all", .dim),
        ]
        grid.put(title, row: layout.titleRow, col: 0)
        let columns = Columns(cols: layout.cols)
        let titles = row(badge: "K", size: "Size", path: "Path", rule: "Rule", step: "Step", columns: columns, cols: layout.cols)
        grid.put(titles, row: layout.titleRow + 1, col: 0, role: .columnTitle)
        let top = layout.listTop(.violations)
        if browser.shown.isEmpty {
            let note =
                state.data.isChecking
                ? " Checking the rules" + glyphs.ellipsis
                : report.violations.isEmpty
                    ? " No violations: the container follows the rules."
                    : " No violations match the filters (a shows all)."
            grid.put(note, row: top, col: 0, role: .dim)
            return
        }
        for r in 0..<layout.listRows(.violations) {
            let i = browser.cursor.offset + r
            guard i < browser.shown.count else { break }
            let item = rows[browser.shown[i]]
            let first = report.violations[item.violations[0]]
            var rules: [String] = []
            for v in item.violations {
                let name = report.violations[v].ruleName ?? "-"
                if !rules.contains(name) { rules.append(name) }
            }
            let line = row(
                badge: String(item.kind.badge), size: SizeLabel.text(first.size),
                path: pathCell(item, width: pathWidth(columns, cols: layout.cols), glyphs: glyphs),
                rule: TextFit.shorten(rules.map(glyphs.safe).joined(separator: ", "), to: max(columns.rule - 1, 0), ellipsis: glyphs.ellipsis),
                step: TextFit.shorten(glyphs.safe(first.step ?? "-"), to: max(columns.step - 1, 0), ellipsis: glyphs.ellipsis),
                columns: columns, cols: layout.cols)
            grid.put(line, row: top + r, col: 0, role: .plain)
            grid.restyle(row: top + r, from: 1, to: 2, role: item.kind.isBlocking ? .violation : .warning)
            if i == browser.cursor.index { grid.restyle(row: top + r, role: .selected) }
        }
    }

    /// The path, shortened in the middle; a folder reported as a whole keeps its note
    /// ("folder: 183 files") whole, so two such folders read as two rows of many files.
    private static func pathCell(_ row: ViolationRow, width: Int, glyphs: Glyphs) -> String {
        let path = glyphs.safe(row.path)
        guard row.isFolder else { return TextFit.shorten(path, to: width, ellipsis: glyphs.ellipsis) }
        let note = "  folder: \(row.fileCount) files"
        let room = width - DisplayWidth.of(note)
        guard room >= 8 else { return TextFit.shorten(path + "/" + note, to: width, ellipsis: glyphs.ellipsis) }
        return TextFit.shorten(path + "/", to: room, ellipsis: glyphs.ellipsis) + note
    }

    private static func pathWidth(_ columns: Columns, cols: Int) -> Int {
        max(cols - 13 - columns.rule - columns.step - 1, 8)
    }

    private static func row(
        badge: String, size: String, path: String, rule: String, step: String,
        columns: Columns, cols: Int
    ) -> String {
        var s = " " + badge + " " + TextFit.padLeft(size, to: 9) + "  "
        s += TextFit.padRight(path, to: pathWidth(columns, cols: cols)) + " "
        if columns.rule > 0 { s += TextFit.padRight(rule, to: columns.rule) }
        if columns.step > 0 { s += TextFit.padRight(step, to: columns.step) }
        return s
    }
}
