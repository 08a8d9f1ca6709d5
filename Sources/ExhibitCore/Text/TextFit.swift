/// Fitting text into a number of terminal columns. Nothing on screen wraps: every
/// string is cut to its width before it reaches the grid.
///
/// Text is cut between grapheme clusters (`Character`), never inside one, and never
/// inside an escape `TerminalText` wrote (`\\`, `\x1b`, `\u{3B1}`): a cut escape would
/// read as another character, or as a backslash the name does not have. In escaped text
/// a backslash always starts an escape, so the units are found scanning forwards.
public enum TextFit {
    /// The longest prefix of `text` that fits in `width` columns. A wide character or an
    /// escape that would straddle the edge is dropped rather than split.
    public static func clip(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if let ascii = asciiLength(text) {
            if ascii <= width { return text }
            if !text.utf8.contains(backslash) { return String(text.utf8.prefix(width))! }
        }
        var used = 0
        var end = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let (next, w) = unit(text, at: index)
            if used + w > width { break }
            used += w
            end = next
            index = next
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

    /// The first of `forms` (longest first) that fits in `width` columns, else the last
    /// one clipped: a hint or a label with a short form for narrow screens.
    public static func firstFitting(_ forms: [String], width: Int) -> String {
        forms.first { DisplayWidth.of($0) <= width } ?? clip(forms.last ?? "", to: width)
    }

    /// The longest suffix of `text` that fits in `width` columns.
    public static func suffix(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        if let ascii = asciiLength(text) {
            if ascii <= width { return text }
            if !text.utf8.contains(backslash) { return String(text.utf8.suffix(width))! }
        }
        // Units can only be told apart from the start (`\\x41` is a backslash and "x41"),
        // so their boundaries are found forwards and the suffix taken from the end.
        var units: [(start: String.Index, width: Int)] = []
        var index = text.startIndex
        while index < text.endIndex {
            let (next, w) = unit(text, at: index)
            units.append((index, w))
            index = next
        }
        var used = 0
        var start = text.endIndex
        for u in units.reversed() {
            if used + u.width > width { break }
            used += u.width
            start = u.start
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

    // MARK: - Units

    private static let backslash = UInt8(ascii: "\\")

    /// The byte count when `text` is printable ASCII only (one column per byte).
    private static func asciiLength(_ text: String) -> Int? {
        for byte in text.utf8 where byte < 0x20 || byte >= 0x7F { return nil }
        return text.utf8.count
    }

    /// The unit starting at `index`: one grapheme cluster, or a whole escape
    /// (`\\`, `\xNN`, `\u{…}`); where it ends and its columns.
    static func unit(_ text: String, at index: String.Index) -> (end: String.Index, width: Int) {
        let first = text[index]
        let next = text.index(after: index)
        guard first.unicodeScalars.first == "\\", next < text.endIndex else { return (next, DisplayWidth.of(first)) }
        var i = next
        switch text[i].unicodeScalars.first {
        case "\\"?:
            i = text.index(after: i)
        case "x"?:
            // `\x` and two hex digits.
            var digits = 0
            var j = text.index(after: i)
            while digits < 2, j < text.endIndex, isHex(text[j]) {
                digits += 1
                j = text.index(after: j)
            }
            guard digits == 2 else { return (next, DisplayWidth.of(first)) }
            i = j
        case "u"?:
            // `\u{` hex digits `}`.
            var j = text.index(after: i)
            guard j < text.endIndex, text[j].unicodeScalars.first == "{" else { return (next, DisplayWidth.of(first)) }
            j = text.index(after: j)
            var digits = 0
            while j < text.endIndex, isHex(text[j]), digits < 8 {
                digits += 1
                j = text.index(after: j)
            }
            guard digits > 0, j < text.endIndex, text[j].unicodeScalars.first == "}" else { return (next, DisplayWidth.of(first)) }
            i = text.index(after: j)
        default:
            return (next, DisplayWidth.of(first))
        }
        // A mark after the escape (U+20E3 of a keycap after `\u{FE0F}`) joins its last
        // character, so the unit is measured, not counted.
        return (i, DisplayWidth.of(text[index..<i]))
    }

    /// A hex digit, possibly carrying a mark: the escape's digits are ASCII.
    private static func isHex(_ c: Character) -> Bool {
        guard let s = c.unicodeScalars.first else { return false }
        return ("0"..."9").contains(s) || ("a"..."f").contains(s) || ("A"..."F").contains(s)
    }
}
