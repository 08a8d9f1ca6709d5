import Testing

@testable import ExhibitCore

/// Which scalars are shown escaped: by Unicode property (controls, format characters,
/// separators, private use, unassigned, Default_Ignorable_Code_Point), each class over
/// its whole range; the emoji selectors and joiner by where they stand.
@Suite struct TerminalTextScalarTests {
    /// Classes of invisible or terminal-active scalars, each a range (or a few).
    static let invisibleClasses: [(name: String, values: [UInt32])] = [
        ("C0 controls", Array(0x00...0x1F)),
        ("DEL and C1 controls", Array(0x7F...0x9F)),
        ("soft hyphen", [0xAD]),
        ("combining grapheme joiner", [0x34F]),
        ("Arabic letter mark", [0x61C]),
        ("Hangul fillers", [0x115F, 0x1160, 0x3164, 0xFFA0]),
        ("Khmer inherent vowels", Array(0x17B4...0x17B5)),
        ("Mongolian selectors and vowel separator", Array(0x180B...0x180F)),
        ("zero-width space, joiners, marks", Array(0x200B...0x200F)),
        ("line and paragraph separators, bidi embeddings", Array(0x2028...0x202E)),
        ("word joiner, invisible operators, isolates, deprecated format", Array(0x2060...0x206F)),
        ("variation selectors", Array(0xFE00...0xFE0F)),
        ("byte order mark", [0xFEFF]),
        ("unassigned specials, interlinear annotation", Array(0xFFF0...0xFFFB)),
        ("noncharacters", [0xFDD0, 0xFDEF, 0xFFFE, 0xFFFF, 0x1FFFE, 0x10FFFF]),
        ("private use", Array(stride(from: 0xE000, through: 0xF8FF, by: 7)) + [0xF0000, 0x10FFFD]),
        ("unassigned", [0x378, 0x379, 0x2FE0, 0x1FFFD, 0x3FFFD]),
        ("shorthand format controls", Array(0x1BCA0...0x1BCA3)),
        ("musical format controls", Array(0x1D173...0x1D17A)),
        ("tags", Array(0xE0000...0xE007F)),
        ("spaces that look like U+0020", [0xA0, 0x1680, 0x202F, 0x205F, 0x3000] + Array(0x2000...0x200A)),
        ("variation selectors supplement", Array(0xE0100...0xE01EF)),
    ]

    /// How a scalar is written escaped: `\xNN` for ASCII, `\u{…}` for every other.
    static func written(_ s: Unicode.Scalar) -> String {
        s.value < 0x80 ? "\\x" + hex2(s.value) : "\\u{" + String(s.value, radix: 16, uppercase: true) + "}"
    }

    static func hex2(_ v: UInt32) -> String {
        let h = String(v, radix: 16)
        return h.count == 1 ? "0" + h : h
    }

    @Test(arguments: invisibleClasses.map(\.name))
    func everyScalarOfTheClassIsShownEscapedEverywhere(_ name: String) throws {
        let values = try #require(Self.invisibleClasses.first { $0.name == name }).values
        for value in values {
            let s = try #require(Unicode.Scalar(value))
            let text = "tmp/Vault" + String(s) + ".sqlite"
            let shown = "tmp/Vault" + Self.written(s) + ".sqlite"
            let hex = String(value, radix: 16, uppercase: true)
            #expect(TerminalText.escape(text) == shown, "U+\(hex)")
            #expect(TerminalText.escape(bytes: Array(text.utf8)) == shown, "U+\(hex) as bytes")
            #expect(TerminalText.sanitized(text) == shown, "U+\(hex) sanitized")
            #expect(TerminalText.escape(text, emoji: .escaped) == shown, "U+\(hex) on the grid")
            // After an emoji as well: only the selectors U+FE0E/U+FE0F may join one.
            if value != 0xFE0E && value != 0xFE0F {
                #expect(TerminalText.escape("🏷" + String(s)) == "🏷" + Self.written(s), "U+\(hex) after an emoji")
            }
            // Never the same text as the name without it (the spoof the review found).
            #expect(TerminalText.escape(text) != TerminalText.escape("tmp/Vault.sqlite"))
            var json = ""
            JSONWriter.appendQuoted(text, to: &json)
            #expect(!json.unicodeScalars.contains(s), "U+\(hex) raw in JSON \(json.debugDescription)")
            #expect(json != "\"tmp/Vault.sqlite\"", "U+\(hex) dropped from JSON")
        }
    }

    /// The rule is the properties, for every scalar there is: the fast answers for
    /// ASCII and Latin (no property lookup) give what the properties give.
    @Test func needsEscapeIsTheUnicodePropertiesForEveryScalar() {
        var wrong: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let s = Unicode.Scalar(value) else { continue }
            let p = s.properties
            let byCategory: Bool
            switch p.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: byCategory = true
            case .spaceSeparator: byCategory = value != 0x20
            default: byCategory = false
            }
            let expected = (byCategory || p.isDefaultIgnorableCodePoint) && !TerminalText.isEmojiJoiner(s)
            if TerminalText.needsEscape(s) != expected { wrong.append(String(value, radix: 16)) }
        }
        #expect(wrong.isEmpty, "disagree: \(wrong.prefix(20))")
    }

    @Test func visibleTextIsKeptAsItIs() throws {
        var ranges: [ClosedRange<UInt32>] = [0x20...0x5B, 0x5D...0x7E, 0xA1...0xAC, 0xAE...0x2FF, 0x391...0x3A1, 0x410...0x44F, 0x5D0...0x5EA]
        ranges += [0x3041...0x3096, 0x4E00...0x4FFF, 0xAC00...0xAD00, 0x1F600...0x1F64F, 0x1F680...0x1F6C5]
        for range in ranges {
            for value in range {
                let s = try #require(Unicode.Scalar(value))
                let text = "a" + String(s) + "b"
                #expect(TerminalText.escape(text) == text, "U+\(String(value, radix: 16)) escaped")
                #expect(TerminalText.escape(bytes: Array(text.utf8)) == text)
            }
        }
        // Combining marks on a letter (U+034F, the grapheme joiner, is no mark one sees).
        for value in UInt32(0x300)...0x36F where value != 0x34F {
            let text = "e" + String(Unicode.Scalar(value)!)
            #expect(TerminalText.escape(text) == text, "U+\(String(value, radix: 16)) escaped")
        }
    }

    /// Non-ASCII emoji that take a selector: every one from U+2000 to U+1FAFF.
    static let emoji: [Unicode.Scalar] = (UInt32(0x2000)...0x1FAFF).compactMap(Unicode.Scalar.init).filter {
        $0.properties.isEmoji && !$0.properties.isEmojiModifier
    }

    @Test func aSelectorIsKeptRightAfterAnEmojiAndNowhereElse() {
        #expect(Self.emoji.count > 1000)
        for e in Self.emoji {
            let hex = String(e.value, radix: 16)
            for selector in ["\u{FE0F}", "\u{FE0E}"] {
                let text = "tag" + String(e) + selector + "name"
                #expect(TerminalText.escape(text) == text, "U+\(hex) with its selector")
                #expect(TerminalText.escape(bytes: Array(text.utf8)) == text)
                var json = ""
                JSONWriter.appendQuoted(text, to: &json)
                #expect(json == "\"" + text + "\"")
                // A second selector is nothing one sees.
                #expect(TerminalText.escape(String(e) + selector + selector) == String(e) + selector + Self.written(selector.unicodeScalars.first!))
                // The grid escapes it wherever it stands.
                #expect(TerminalText.escape(text, emoji: .escaped) == "tag" + String(e) + Self.written(selector.unicodeScalars.first!) + "name")
            }
        }
        // After anything that is not an emoji: letters, CJK, marks, arrows that are not emoji.
        let others = (UInt32(0x41)...0x5A).map { $0 } + (UInt32(0x4E00)...0x4E3F).map { $0 } + (UInt32(0x2190)...0x2193).map { $0 } + [0x301, 0xE9]
        for value in others {
            let s = Unicode.Scalar(value)!
            guard !s.properties.isEmoji else { continue }
            #expect(TerminalText.escape(String(s) + "\u{FE0F}") == String(s) + #"\u{FE0F}"#, "U+\(String(value, radix: 16))")
            #expect(TerminalText.escape(String(s) + "\u{FE0E}") == String(s) + #"\u{FE0E}"#)
        }
        #expect(TerminalText.escape("\u{FE0F}x") == #"\u{FE0F}x"#, "a selector first")
        // `#`, `*` and digits are emoji only as keycaps: a selector only before U+20E3.
        for c in "#*0123456789" {
            #expect(TerminalText.escape("\(c)\u{FE0F}\u{20E3}") == "\(c)\u{FE0F}\u{20E3}")
            #expect(TerminalText.escape("Vault\(c)\u{FE0F}.sqlite") == "Vault\(c)\\u{FE0F}.sqlite")
            #expect(TerminalText.escape(bytes: Array("\(c)\u{FE0F}".utf8)) == "\(c)\\u{FE0F}")
        }
        // After a skin-tone modifier: the emoji has ended.
        #expect(TerminalText.escape("👍\u{1F3FD}\u{FE0F}") == "👍\u{1F3FD}\\u{FE0F}")
        // The real Swift Testing name the review found as `testName🏷\u{FE0F}And…`.
        let name = "testName🏷️AndTagsAreShown()"
        #expect(TerminalText.escape(name) == name)
    }

    @Test func aJoinerIsKeptBetweenTwoEmojiAndNowhereElse() {
        let people = (UInt32(0x1F466)...0x1F469).compactMap(Unicode.Scalar.init)
        let objects = [0x1F4BB, 0x1F52C, 0x1F680, 0x2764, 0x1F525, 0x1F9B0].compactMap(Unicode.Scalar.init)
        for a in people {
            for b in people + objects {
                let pair = String(a) + "\u{200D}" + String(b)
                #expect(TerminalText.escape(pair) == pair, "U+\(String(a.value, radix: 16)) ZWJ U+\(String(b.value, radix: 16))")
                #expect(TerminalText.escape(bytes: Array(pair.utf8)) == pair)
                #expect(TerminalText.escape(pair, emoji: .escaped) == String(a) + #"\u{200D}"# + String(b))
                // Not between two emoji: invisible, escaped.
                #expect(TerminalText.escape(String(a) + "\u{200D}") == String(a) + #"\u{200D}"#, "at the end")
                #expect(TerminalText.escape("\u{200D}" + String(b)) == #"\u{200D}"# + String(b), "at the start")
                #expect(TerminalText.escape(String(a) + "\u{200D}x") == String(a) + #"\u{200D}x"#)
                #expect(TerminalText.escape("x\u{200D}" + String(b)) == #"x\u{200D}"# + String(b))
                #expect(TerminalText.escape("1\u{200D}" + String(b)) == #"1\u{200D}"# + String(b), "after a digit")
                #expect(TerminalText.escape(String(a) + "\u{200D}\u{200D}" + String(b)) == String(a) + #"\u{200D}\u{200D}"# + String(b))
                #expect(TerminalText.escape(String(a) + "\u{200D}\u{1F3FD}") == String(a) + "\\u{200D}\u{1F3FD}", "before a modifier")
                #expect(TerminalText.escape(bytes: Array((String(a) + "\u{200D}").utf8) + [0xFF]) == String(a) + #"\u{200D}\xff"#)
            }
        }
        // After a selector or a skin-tone modifier, as real sequences have them.
        for sequence in ["❤\u{FE0F}\u{200D}🔥", "👩\u{1F3FD}\u{200D}💻", "🏳\u{FE0F}\u{200D}🌈", "👨\u{200D}👩\u{200D}👧\u{200D}👦"] {
            #expect(TerminalText.escape(sequence) == sequence)
            var json = ""
            JSONWriter.appendQuoted(sequence, to: &json)
            #expect(json == "\"" + sequence + "\"")
            #expect(!TerminalText.escape(sequence, emoji: .escaped).unicodeScalars.contains { TerminalText.isEmojiJoiner($0) })
        }
    }

    @Test func theGridEscapesEverySkinToneModifier() {
        for value in UInt32(0x1F3FB)...0x1F3FF {
            let s = Unicode.Scalar(value)!
            #expect(TerminalText.escape("👍" + String(s), emoji: .escaped) == "👍" + Self.written(s))
            #expect(TerminalText.escape("👍" + String(s)) == "👍" + String(s), "text keeps a visible modifier")
        }
    }
}
