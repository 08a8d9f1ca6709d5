import ExhibitCore

/// Draws `LoadingView`: the header row with the run's name, and a centred box as ncdu
/// draws while it reads an export (the file, the bytes against its size with a bar, the
/// entries, the elapsed time), then how to stop. Below 40 columns or 8 rows the box
/// gives way to one line per fact.
public enum LoadingRenderer {
    public static func render(_ view: LoadingView, glyphs: Glyphs = .unicode) -> Grid {
        var grid = Grid(rows: view.rows, cols: view.cols)
        guard view.rows > 0, view.cols > 0 else { return grid }
        grid.fill(row: 0, role: .header)
        grid.put(" exhibit · " + glyphs.safe(view.runName), row: 0, col: 0, role: .header, limit: view.cols)
        let facts = lines(view.progress, glyphs: glyphs)
        let hint = Self.hint(view.stop)
        let fraction = view.progress?.fraction
        // A blank row, the facts, a blank row, the hint: inside the box's two borders,
        // below the header and a row of air (`drawBox` centres it from row 3 down).
        let innerRows = facts.count + 3
        guard view.cols >= 40, view.rows >= innerRows + 2 + ScreenLayout(rows: view.rows, cols: view.cols).titleRow + 1 else {
            for (i, line) in (facts + ["", hint]).enumerated() where i + 2 < view.rows {
                grid.put(" " + line, row: i + 2, col: 0, role: i == facts.count + 1 ? .dim : .plain, limit: view.cols)
            }
            if let fraction { grid.put(bar(fraction, width: view.cols - 14, glyphs: glyphs), row: 2 + barLine, col: 13, role: .plain) }
            return grid
        }
        let width = min(max(60, view.cols * 2 / 3), view.cols - 4)
        let inner = width - 4
        let box = DialogRenderer.drawBox(
            title: "Loading " + glyphs.safe(view.runName), innerRows: innerRows, width: width,
            layout: ScreenLayout(rows: view.rows, cols: view.cols), into: &grid, glyphs: glyphs)
        for (i, line) in facts.enumerated() {
            grid.put(" " + line, row: box.top + 2 + i, col: box.left + 1, role: .dialog, limit: inner + 2)
        }
        if let fraction {
            grid.put(bar(fraction, width: inner - 12, glyphs: glyphs), row: box.top + 2 + barLine, col: box.left + 14, role: .dialog)
        }
        grid.put(" " + hint, row: box.top + innerRows, col: box.left + 1, role: .dim, limit: inner + 2)
        return grid
    }

    static func hint(_ stop: LoadingView.Stop) -> String {
        switch stop {
        case .quit: "q or Esc: stop loading and quit"
        case .runList: "q or Esc: stop loading, back to the list"
        }
    }
    /// The row of `lines` left blank for the bar.
    static let barLine = 2

    /// The facts, one a line: reading, read, the bar's row, entries, elapsed.
    static func lines(_ progress: LoadProgress?, glyphs: Glyphs) -> [String] {
        let p = progress ?? LoadProgress(artifact: "")
        var read = "Read        " + SizeLabel.text(UInt64(max(p.bytesRead, 0)))
        if let total = p.bytesTotal {
            read += " of " + SizeLabel.text(UInt64(max(total, 0)))
            if let fraction = p.fraction { read += " (\(Int(fraction * 100))%)" }
        }
        return [
            "Reading     " + (p.artifact.isEmpty ? "the run's files" : glyphs.safe(p.artifact)),
            read,
            "",
            "Entries     " + (p.entries > 0 ? grouped(p.entries) : "none yet"),
            "Elapsed     " + elapsed(p.elapsedMilliseconds),
        ]
    }

    /// `12.3 s`, then `2 min 05 s`.
    static func elapsed(_ milliseconds: Int) -> String {
        let tenths = max(milliseconds, 0) / 100
        if tenths < 600 { return "\(tenths / 10).\(tenths % 10) s" }
        let seconds = tenths / 10
        let rest = seconds % 60
        return "\(seconds / 60) min \(rest < 10 ? "0" : "")\(rest) s"
    }

    /// `1 000 000`: thin groups of three, as the tree's counts.
    static func grouped(_ n: Int) -> String {
        let digits = Array(String(n))
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += " " }
            out.append(d)
        }
        return out
    }

    /// `[████▌      ]`: the glyphs' bar in brackets, so its empty part shows too.
    static func bar(_ fraction: Double, width: Int, glyphs: Glyphs) -> String {
        guard width > 2 else { return "" }
        return "[" + glyphs.bar(fraction: fraction, width: width - 2) + "]"
    }
}
