import ExhibitCore
import ExhibitRules

/// Boxes drawn over the pane: the choosers (kind, rule, class) and the comment prompt.
enum DialogRenderer {
    static func drawChooser(_ chooser: Chooser, layout: ScreenLayout, into grid: inout Grid, glyphs: Glyphs) {
        let labels = chooser.options.map { option in
            (glyphs.safe(option.label), option.count.map { "\($0)" } ?? "")
        }
        let widest = labels.map { DisplayWidth.of($0.0) + DisplayWidth.of($0.1) + 6 }.max() ?? 0
        let hints =
            chooser.purpose == .failureClass
            ? ["Enter: then a comment · Esc cancel", "Enter: comment · Esc cancel"] : ["Enter choose · Esc cancel"]
        let width = min(max(widest, DisplayWidth.of(chooser.title) + 6, DisplayWidth.of(hints[0]) + 4, 36), layout.cols - 4)
        let hint = TextFit.firstFitting(hints, width: width - 4)
        let room = max(layout.statusRow - layout.titleRow - 4, 1)
        let visible = min(chooser.options.count, room)
        var cursor = chooser.cursor
        cursor.reveal(page: visible, count: chooser.options.count)
        let box = drawBox(title: chooser.title, innerRows: visible + 1, width: width, layout: layout, into: &grid, glyphs: glyphs)
        for r in 0..<visible {
            let i = cursor.offset + r
            let (label, count) = labels[i]
            let row = box.top + 1 + r
            let inner = width - 4
            let countWidth = DisplayWidth.of(count)
            let text = TextFit.padRight(TextFit.shorten(label, to: inner - countWidth - 1, ellipsis: glyphs.ellipsis), to: inner - countWidth) + count
            grid.put(" " + text + " ", row: row, col: box.left + 1, role: i == cursor.index ? .selected : .dialog)
        }
        grid.put(" " + TextFit.clip(hint, to: width - 4), row: box.top + 1 + visible, col: box.left + 1, role: .dim)
    }

    static func drawComment(_ cls: FailureClass, text: String, layout: ScreenLayout, into grid: inout Grid, glyphs: Glyphs) {
        let width = min(max(64, layout.cols * 2 / 3), layout.cols - 4)
        let box = drawBox(title: "Classify as: " + cls.title, innerRows: 4, width: width, layout: layout, into: &grid, glyphs: glyphs)
        let inner = width - 4
        grid.put(" Comment (optional, one line):", row: box.top + 1, col: box.left + 1, role: .dialog, limit: width - 2)
        let field = TextFit.suffix(glyphs.safe(text), width: inner - 1) + glyphs.cursor
        grid.fill(row: box.top + 2, from: box.left + 2, to: box.left + 2 + inner, role: .input)
        grid.put(field, row: box.top + 2, col: box.left + 2, role: .input, limit: inner)
        let hint = TextFit.firstFitting(
            [" Enter next: the issue link · Esc back to the classes", " Enter next: the issue link · Esc back", " Enter next · Esc back"],
            width: width - 2)
        grid.put(hint, row: box.top + 4, col: box.left + 1, role: .dim)
    }

    /// The question before recording a class the evidence cannot support.
    static func drawUnsupported(_ cls: FailureClass, reason: String, layout: ScreenLayout, into grid: inout Grid, glyphs: Glyphs) {
        let width = min(max(64, layout.cols * 2 / 3), layout.cols - 4)
        let box = drawBox(title: "Classify as: " + cls.title, innerRows: 4, width: width, layout: layout, into: &grid, glyphs: glyphs)
        grid.put(" The evidence cannot support this class:", row: box.top + 1, col: box.left + 1, role: .dialog, limit: width - 2)
        grid.put(" " + glyphs.safe(reason), row: box.top + 2, col: box.left + 1, role: .error, limit: width - 2)
        let hint = TextFit.firstFitting([" y record it anyway · Esc back to the classes", " y record it anyway · Esc back"], width: width - 2)
        grid.put(hint, row: box.top + 4, col: box.left + 1, role: .dim)
    }

    /// A centred box with a title; returns its top-left corner.
    static func drawBox(
        title: String, innerRows: Int, width: Int, layout: ScreenLayout,
        into grid: inout Grid, glyphs: Glyphs
    ) -> (top: Int, left: Int) {
        let height = innerRows + 2
        let bodyTop = layout.titleRow
        let bodyRows = layout.statusRow - bodyTop
        let top = bodyTop + max((bodyRows - height) / 2, 0)
        let left = max((layout.cols - width) / 2, 0)
        let c = glyphs.corners
        let bar = String(repeating: glyphs.horizontal, count: max(width - 2, 0))
        grid.put(c.topLeft + bar + c.topRight, row: top, col: left, role: .dialog)
        for r in 1...max(innerRows, 1) {
            grid.fill(row: top + r, from: left, to: left + width, role: .dialog)
            grid.put(glyphs.vertical, row: top + r, col: left, role: .dialog)
            grid.put(glyphs.vertical, row: top + r, col: left + width - 1, role: .dialog)
        }
        grid.put(c.bottomLeft + bar + c.bottomRight, row: top + height - 1, col: left, role: .dialog)
        grid.put(" " + TextFit.clip(title, to: width - 6) + " ", row: top, col: left + 2, role: .dialogTitle)
        return (top, left)
    }
}
