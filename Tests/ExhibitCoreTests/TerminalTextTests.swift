import Testing

@testable import ExhibitCore

@Suite struct TerminalTextTests {
    @Test func plainTextIsUnchanged() {
        #expect(TerminalText.escape("Library/Application Support/Ünïcødé 日本.db") == "Library/Application Support/Ünïcødé 日本.db")
    }

    @Test func controlAndEscapeSequencesAreVisible() {
        #expect(TerminalText.escape("a\u{1B}[31mred\u{07}") == "a\\x1b[31mred\\x07")
        #expect(TerminalText.escape("x\u{1B}]0;title\u{07}") == "x\\x1b]0;title\\x07")
        #expect(TerminalText.escape("line\nbreak\r\t\u{08}") == "line\\x0abreak\\x0d\\x09\\x08")
        // A C1 control is a scalar, `\u{9B}`: `\x9b` is the byte 0x9B that is not UTF-8.
        #expect(TerminalText.escape("\u{9B}2J") == "\\u{9B}2J")
        #expect(TerminalText.escape(bytes: [0x9B, 0x32]) == "\\x9b2")
    }

    @Test func bidiOverridesAreVisible() {
        #expect(TerminalText.escape("invoice\u{202E}fdp.exe") == "invoice\\u{202E}fdp.exe")
        #expect(TerminalText.escape("\u{2066}x\u{2069}") == "\\u{2066}x\\u{2069}")
    }

    @Test func invalidUTF8BecomesByteEscapes() {
        #expect(TerminalText.escape(bytes: [0x61, 0xFF, 0xC3, 0x28, 0x62]) == "a\\xff\\xc3(b")
        #expect(TerminalText.escape(bytes: [0xE2, 0x82]) == "\\xe2\\x82")
    }

    @Test func backslashIsDoubledSoEscapesCannotBeForged() {
        #expect(TerminalText.escape("a\\x1b") == "a\\\\x1b")
    }
}
