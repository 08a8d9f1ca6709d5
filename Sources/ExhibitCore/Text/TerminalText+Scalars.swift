/// Which scalars `TerminalText` shows escaped: decided by Unicode property, not by a
/// list, so every invisible scalar is caught, the ones a later Unicode version adds too.
extension TerminalText {
    /// What an escape does with the invisible parts of emoji sequences: the presentation
    /// selectors U+FE0E/U+FE0F and the joiner U+200D (and, in the grid, the skin-tone
    /// modifiers). Everything else invisible is escaped either way.
    public enum Emoji: Sendable {
        /// Text outputs (`summary`, `check`, `note`, `diff`, `runs`, JSON): a selector right
        /// after an emoji (after `#`, `*` or a digit only before the keycap U+20E3) and a
        /// joiner between two emoji are kept, so `🏷️` and `👩‍💻` read as they are meant;
        /// anywhere else they are escaped.
        case kept
        /// The triage UI's grid: selectors, joiners and skin-tone modifiers are escaped
        /// wherever they stand, since terminals draw `✈️` and `👍🏽` at different widths
        /// and the grid must know each cell's (`DisplayWidth`).
        case escaped
    }

    /// True when the scalar is shown escaped wherever it stands: a control (C0, DEL,
    /// C1), a format character (general category Cf: bidi controls, U+200B, U+2060–U+2064,
    /// U+00AD, tags, U+FFF9–U+FFFB…), a line or paragraph separator, a private-use,
    /// surrogate or unassigned code point (no agreed glyph or width), any other
    /// Default_Ignorable_Code_Point (U+034F, the Hangul fillers, variation selectors,
    /// U+180B–U+180F…), or a space other than U+0020 (general category Zs: U+00A0,
    /// U+2000–U+200A, U+202F, U+205F, U+3000…): what a terminal could act on, and what
    /// draws as nothing or as a plain space, so two names that differ only by it would
    /// look the same. The emoji selectors and joiner
    /// are not among them: whether they are escaped depends on their neighbours
    /// (`isEmojiJoiner`, `Emoji`).
    public static func needsEscape(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        // Printable ASCII, Latin-1 and the Latin extensions up to the combining marks are
        // assigned and visible, but for the soft hyphen; they and the common blocks are
        // answered without a property lookup (`holdsNothingEscaped`).
        if v < 0x7F { return v < 0x20 }
        if v < 0xA0 { return true }
        if v < 0x300 { return v == 0xAD || v == 0xA0 }
        if holdsNothingEscaped(v) { return false }
        if isEmojiJoiner(s) { return false }
        let properties = s.properties
        switch properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .privateUse, .surrogate, .unassigned: return true
        default: return properties.isDefaultIgnorableCodePoint
        }
    }

    /// A fast path, not the rule: blocks names are often written in (Greek, Cyrillic,
    /// CJK, kana, Hangul, punctuation, symbols, emoji) that hold no scalar the properties
    /// escape, so their scalars need no property lookup (about 100 ns each, on a path
    /// `check` takes for every name that is not ASCII). `TerminalTextScalarTests` holds
    /// `needsEscape` against the properties for every scalar.
    private static func holdsNothingEscaped(_ v: UInt32) -> Bool {
        switch v {
        case 0x300...0x34E, 0x350...0x377, 0x37A...0x37F, 0x384...0x38A, 0x38C, 0x38E...0x3A1, 0x3A3...0x52F: true
        case 0x1E00...0x1EFF, 0x2010...0x2027, 0x2030...0x205E, 0x20A0...0x20C0, 0x2100...0x218B, 0x2190...0x2426, 0x2500...0x2B73: true
        case 0x3001...0x303F, 0x3041...0x3096, 0x3099...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF9F: true
        case 0x1F300...0x1F64F, 0x1F680...0x1F6C5, 0x1F900...0x1F9FF: true
        default: false
        }
    }

    /// U+FE0E, U+FE0F and U+200D: kept in text inside an emoji sequence, escaped anywhere
    /// else (`Emoji.kept`), and always in the grid (`Emoji.escaped`).
    public static func isEmojiJoiner(_ s: Unicode.Scalar) -> Bool {
        s.value == 0xFE0E || s.value == 0xFE0F || s.value == 0x200D
    }

    /// True when the scalar may be shown escaped in text: `needsEscape`, or an emoji
    /// joiner, depending on where it stands. A text with none is shown as it is; the
    /// fast paths ask this.
    public static func mayNeedEscape(_ s: Unicode.Scalar) -> Bool {
        needsEscape(s) || isEmojiJoiner(s)
    }

    /// True when the grid shows the scalar escaped (`Emoji.escaped`): `needsEscape`, the
    /// emoji joiners and the skin-tone modifiers U+1F3FB–U+1F3FF.
    public static func needsEscapeInGrid(_ s: Unicode.Scalar) -> Bool {
        needsEscape(s) || isEmojiJoiner(s) || (0x1F3FB...0x1F3FF).contains(s.value)
    }

    /// Decides, scalar by scalar in order, which are shown escaped: `needsEscape`, and
    /// the emoji joiners by their neighbours. A backslash is not escaped here (the
    /// escaping functions double it).
    struct ScalarJudge {
        let emoji: Emoji
        private var previous = Previous.other

        /// What the last scalar shown as itself was, for the joiners after it.
        private enum Previous {
            case other
            /// `#`, `*` or a digit: a selector only before U+20E3 (`1️⃣`); never a joiner.
            case asciiEmoji
            /// An emoji that may take a selector or a joiner.
            case emoji
            /// An emoji with its selector or modifier: a joiner may follow, no selector.
            case emojiEnded
        }

        init(_ emoji: Emoji) { self.emoji = emoji }

        /// Whether `s` is shown escaped; `next` is the scalar after it (nil at the end or
        /// before bytes that are not UTF-8), asked only for a joiner or a selector.
        mutating func escapes(_ s: Unicode.Scalar, next: () -> Unicode.Scalar?) -> Bool {
            if TerminalText.needsEscape(s) {
                previous = .other
                return true
            }
            switch emoji {
            case .escaped:
                previous = .other
                return TerminalText.needsEscapeInGrid(s)
            case .kept:
                break
            }
            switch s.value {
            case 0xFE0E, 0xFE0F:
                let kept: Bool
                switch previous {
                case .emoji: kept = true
                case .asciiEmoji: kept = next() == "\u{20E3}"
                case .other, .emojiEnded: kept = false
                }
                previous = kept ? .emojiEnded : .other
                return !kept
            case 0x200D:
                let joined: Bool
                switch previous {
                case .emoji, .emojiEnded: joined = next().map(Self.joinsAfterJoiner) ?? false
                case .other, .asciiEmoji: joined = false
                }
                previous = .other
                return !joined
            default:
                let properties = s.properties
                if !properties.isEmoji {
                    previous = .other
                } else if s.isASCII {
                    previous = .asciiEmoji
                } else {
                    previous = properties.isEmojiModifier ? .emojiEnded : .emoji
                }
                return false
            }
        }

        /// Forgets the last scalar: after bytes that are not UTF-8, or a backslash.
        mutating func reset() { previous = .other }

        /// An emoji a joiner may lead to: not ASCII, not a skin-tone modifier.
        private static func joinsAfterJoiner(_ s: Unicode.Scalar) -> Bool {
            !s.isASCII && s.properties.isEmoji && !s.properties.isEmojiModifier
        }
    }
}
