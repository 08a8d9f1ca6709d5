import ExhibitCore
import ExhibitRules

/// One row per file or reported folder with badge, size, path, rules and step;
/// filtered by kind and rule.
enum ViolationsRenderer {
    /// The Rule and Step columns' widths, a gap included (0: not shown). They share the
    /// width with Path by content: each column gets what its widest cell needs while
    /// the three fit; when they do not, the widest gives way first, so a long step is
    /// no longer cut at 20 columns while the paths take 140. A cut cell reads whole in
    /// the details (`i`).
    struct Columns {
        var rule: Int
        var step: Int

        init(cols: Int, path: Int = 48, rule ruleNeeds: Int = 17, step stepNeeds: Int = 15) {
            let showsRule = cols >= 76
            let showsStep = cols >= 100
            let room = cols - ViolationsRenderer.fixedWidth
            let widths = ColumnShare.fit(
                [max(path, 4), showsRule ? max(ruleNeeds, 4) : 0, showsStep ? max(stepNeeds, 4) : 0],
                gaps: (showsRule ? 1 : 0) + (showsStep ? 1 : 0), room: room)
            rule = showsRule ? widths[1] + 1 : 0
            step = showsStep ? widths[2] + 1 : 0
        }
    }

    /// The badge, size and the gaps around them.
    static let fixedWidth = 14

    /// The rows whose cells set the columns' widths: enough to cover what is scrolled to
    /// without measuring a million rows per frame.
    static let measuredRows = 2_000

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
        ]
        let keys = "   f kind  r rule  a all"
        let used = grid.put(title, row: layout.titleRow, col: 0)
        // The keys only where they fit whole (from about 55 columns); `?` lists them too.
        if used + DisplayWidth.of(keys) <= layout.cols { grid.put(keys, row: layout.titleRow, col: used, role: .dim) }
        let columns = measure(state, glyphs: glyphs)
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
            let rules = ruleNames(item, report)
            let line = row(
                badge: String(item.kind.badge), size: SizeLabel.text(of: first),
                path: pathCell(item, width: pathWidth(columns, cols: layout.cols), glyphs: glyphs),
                rule: TextFit.shorten(rules.map(glyphs.safe).joined(separator: ", "), to: max(columns.rule - 1, 0), ellipsis: glyphs.ellipsis),
                step: TextFit.shorten(glyphs.safe(first.step ?? "-"), to: max(columns.step - 1, 0), ellipsis: glyphs.ellipsis),
                columns: columns, cols: layout.cols)
            grid.put(line, row: top + r, col: 0, role: .plain)
            grid.restyle(row: top + r, from: 1, to: 2, role: item.kind.isBlocking ? .violation : .warning)
            if i == browser.cursor.index { grid.restyle(row: top + r, role: .selected) }
        }
    }

    /// The distinct rule names of a row, in report order.
    private static func ruleNames(_ row: ViolationRow, _ report: CheckReport) -> [String] {
        var rules: [String] = []
        for v in row.violations {
            // Field by field: the subscript makes the whole violation, its path included.
            let name = report.violations.ruleName(at: v) ?? "-"
            if !rules.contains(name) { rules.append(name) }
        }
        return rules
    }

    /// The columns for the rows shown: each cell's width as drawn, the widest per column.
    /// Measures, off the UI thread, what the pane's first frame under `order` measures:
    /// the first `measuredRows` rows, unfiltered, in both glyph sets (`CellWidthMemo`).
    public static func prewarm(_ data: TriageData, order: SortOrder) {
        let rows = data.violationRows.rows
        for glyphs in [Glyphs.unicode, Glyphs.ascii] {
            for i in data.treeOrderedRows(order).prefix(measuredRows) {
                _ = data.cellWidths.widths(ofRow: i, unicode: glyphs.unicodeText) { cellWidths(rows[i], data.report, glyphs) }
            }
        }
    }

    private static func cellWidths(_ item: ViolationRow, _ report: CheckReport, _ glyphs: Glyphs) -> CellWidthMemo.Widths {
        let folder = item.isFolder ? DisplayWidth.of("/  folder: \(item.fileCount) files") : 0
        return CellWidthMemo.Widths(
            path: DisplayWidth.of(glyphs.safe(path: item.path, isEscaped: item.pathIsEscaped)) + folder,
            rule: DisplayWidth.of(ruleNames(item, report).map(glyphs.safe).joined(separator: ", ")),
            step: DisplayWidth.of(glyphs.safe(report.violations.step(at: item.violations[0]) ?? "-")))
    }

    static func measure(_ state: TriageState, glyphs: Glyphs) -> Columns {
        let browser = state.violations
        let rows = state.data.violationRows.rows
        let report = state.data.report
        var path = 4
        var rule = 4
        var step = 4
        let start = max(0, min(browser.cursor.offset, browser.shown.count - measuredRows))
        let memo = state.data.cellWidths
        for i in browser.shown[start..<min(browser.shown.count, start + measuredRows)] {
            let cells = memo.widths(ofRow: i, unicode: glyphs.unicodeText) { cellWidths(rows[i], report, glyphs) }
            path = max(path, cells.path)
            rule = max(rule, cells.rule)
            step = max(step, cells.step)
        }
        return Columns(cols: state.layout.cols, path: path, rule: rule, step: step)
    }

    /// The path, shortened in the middle; a folder reported as a whole keeps its note
    /// ("folder: 183 files") whole, so two such folders read as two rows of many files.
    private static func pathCell(_ row: ViolationRow, width: Int, glyphs: Glyphs) -> String {
        let path = glyphs.safe(path: row.path, isEscaped: row.pathIsEscaped)
        guard row.isFolder else { return TextFit.shorten(path, to: width, ellipsis: glyphs.ellipsis) }
        let note = "  folder: \(row.fileCount) files"
        let room = width - DisplayWidth.of(note)
        guard room >= 8 else { return TextFit.shorten(path + "/" + note, to: width, ellipsis: glyphs.ellipsis) }
        return TextFit.shorten(path + "/", to: room, ellipsis: glyphs.ellipsis) + note
    }

    private static func pathWidth(_ columns: Columns, cols: Int) -> Int {
        max(cols - fixedWidth - columns.rule - columns.step, 8)
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
