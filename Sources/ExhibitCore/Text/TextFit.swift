/// Fitting text into a number of terminal columns. Nothing on screen wraps: every
/// string is cut to its width before it reaches the grid.
public enum TextFit {
    /// The longest prefix of `text` that fits in `width` columns. A wide character that
    /// would straddle the edge is dropped rather than split.
    public static func clip(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let w = DisplayWidth.of(text[index])
            if used + w > width { break }
            used += w
            end = text.index(after: index)
        }
        return end == text.endIndex ? text : String(text[..<end])
    }

    /// `text` cut in the middle with an ellipsis so both ends stay visible, as ncdu's
    /// `shorten` does: a file name keeps its extension, a path keeps its last component.
    public static func shorten(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        let total = DisplayWidth.of(text)
        if total <= width { return text }
        let mark = DisplayWidth.of(ellipsis)
        if width <= mark { return clip(ellipsis, to: width) }
        let room = width - mark
        let tailWidth = room / 2
        let head = clip(text, to: room - tailWidth)
        let tail = suffix(text, width: tailWidth)
        return head + ellipsis + tail
    }

    /// The longest suffix of `text` that fits in `width` columns.
    public static func suffix(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        var used = 0
        var start = text.endIndex
        while start > text.startIndex {
            let prev = text.index(before: start)
            let w = DisplayWidth.of(text[prev])
            if used + w > width { break }
            used += w
            start = prev
        }
        return String(text[start...])
    }

    /// `text` clipped and padded with spaces on the right to exactly `width` columns.
    public static func padRight(_ text: String, to width: Int) -> String {
        let fitted = clip(text, to: width)
        let gap = width - DisplayWidth.of(fitted)
        return gap > 0 ? fitted + String(repeating: " ", count: gap) : fitted
    }

    /// `text` clipped and padded with spaces on the left to exactly `width` columns.
    public static func padLeft(_ text: String, to width: Int) -> String {
        let fitted = clip(text, to: width)
        let gap = width - DisplayWidth.of(fitted)
        return gap > 0 ? String(repeating: " ", count: gap) + fitted : fitted
    }
}
