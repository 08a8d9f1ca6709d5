import ExhibitCore
import ExhibitRules

/// The two dialogs of recording a classification that are not the class chooser or the
/// comment: the current record before it is replaced, and the optional issue link.
enum RecordDialogRenderer {
    static func drawReplace(_ current: TriageDecision, layout: ScreenLayout, into grid: inout Grid, glyphs: Glyphs) {
        let width = min(max(64, layout.cols * 2 / 3), layout.cols - 4)
        let box = DialogRenderer.drawBox(title: "This run is classified", innerRows: 5, width: width, layout: layout, into: &grid, glyphs: glyphs)
        var who = current.author.map { " by " + glyphs.safe($0) } ?? ""
        if let time = current.time { who += Timestamp.utcIfUsable(time).map { " on " + $0 } ?? " (the record's date is unusable)" }
        grid.put(" " + current.failureClass.title + who, row: box.top + 1, col: box.left + 1, role: .message, limit: width - 2)
        let comment = current.comment.isEmpty ? "(no comment)" : "\u{201C}" + glyphs.safe(current.comment) + "\u{201D}"
        grid.put(" " + comment, row: box.top + 2, col: box.left + 1, role: .dialog, limit: width - 2)
        let issue = current.issue.map { "Issue: " + glyphs.safe($0) } ?? "No issue linked"
        grid.put(" " + issue, row: box.top + 3, col: box.left + 1, role: .dim, limit: width - 2)
        let hint = TextFit.firstFitting(
            [" y classify again (this one stays in the history) · Esc keep", " y classify again · Esc keep"], width: width - 2)
        grid.put(hint, row: box.top + 5, col: box.left + 1, role: .dim)
    }

    static func drawIssue(_ cls: FailureClass, text: String, layout: ScreenLayout, into grid: inout Grid, glyphs: Glyphs) {
        let width = min(max(64, layout.cols * 2 / 3), layout.cols - 4)
        let box = DialogRenderer.drawBox(title: "Classify as: " + cls.title, innerRows: 4, width: width, layout: layout, into: &grid, glyphs: glyphs)
        let inner = width - 4
        let label = TextFit.firstFitting([" Issue link (optional: an id or URL):", " Issue link (optional):"], width: width - 2)
        grid.put(label, row: box.top + 1, col: box.left + 1, role: .dialog)
        let field = TextFit.suffix(glyphs.safe(text), width: inner - 1) + glyphs.cursor
        grid.fill(row: box.top + 2, from: box.left + 2, to: box.left + 2 + inner, role: .input)
        grid.put(field, row: box.top + 2, col: box.left + 2, role: .input, limit: inner)
        let hint = TextFit.firstFitting([" Enter record · Esc back to the comment", " Enter record · Esc back"], width: width - 2)
        grid.put(hint, row: box.top + 4, col: box.left + 1, role: .dim)
    }
}
