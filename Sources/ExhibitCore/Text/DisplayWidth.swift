/// How many terminal columns text occupies, from a built-in table rather than the C
/// library's `wcwidth`, which Swift cannot see and which answers differently per locale.
/// The table follows Unicode's East Asian Width (W and F) plus the emoji blocks that
/// terminals draw two columns wide; marks and format characters take none.
public enum DisplayWidth {
    /// Columns of one scalar: 0, 1 or 2.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x300 { return v < 0x20 || (v >= 0x7F && v < 0xA0) ? 0 : (v == 0xAD ? 0 : 1) }
        if isZeroWidth(scalar) { return 0 }
        return isWide(v) ? 2 : 1
    }

    /// Columns of one grapheme cluster as `Grid.put` draws it: each spacing scalar (one
    /// that is not a mark or format character) opens a cell of its own width and the
    /// zero-width scalars after it join that cell, so a flag (two regional indicators) is
    /// two columns, `e` + U+0301 one, a Hangul syllable of jamo two. Zero-width scalars
    /// with no spacing scalar before them (a lone mark, a prepended format character, a
    /// control) are drawn on a blank cell: one column.
    /// This is what ncurses counts (`wcwidth` per spacing character); scalars terminals
    /// draw at different widths (variation selectors, emoji modifiers, U+200D) never get
    /// here raw: the grid's text is escaped with `TerminalText.Emoji.escaped`.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        if let first = scalars.first, first.value >= 0x20, first.value < 0x7F, scalars.count == 1 { return 1 }
        var width = 0
        var started = false
        for scalar in scalars {
            let w = of(scalar)
            if !started && w == 0 { width = 1 }
            started = true
            width += w
        }
        return width
    }

    /// Columns of a whole string. Printable ASCII (most names) is counted on its bytes.
    public static func of(_ text: some StringProtocol) -> Int {
        var ascii = true
        for byte in text.utf8 where byte < 0x20 || byte >= 0x7F {
            ascii = false
            break
        }
        if ascii { return text.utf8.count }
        var total = 0
        for c in text { total += of(c) }
        return total
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0xFEFF, 0xFE00...0xFE0F, 0xE0100...0xE01EF:
            return true
        case 0x1160...0x11FF:  // Hangul medial vowels and final consonants join the syllable
            return true
        default:
            break
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    /// East Asian Wide and Fullwidth ranges, plus emoji presentation blocks.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF,
        0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F320, 0x1F32D...0x1F335,
        0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0,
        0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D,
        0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A, 0x1F595...0x1F596, 0x1F5A4...0x1F5A4,
        0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7,
        0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F93A, 0x1F93C...0x1F945,
        0x1F947...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ v: UInt32) -> Bool {
        if v < 0x1100 { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let r = wideRanges[mid]
            if v < r.lowerBound {
                high = mid - 1
            } else if v > r.upperBound {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }
}
