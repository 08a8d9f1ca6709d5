import ExhibitCore

/// What a result bundle's database keeps about a failure, as lines for the Failures
/// pane: the values a failed `#expect` captured, under the message they explain, and
/// the call stack, after everything else (it is long: 70 frames in a real bundle, of
/// which a handful name a symbol). Every string is evidence and shown escaped.
enum FailureEvidenceLines {
    /// `   password.count → 11` for each subexpression that captured a value, then the
    /// whole expression's (`password.count < 8 → false`).
    static func values(_ evidence: FailureEvidence?, glyphs: Glyphs) -> [StyledLine] {
        guard let expression = evidence?.expression else { return [] }
        let arrow = glyphs.unicodeText ? " → " : " -> "
        return expression.capturedValues.map { captured in
            [Segment("   " + glyphs.safe(captured.sourceCode), .dim), Segment(arrow, .dim), Segment(glyphs.safe(captured.value))]
        }
    }

    /// ` Call stack (71 frames)` and one line per frame that names a symbol (`symbol
    /// image file:line`), innermost first; at most `limit` of them, then how many more.
    static func callStack(_ evidence: FailureEvidence?, glyphs: Glyphs, limit: Int = 8) -> [StyledLine] {
        guard let frames = evidence?.callStack, !frames.isEmpty else { return [] }
        let named = frames.enumerated().filter { $0.element.symbol != nil }
        var lines: [StyledLine] = [[Segment(" Call stack (\(frames.count) frame\(frames.count == 1 ? "" : "s"))", .columnTitle)]]
        for (number, frame) in named.prefix(limit) {
            var line: StyledLine = [Segment("  \(number) ", .dim), Segment(glyphs.safe(frame.symbol ?? ""))]
            if let image = frame.image { line.append(Segment("  " + glyphs.safe(image), .dim)) }
            if let file = frame.file { line.append(Segment("  " + glyphs.safe(file) + (frame.line.map { ":\($0)" } ?? ""), .dim)) }
            lines.append(line)
        }
        let unnamed = frames.count - named.count
        let hidden = max(0, named.count - limit)
        if unnamed + hidden > 0 {
            var parts: [String] = []
            if hidden > 0 { parts.append("\(hidden) more with symbols") }
            if unnamed > 0 { parts.append("\(unnamed) without a symbol") }
            lines.append([Segment("  " + parts.joined(separator: ", "), .dim)])
        }
        return lines
    }
}
