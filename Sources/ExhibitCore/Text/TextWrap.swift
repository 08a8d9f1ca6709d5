/// Wrapping text into lines of a number of terminal columns, for the views that show a
/// text whole (the details overlay). Lines break after a space where one is on the line,
/// else between units as `TextFit` cuts them: never inside a grapheme cluster or an
/// escape `TerminalText` wrote, so a wrapped name reads as the same name.
public enum TextWrap {
    /// The lines of `text`, as ranges of it: the first at most `first` columns wide, the
    /// others at most `rest`. The spaces a line breaks at belong to no line. Empty text
    /// has no lines; a unit wider than the line (a wide character in one column) is a
    /// line of its own rather than lost.
    public static func lines(_ text: String, first: Int, rest: Int) -> [Range<String.Index>] {
        var out: [Range<String.Index>] = []
        var start = text.startIndex
        var width = max(first, 1)
        while start < text.endIndex {
            var used = 0
            var index = start
            var lastSpace: String.Index?
            while index < text.endIndex {
                let (next, w) = TextFit.unit(text, at: index)
                if used + w > width { break }
                if text[index] == " " { lastSpace = index }
                used += w
                index = next
            }
            if index == text.endIndex {
                out.append(start..<index)
                break
            }
            var end = index
            if text[index] != " ", let space = lastSpace, space > start, trimmed(text, start, space) > start {
                end = space
            } else if index == start {
                end = TextFit.unit(text, at: start).end
            }
            let trimmed = trimmed(text, start, end)
            out.append(start..<trimmed)
            start = end
            while start < text.endIndex, text[start] == " " { start = text.index(after: start) }
            width = max(rest, 1)
        }
        return out
    }

    /// `end` moved back over the spaces before it, not before `start`.
    private static func trimmed(_ text: String, _ start: String.Index, _ end: String.Index) -> String.Index {
        var end = end
        while end > start, text[text.index(before: end)] == " " { end = text.index(before: end) }
        return end
    }
}
