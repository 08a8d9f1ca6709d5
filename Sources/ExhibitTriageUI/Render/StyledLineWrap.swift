import ExhibitCore

/// A styled line wrapped to a width, for the views that show their text whole (the
/// details overlay): the roles follow the text onto the lines it wraps to, and the
/// lines after the first hang under the value, so a wrapped field reads as one.
enum StyledLineWrap {
    /// `line` as lines at most `width` columns wide (`TextWrap`: after a space, never
    /// inside a cluster or an escape). A field (` Reason    value`) wraps its value only
    /// and continues under it; other lines continue two columns in from where their
    /// text starts.
    static func wrap(_ line: StyledLine, width: Int) -> [StyledLine] {
        guard width > 0, DisplayWidth.of(line.map(\.text).joined()) > width else { return [line] }
        if let label = fieldLabel(line) {
            let indent = DisplayWidth.of(label.text)
            if indent <= width / 2 {
                let value = wrapRuns(Array(line.dropFirst()), first: width - indent, rest: width - indent)
                return value.enumerated().map { n, l in [n == 0 ? label : Segment(String(repeating: " ", count: indent))] + l }
            }
        }
        let indent = min(line.map(\.text).joined().prefix { $0 == " " }.count + 2, width / 2)
        return wrapRuns(line, first: width, rest: width - indent).enumerated().map { n, l in
            n == 0 ? l : [Segment(String(repeating: " ", count: indent))] + l
        }
    }

    static func wrap(_ lines: [StyledLine], width: Int) -> [StyledLine] { lines.flatMap { wrap($0, width: width) } }

    /// A field's label: a dim first segment ending in spaces, before a value.
    private static func fieldLabel(_ line: StyledLine) -> Segment? {
        guard line.count >= 2, let label = line.first, label.role == .dim, label.text.hasSuffix(" ") else { return nil }
        return label
    }

    /// The segments' text broken into lines, each segment's role kept on its part.
    private static func wrapRuns(_ segments: StyledLine, first: Int, rest: Int) -> [StyledLine] {
        let text = segments.map(\.text).joined()
        let ranges = TextWrap.lines(text, first: first, rest: rest)
        guard !ranges.isEmpty else { return [segments] }
        // Where each segment starts and ends, in UTF-8 offsets of the joined text.
        var bounds: [(start: Int, end: Int, role: Role)] = []
        var offset = 0
        for segment in segments {
            let n = segment.text.utf8.count
            bounds.append((offset, offset + n, segment.role))
            offset += n
        }
        let utf8 = text.utf8
        return ranges.map { range in
            let lo = utf8.distance(from: utf8.startIndex, to: range.lowerBound)
            let hi = utf8.distance(from: utf8.startIndex, to: range.upperBound)
            var out: StyledLine = []
            for b in bounds where b.end > lo && b.start < hi {
                let from = utf8.index(utf8.startIndex, offsetBy: max(b.start, lo))
                let to = utf8.index(utf8.startIndex, offsetBy: min(b.end, hi))
                out.append(Segment(String(text[from..<to]), b.role))
            }
            return out
        }
    }
}
