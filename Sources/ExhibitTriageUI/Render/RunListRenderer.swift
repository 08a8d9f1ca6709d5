import ExhibitCore
import ExhibitRules

/// The archive's run list: one line per run, newest first, lines filling in as runs
/// are read, and the selected run's details above the column titles.
///
/// ```
/// row 0        header: archive, run count
/// row 1        the selected run: id, commit, branch, scheme, runtime, device, tests
/// row 2        the selected run's volume drift: a sparkline per top-level directory
/// row 3        column titles (and the filter)
/// rows 4...    runs
/// last row     status line: position or progress, hints, the filter prompt
/// ```
public enum RunListRenderer {
    public static func render(_ state: ArchiveState, glyphs: Glyphs = .unicode) -> Grid {
        let layout = state.layout
        var grid = Grid(rows: layout.rows, cols: layout.cols)
        if layout.isTooSmall {
            TriageRenderer.drawTooSmall(&grid, layout: layout)
            return grid
        }
        drawHeader(state, into: &grid, glyphs: glyphs)
        drawVolumes(state, into: &grid, glyphs: glyphs)
        if case .help(let view) = state.overlay {
            HelpRenderer.draw(view, layout: layout, into: &grid)
        } else {
            let columns = Columns(cols: layout.cols, list: state.list)
            drawTitles(state, columns, into: &grid, glyphs: glyphs)
            drawRows(state, columns, into: &grid, glyphs: glyphs)
        }
        drawStatus(state, into: &grid, glyphs: glyphs)
        return grid
    }

    /// Column widths for a terminal width. The run id matters most: commit, scheme and
    /// runtime get columns (and the date its time) only from 100 columns and only when
    /// the longest id still fits whole; the triage status keeps room for
    /// "proposed unset attribute". Under 60 columns (narrow) the date is its month and
    /// day, the U M C counts go (the run shows them when opened) and the triage status
    /// takes its short form (`unset attribute?` proposed, `✓ misplaced file` confirmed).
    struct Columns {
        let wide: Bool
        let narrow: Bool
        let date: Int
        let id: Int
        let commit: Int
        let scheme = 8
        let runtime = 5
        let failed = 4
        let triageMinimum = 24

        init(cols: Int, list: RunList) {
            let longest = list.entries.map { DisplayWidth.of(TerminalText.escape($0.runID, emoji: .escaped)) }.max() ?? 8
            narrow = cols < 60
            let narrowFixed = 2 + 10 + 2 + 2 + failed + 9 + 2 + 1
            let wideFixed = narrowFixed + 6 + 8 + 2 + scheme + 2 + runtime + 2
            wide = cols >= 100 && cols - wideFixed - triageMinimum >= longest
            date = wide ? 16 : (narrow ? 5 : 10)
            commit = wide ? 8 : 0
            let fixed = narrow ? 2 + 5 + 2 + 2 + failed + 2 + 1 : wide ? wideFixed : narrowFixed
            id = max(min(longest, cols - fixed - (narrow ? 14 : triageMinimum)), 8)
        }
    }

    static func drawHeader(_ state: ArchiveState, into grid: inout Grid, glyphs: Glyphs) {
        grid.fill(row: 0, role: .header)
        let runs = Wording.count(state.list.count, "run")
        grid.put(" exhibit · " + glyphs.safe(state.title) + " · " + runs, row: 0, col: 0, role: .header)
        guard let entry = state.list.selected else { return }
        guard let s = entry.summary else {
            grid.put(" " + glyphs.safe(entry.runID) + " · not read yet", row: 1, col: 0, role: .dim)
            return
        }
        var facts = [s.runID]
        if let c = s.commit { facts.append(String(c.prefix(12))) }
        if let b = s.branch { facts.append(b) }
        if let r = s.runtime { facts.append("iOS " + r) }
        if let d = s.device { facts.append(d) }
        var line: StyledLine = [Segment(" " + facts.map(glyphs.safe).joined(separator: " · "))]
        if let failed = s.failedTests {
            let total = s.totalTests.map { " of \($0)" } ?? ""
            line.append(Segment(" · ", .dim))
            line.append(Segment("\(failed) failed\(total)", failed > 0 ? .violation : .plain))
        }
        if !s.problems.isEmpty {
            line.append(Segment(" · " + s.problems.map(glyphs.safe).joined(separator: "; "), .dim))
        }
        grid.put(line, row: 1, col: 0)
    }

    /// ` Volume, 8 runs  Documents ▁▂▃█ 1.2 MiB  Library ▄?▄▄ 340.0 KiB+  tmp ▁▁▁█ 12.0 KiB`:
    /// the prefix only where it fits with every directory; `?` a run whose total is not
    /// known, the run's own total as the budgets pane writes it (`unknown`, `4.0 KiB+`).
    static func drawVolumes(_ state: ArchiveState, into grid: inout Grid, glyphs: Glyphs) {
        let row = 2
        guard let index = state.list.selectedIndex, let summary = state.list.entries[index].summary else { return }
        guard let drift = VolumeDrift(state.list, entryIndex: index) else {
            grid.put(" Volume: no container inventory", row: row, col: 0, role: .dim)
            return
        }
        // Whole directories only: a size cut to "0" would mislead.
        var line: StyledLine = []
        var width = 0
        for series in drift.series {
            let own = summary.volumes?.first { $0.directory == series.directory }
            let parts = [
                Segment("  " + glyphs.safe(series.directory) + " ", .dim),
                Segment(Sparkline.render(series.values, glyphs: glyphs), .bar),
                Segment(" " + (own.map(SizeLabel.text(of:)) ?? SizeLabel.text(0))),
            ]
            let partWidth = parts.reduce(0) { $0 + DisplayWidth.of($1.text) }
            if width + partWidth > state.layout.cols - 1 { break }
            line += parts
            width += partWidth
        }
        let prefix = " Volume, last \(VolumeDrift.runs) runs:"
        if width + DisplayWidth.of(prefix) <= state.layout.cols {
            line.insert(Segment(prefix, .dim), at: 0)
        } else if !line.isEmpty {
            line[0].text.removeFirst()
        }
        grid.put(line, row: row, col: 0)
    }

    static func drawTitles(_ state: ArchiveState, _ c: Columns, into grid: inout Grid, glyphs: Glyphs) {
        let row = ArchiveState.listTop - 1
        grid.fill(row: row, role: .columnTitle)
        var titles = "  " + TextFit.padRight("Date", to: c.date) + "  " + TextFit.padRight("Run", to: c.id) + "  "
        if c.wide {
            titles +=
                TextFit.padRight("Commit", to: c.commit) + "  " + TextFit.padRight("Scheme", to: c.scheme) + "  "
                + TextFit.padRight("iOS", to: c.runtime) + "  "
        }
        titles += TextFit.padLeft("Fail", to: c.failed) + (c.narrow ? "  Triage" : "  U  M  C  Triage")
        grid.put(titles, row: row, col: 0, role: .columnTitle)
        if !state.list.filter.isEmpty || state.overlay == .filterInput {
            let note = " filter \u{201C}" + glyphs.safe(state.list.filter) + "\u{201D} · \(state.list.shown.count) of \(state.list.count) "
            grid.put(note, row: row, col: max(state.layout.cols - DisplayWidth.of(note), 0), role: .dim)
        }
    }

    static func drawRows(_ state: ArchiveState, _ c: Columns, into grid: inout Grid, glyphs: Glyphs) {
        let list = state.list
        let top = ArchiveState.listTop
        if list.shown.isEmpty {
            let note = list.count == 0 ? " This archive holds no runs." : " no runs match \u{201C}" + glyphs.safe(list.filter) + "\u{201D}"
            grid.put(note, row: top, col: 0, role: .dim)
            return
        }
        let offset = min(list.cursor.offset, max(list.shown.count - 1, 0))
        for r in 0..<state.listRows {
            let i = offset + r
            guard i < list.shown.count else { break }
            drawRow(list.entries[list.shown[i]], row: top + r, c, cols: state.layout.cols, into: &grid, glyphs: glyphs)
            if i == list.cursor.index { grid.restyle(row: top + r, role: .selected) }
        }
    }

    private static func drawRow(_ entry: RunList.Entry, row: Int, _ c: Columns, cols: Int, into grid: inout Grid, glyphs: Glyphs) {
        var x = 2
        func cell(_ text: String, _ width: Int, _ role: Role, right: Bool = false) {
            grid.put(right ? TextFit.padLeft(text, to: width) : TextFit.padRight(text, to: width), row: row, col: x, role: role)
            x += width + 2
        }
        guard let s = entry.summary else {
            let date = RunSummary.date(inRunID: entry.runID).map { String(Timestamp.utc($0).prefix(10)) } ?? ""
            let id = RunIDLabel.fit(glyphs.safe(entry.runID), to: c.id, shownDate: date, commit: nil, ellipsis: glyphs.ellipsis)
            cell(c.narrow ? String(date.suffix(5)) : date, c.date, .dim)
            cell(id, c.id, .dim)
            grid.put(glyphs.ellipsis, row: row, col: x, role: .dim)
            return
        }
        let day = s.dateText == "-" ? "" : String(s.dateText.prefix(10))
        let date = c.narrow ? String(day.suffix(5)) : String(s.dateText.prefix(c.date))
        let id = RunIDLabel.fit(
            glyphs.safe(entry.runID), to: c.id, shownDate: day, commit: c.wide ? nil : s.commit,
            ellipsis: glyphs.ellipsis)
        cell(date, c.date, .plain)
        cell(id, c.id, .plain)
        if c.wide {
            cell(glyphs.safe(String((s.commit ?? "").prefix(c.commit))), c.commit, .dim)
            cell(glyphs.safe(s.scheme ?? ""), c.scheme, .plain)
            cell(glyphs.safe(s.runtime ?? ""), c.runtime, .plain)
        }
        let failed = s.failedTests ?? 0
        cell(s.failedTests.map(String.init) ?? "-", c.failed, failed > 0 ? .violation : .plain, right: true)
        x -= 2
        if !c.narrow, let b = s.blocking {
            for (_, n) in b.byKind {
                // `?`: a blocking rule of the kind is undecided; never drawn as 0.
                grid.put(TextFit.padLeft(n.map(String.init) ?? "?", to: 3), row: row, col: x, role: (n ?? 1) > 0 ? .violation : .dim)
                x += 3
            }
        } else if !c.narrow {
            grid.put("  -  -  -", row: row, col: x, role: .dim)
            x += 9
        }
        x += 2
        let role: Role
        switch s.triage.state {
        case .confirmed: role = .message
        case .proposed: role = .plain
        case .untriaged: role = .dim
        }
        let label = (c.narrow ? shortLabel(s.triage, glyphs: glyphs) : s.triage.label) + (s.blocking?.findingsSuffix ?? "")
        grid.put(TextFit.shorten(label, to: cols - x - 1, ellipsis: glyphs.ellipsis), row: row, col: x, role: role)
    }

    /// The triage status in the marks of the header's compact form.
    static func shortLabel(_ triage: TriageStatus, glyphs: Glyphs) -> String {
        let base: String
        switch triage.state {
        case .untriaged: base = "untriaged"
        case .proposed(let c): base = c.title + "?"
        case .confirmed(let c): base = (glyphs.unicodeText ? "\u{2713} " : "ok ") + c.title
        }
        return triage.hasDraft ? base + ", draft" : base
    }

    static func drawStatus(_ state: ArchiveState, into grid: inout Grid, glyphs: Glyphs) {
        let row = state.layout.statusRow
        let cols = state.layout.cols
        grid.fill(row: row, role: .status)
        if state.overlay == .filterInput {
            StatusLineRenderer.drawFilterPrompt(state.list.filter, key: "/", row: row, into: &grid, glyphs: glyphs)
            return
        }
        if let message = state.message {
            StatusLineRenderer.drawMessage(message, row: row, into: &grid, glyphs: glyphs)
            return
        }
        if let opening = state.opening {
            StatusLineRenderer.drawMessage(.info("Opening \(opening)…"), row: row, into: &grid, glyphs: glyphs)
            return
        }
        let list = state.list
        var left = " " + (list.shown.isEmpty ? "0/0" : "\(list.cursor.index + 1)/\(list.shown.count)")
        if list.isReading { left += "  \(list.readCount)/\(list.count) runs read" }
        var hints: String
        if case .help = state.overlay {
            hints = "j/k scroll  q close"
        } else {
            hints = cols >= 100 ? "Enter open  / filter  ] [ next/prev in a run  ? help  q quit" : "Enter open  / filter  ? help  q quit"
        }
        hints = StatusLineRenderer.fittedHints(hints, cols: cols)
        grid.put(left, row: row, col: 0, role: .status)
        let hintWidth = DisplayWidth.of(hints)
        if cols - hintWidth - 1 > DisplayWidth.of(left) + 1 {
            grid.put(hints, row: row, col: cols - hintWidth - 1, role: .status)
        }
    }
}

/// The archive UI's screen: the open run's triage screens, or the run list.
public enum ArchiveRenderer {
    public static func render(_ state: ArchiveState, glyphs: Glyphs = .unicode) -> Grid {
        if let run = state.run { return TriageRenderer.render(run.state, glyphs: glyphs) }
        if let loading = state.loading { return LoadingRenderer.render(loading, glyphs: glyphs) }
        return RunListRenderer.render(state, glyphs: glyphs)
    }
}
