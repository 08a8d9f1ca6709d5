import ExhibitCore
import ExhibitRules

/// Every violation with badge, size, path, rule and step; filtered by kind and rule.
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
        let kind = browser.kindFilter?.title ?? "all"
        let rule = browser.ruleFilter.map(glyphs.safe) ?? "all"
        let title: StyledLine = [
            Segment(" Kind ", .dim), Segment(kind, browser.kindFilter == nil ? .plain : .message),
            Segment(" · Rule ", .dim), Segment(rule, browser.ruleFilter == nil ? .plain : .message),
            Segment(" · \(browser.shown.count) of \(report.violations.count)", .dim),
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
        let rows = layout.listRows(.violations)
        for r in 0..<rows {
            let i = browser.cursor.offset + r
            guard i < browser.shown.count else { break }
            let v = report.violations[browser.shown[i]]
            let line = row(
                badge: String(v.kind.badge), size: SizeLabel.text(v.size),
                path: TextFit.shorten(glyphs.safe(v.path), to: pathWidth(columns, cols: layout.cols), ellipsis: glyphs.ellipsis),
                rule: TextFit.shorten(glyphs.safe(v.ruleName ?? "-"), to: max(columns.rule - 1, 0), ellipsis: glyphs.ellipsis),
                step: TextFit.shorten(glyphs.safe(v.step ?? "-"), to: max(columns.step - 1, 0), ellipsis: glyphs.ellipsis),
                columns: columns, cols: layout.cols)
            grid.put(line, row: top + r, col: 0, role: .plain)
            grid.restyle(row: top + r, from: 1, to: 2, role: v.kind.isBlocking ? .violation : .warning)
            if i == browser.cursor.index { grid.restyle(row: top + r, role: .selected) }
        }
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
