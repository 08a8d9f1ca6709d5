/// Makes untrusted text (file names, failure messages) safe to show on a terminal.
///
/// Evidence comes from CI machines and may hold arbitrary bytes. Anything that could
/// move the cursor, change colours, ring the bell, reorder text (bidi overrides) or
/// confuse a terminal is shown as a visible escape instead: `\x1b`, `\u{202E}`; so is
/// anything invisible that would make two different names look the same (`\u{200B}`,
/// `\u{AD}`, `\u{E0041}`). Which scalars those are is decided by Unicode property
/// (`needsEscape`), the emoji selectors and joiner by where they stand (`Emoji`).
/// Invalid UTF-8 bytes become `\xNN` (ASCII controls `\x1b`, every other scalar
/// `\u{…}`); a backslash becomes `\\`, so escapes cannot be forged and the output can
/// be read back unambiguously.
public enum TerminalText {
    /// Escapes raw bytes that are meant to be UTF-8 text, for text output.
    public static func escape(bytes: some Collection<UInt8>) -> String { escape(bytes: bytes, emoji: .kept) }

    /// Escapes raw bytes that are meant to be UTF-8 text.
    public static func escape(bytes: some Collection<UInt8>, emoji: Emoji) -> String {
        // Fast path: printable ASCII without backslashes needs no work.
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x5C }) {
            return String(decoding: bytes, as: UTF8.self)
        }
        var out = ""
        var judge = ScalarJudge(emoji)
        // Decode scalar by scalar; on an invalid sequence fall back to byte escapes.
        let raw = Array(bytes)
        var i = 0
        while i < raw.count {
            guard let (scalar, length) = decode(raw, at: i) else {
                out += "\\x" + hexByte(raw[i]).lowercased()
                judge.reset()
                i += 1
                continue
            }
            let end = i + length
            let escaped = judge.escapes(scalar) { decode(raw, at: end)?.scalar }
            append(scalar, escaped: escaped, doublingBackslash: true, to: &out)
            i = end
        }
        return out
    }

    /// Escapes a Swift string (already valid Unicode), for text output.
    public static func escape(_ text: String) -> String { escape(text, emoji: .kept) }

    /// Escapes a Swift string (already valid Unicode).
    public static func escape(_ text: String, emoji: Emoji) -> String {
        // Fast path: a String is valid Unicode, so when no scalar may need escaping (and
        // there is no backslash) the result is the text itself; most non-ASCII names qualify.
        if !text.unicodeScalars.contains(where: { $0 == "\\" || mayNeedEscape($0, emoji) }) { return text }
        return escaped(text, emoji: emoji, doublingBackslash: true)
    }

    /// A path as a report value carries it (`Violation.path`, `Inventory.pathText`), for
    /// text output: `isEscaped` says it is the escaped form of bytes that are not UTF-8
    /// already, which is then only sanitized (a backslash is not doubled again).
    public static func escape(path: String, isEscaped: Bool, emoji: Emoji = .kept) -> String {
        isEscaped ? sanitized(path, emoji: emoji) : escape(path, emoji: emoji)
    }

    /// For text built from parts that were escaped already, such as a diagnostic that
    /// quotes a file's bytes (`found "\x1b[2J"`): what must not reach a terminal is
    /// escaped, backslashes are left alone, so the quoted content is not escaped twice
    /// (`\\x1b`) and a part that was not escaped still cannot leak.
    public static func sanitized(_ text: String) -> String { sanitized(text, emoji: .kept) }

    /// `sanitized(_:)` with the emoji sequences shown as `emoji` says.
    public static func sanitized(_ text: String, emoji: Emoji) -> String {
        if !text.unicodeScalars.contains(where: { mayNeedEscape($0, emoji) }) { return text }
        return escaped(text, emoji: emoji, doublingBackslash: false)
    }

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

    /// Calls `body` with each scalar of `text` and whether it is shown escaped: the one
    /// decision behind `escape`, `sanitized` and the JSON writer's `\u` escapes.
    public static func forEachScalar(of text: String, emoji: Emoji = .kept, _ body: (Unicode.Scalar, _ escaped: Bool) -> Void) {
        var judge = ScalarJudge(emoji)
        let scalars = text.unicodeScalars
        var i = scalars.startIndex
        while i < scalars.endIndex {
            let next = scalars.index(after: i)
            let escaped = judge.escapes(scalars[i]) { next < scalars.endIndex ? scalars[next] : nil }
            body(scalars[i], escaped)
            i = next
        }
    }

    private static func mayNeedEscape(_ s: Unicode.Scalar, _ emoji: Emoji) -> Bool {
        switch emoji {
        case .kept: mayNeedEscape(s)
        case .escaped: needsEscapeInGrid(s)
        }
    }

    private static func escaped(_ text: String, emoji: Emoji, doublingBackslash: Bool) -> String {
        var out = ""
        forEachScalar(of: text, emoji: emoji) { append($0, escaped: $1, doublingBackslash: doublingBackslash, to: &out) }
        return out
    }

    /// The scalar starting at `i` and its length in bytes; nil when the bytes there are
    /// not UTF-8.
    private static func decode(_ raw: [UInt8], at i: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        guard i < raw.count else { return nil }
        let b = raw[i]
        if b < 0x80 { return (Unicode.Scalar(b), 1) }
        let length: Int
        switch b {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return nil
        }
        guard i + length <= raw.count else { return nil }
        var it = raw[i..<(i + length)].makeIterator()
        var d = UTF8()
        guard case .scalarValue(let s) = d.decode(&it) else { return nil }
        return (s, length)
    }

    private static func append(_ s: Unicode.Scalar, escaped: Bool, doublingBackslash: Bool, to out: inout String) {
        if s == "\\" {
            out += doublingBackslash ? "\\\\" : "\\"
        } else if escaped {
            // `\xNN` for ASCII only: above it, `\xNN` is a byte that is not UTF-8, and the
            // soft hyphen U+00AD (`\u{AD}`) must not print as the byte 0xAD (`\xad`) does.
            if s.value < 0x80 {
                out += "\\x" + hexByte(UInt8(s.value)).lowercased()
            } else {
                out += "\\u{" + String(s.value, radix: 16, uppercase: true) + "}"
            }
        } else {
            out.unicodeScalars.append(s)
        }
    }
}
