/// Makes untrusted text (file names, failure messages) safe to show on a terminal.
///
/// Evidence comes from CI machines and may hold arbitrary bytes. Anything that could
/// move the cursor, change colours, ring the bell, reorder text (bidi overrides) or
/// confuse a terminal is shown as a visible escape instead: `\x1b`, `\u{202E}`; so is
/// anything invisible that would make two different names look the same (`\u{200B}`).
/// Invalid UTF-8 bytes become `\xNN`; a backslash becomes `\\`, so escapes cannot be
/// forged and the output can be read back unambiguously.
public enum TerminalText {
    /// Escapes raw bytes that are meant to be UTF-8 text.
    public static func escape(bytes: some Collection<UInt8>) -> String {
        // Fast path: printable ASCII without backslashes needs no work.
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x5C }) {
            return String(decoding: bytes, as: UTF8.self)
        }
        var out = ""
        // Decode scalar by scalar; on an invalid sequence fall back to byte escapes.
        let raw = Array(bytes)
        var i = 0
        while i < raw.count {
            let b = raw[i]
            if b < 0x80 {
                appendEscaped(UnicodeScalar(b), to: &out)
                i += 1
                continue
            }
            let length: Int
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: length = 0
            }
            if length > 0, i + length <= raw.count {
                var it = raw[i..<(i + length)].makeIterator()
                var d = UTF8()
                if case .scalarValue(let s) = d.decode(&it) {
                    appendEscaped(s, to: &out)
                    i += length
                    continue
                }
            }
            out += "\\x" + hexByte(b).lowercased()
            i += 1
        }
        return out
    }

    /// Escapes a Swift string (already valid Unicode).
    public static func escape(_ text: String) -> String {
        // Fast path: a String is valid Unicode, so when no scalar needs escaping (and there
        // is no backslash) the result is the text itself; most non-ASCII names qualify.
        if !text.unicodeScalars.contains(where: { $0 == "\\" || needsEscape($0) }) { return text }
        return escape(bytes: Array(text.utf8))
    }

    /// For text built from parts that were escaped already, such as a diagnostic that
    /// quotes a file's bytes (`found "\x1b[2J"`): what must not reach a terminal is
    /// escaped, backslashes are left alone, so the quoted content is not escaped twice
    /// (`\\x1b`) and a part that was not escaped still cannot leak.
    public static func sanitized(_ text: String) -> String {
        if !text.unicodeScalars.contains(where: needsEscape) { return text }
        var out = ""
        for s in text.unicodeScalars {
            if needsEscape(s) { appendEscaped(s, to: &out) } else { out.unicodeScalars.append(s) }
        }
        return out
    }

    /// True when the scalar must not reach a terminal as is.
    /// Already escaped text with every non-ASCII scalar written `\u{…}`: two names
    /// that differ only in Unicode normalization (NFC "é", NFD "e" + U+0301) print as
    /// the same glyphs, and this is how a person tells them apart.
    public static func spelledOut(_ escaped: String) -> String {
        var out = ""
        for s in escaped.unicodeScalars {
            if s.isASCII { out.unicodeScalars.append(s) } else { out += "\\u{" + String(s.value, radix: 16, uppercase: true) + "}" }
        }
        return out
    }

    public static func needsEscape(_ s: UnicodeScalar) -> Bool {
        switch s.value {
        case 0x00...0x1F, 0x7F...0x9F: return true  // C0, DEL, C1 (0x9B is a one-byte CSI)
        case 0x200E, 0x200F, 0x061C: return true  // directional marks
        case 0x202A...0x202E, 0x2066...0x2069: return true  // bidi embeddings, overrides, isolates
        case 0x2028, 0x2029: return true  // line and paragraph separators
        case 0xFEFF: return true  // zero-width no-break space / BOM
        // Zero-width space, joiner and word joiner: invisible, so two names that differ
        // only by one look identical. U+200D is escaped inside emoji sequences too
        // (`👩\u{200D}👧`): the name is told apart at the cost of the picture.
        case 0x200B, 0x200D, 0x2060: return true
        // Presentation selectors and skin-tone modifiers: terminals draw `✈️` (U+2708
        // U+FE0F) and `👍🏽` one, two or four columns wide, ncurses counts what `wcwidth`
        // says, and the row shifts where they disagree. Escaped, the width is the same
        // everywhere (`✈\u{FE0F}`), and two names that differ only by one look different.
        case 0xFE0E, 0xFE0F, 0x1F3FB...0x1F3FF: return true
        default: return false
        }
    }

    private static func appendEscaped(_ s: UnicodeScalar, to out: inout String) {
        if s == "\\" {
            out += "\\\\"
        } else if needsEscape(s) {
            if s.value < 0x100 {
                out += "\\x" + hexByte(UInt8(s.value)).lowercased()
            } else {
                out += "\\u{" + String(s.value, radix: 16, uppercase: true) + "}"
            }
        } else {
            out.unicodeScalars.append(s)
        }
    }
}
