import Testing

@testable import ExhibitCore
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// Names drawn right (issue 18 item 8): widths per grapheme cluster, as the grid draws
/// them; the scalars terminals disagree on escaped; cuts never inside an escape or a
/// cluster; the ASCII ellipsis distinct from the tree's marks.
@Suite struct GraphemeWidthTests {
    static let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
    static let flag = "🇯🇵"
    static let airplane = "✈\u{FE0F}"

    @Test func clustersHaveTheWidthTheGridGivesThem() {
        #expect(DisplayWidth.of(Character(Self.flag)) == 2, "a flag is two regional indicators, one column each")
        #expect(DisplayWidth.of(Character("e\u{301}")) == 1, "a combining mark joins its base")
        #expect(DisplayWidth.of(Character("\u{301}")) == 1, "a lone mark is drawn on a blank")
        #expect(DisplayWidth.of(Character("\u{1100}\u{1161}\u{11A8}")) == 2, "a Hangul syllable of jamo")
        #expect(DisplayWidth.of(Character("日")) == 2)
        #expect(DisplayWidth.of("plain ascii") == 11)
        #expect(DisplayWidth.of("ｆｕｌｌ") == 8)
    }

    @Test func scalarsTerminalsDrawAtDifferentWidthsAreEscapedOnTheGrid() {
        // The grid's escape (`Theme.safe`): selectors, modifiers and joiners, so every cell is the grid's.
        #expect(Glyphs.unicode.safe(Self.airplane) == "✈\\u{FE0F}")
        #expect(Glyphs.unicode.safe("👍\u{1F3FD}") == "👍\\u{1F3FD}")
        #expect(Glyphs.unicode.safe(Self.family) == "👨\\u{200D}👩\\u{200D}👧\\u{200D}👦")
        #expect(Glyphs.unicode.safe(bytes: Array(Self.airplane.utf8)) == "✈\\u{FE0F}")
        #expect(Glyphs.unicode.safeMessage("found \"\(Self.airplane)\"") == "found \"✈\\u{FE0F}\"")
        #expect(Glyphs.unicode.safe(Self.flag) == Self.flag, "a flag's width is the same everywhere: kept")
        #expect(Glyphs.unicode.safe("Cafe\u{301}") == "Cafe\u{301}")
        // Text output keeps them inside an emoji sequence: no grid to lay out.
        #expect(TerminalText.escape(Self.airplane) == Self.airplane)
        #expect(TerminalText.escape("👍\u{1F3FD}") == "👍\u{1F3FD}")
        #expect(TerminalText.escape(Self.family) == Self.family)
        // Text kept raw and handed to the grid anyway is drawn `?`, never raw.
        var grid = Grid(rows: 1, cols: 10)
        grid.put(TerminalText.escape(Self.airplane) + "/", row: 0, col: 0, role: .plain)
        #expect(grid.line(0) == "?/")
        // JSON spells a scalar beyond U+FFFF as a UTF-16 pair, not as a five-digit `\u`.
        var json = ""
        JSONWriter.appendQuoted("a\u{E0041}", to: &json)
        #expect(json == "\"a\\udb40\\udc41\"")
    }

    @Test func theVS16NameLeavesNoStrayCell() {
        // `✈️/` once took three cells on the grid and two on the terminal: the `/` drawn
        // later stayed behind in the third. Escaped, every column is the grid's.
        var grid = Grid(rows: 1, cols: 20)
        let text = Glyphs.unicode.safe(Self.airplane) + "/"
        let used = grid.put(text, row: 0, col: 0, role: .plain)
        #expect(grid.line(0) == "✈\\u{FE0F}/")
        #expect(used == DisplayWidth.of(text))
        #expect(used == 10)
    }

    @Test func aFlagIsTwoCellsOneScalarEach() {
        var grid = Grid(rows: 1, cols: 10)
        let used = grid.put(Self.flag + "/", row: 0, col: 0, role: .plain)
        #expect(used == 3)
        #expect(grid[0, 0].text == "🇯" && grid[0, 1].text == "🇵" && grid[0, 2].text == "/")
        #expect(grid.line(0) == Self.flag + "/")
    }

    @Test func aLoneMarkSitsOnABlankCellOfItsOwn() {
        var grid = Grid(rows: 1, cols: 10)
        let used = grid.put("\u{301}ab", row: 0, col: 0, role: .plain)
        #expect(used == 3)
        #expect(used == DisplayWidth.of("\u{301}ab"))
        #expect(grid[0, 0].text == " \u{301}")
    }

    @Test func cutsNeverFallInsideAnEscape() {
        let escaped = "ab\\u{3B1}cd"
        #expect(TextFit.clip(escaped, to: 5) == "ab", "`\\u{3B` is not drawn")
        #expect(TextFit.clip(escaped, to: 9) == "ab\\u{3B1}")
        #expect(TextFit.suffix(escaped, width: 4) == "cd")
        #expect(TextFit.shorten("\\x1b\\x1b\\x1b\\x1b", to: 9, ellipsis: "~") == "\\x1b~\\x1b")
        #expect(TextFit.clip("a\\\\b", to: 2) == "a", "a backslash is escaped as two: never one of them")
        #expect(TextFit.suffix("\\\\x41", width: 3) == "x41", "`\\\\x41` is a backslash and `x41`")
        var grid = Grid(rows: 1, cols: 6)
        grid.put("xy\\u{3B1}", row: 0, col: 0, role: .plain)
        #expect(grid.line(0) == "xy", "the grid's own edge cuts whole escapes too")
    }

    @Test func theASCIIEllipsisIsNoMark() {
        let marks: Set<Character> = ["X", "x", "~", "?"]
        #expect(Glyphs.ascii.ellipsis == "...")
        #expect(Glyphs.ascii.ellipsis.allSatisfy { !marks.contains($0) })
        #expect(Glyphs.unicode.ellipsis.allSatisfy { !marks.contains($0) })
        let cut = TextFit.shorten("offline-catalog-download.sqlite", to: 20, ellipsis: Glyphs.ascii.ellipsis)
        #expect(cut == "offline-c...d.sqlite")
        #expect(!cut.contains("~"))
    }

    @Test func aDiagnosticQuotingEscapedBytesIsNotEscapedTwice() throws {
        // The reader escaped the quoted line once (`\x1b`); the evidence pane once doubled it.
        var s = EvidenceFixture.state(
            [
                EvidenceLayout.inventoryJSON: EvidenceFixture.ncduExport, EvidenceLayout.duTotals: "12\tDocuments\n\u{1B}[2Jjunk\n",
                "app/Info.plist": "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>k</key><real>\u{1B}[2J</real></dict></plist>",
            ], rows: 60, cols: 200)
        s.press(.char("v"))
        let text = TriageRenderer.render(s, glyphs: .unicode).text
        #expect(text.contains("found \"\\x1b[2J\""), "\(text)")
        #expect(!text.contains("\\\\x1b"), "\(text)")
    }

    // MARK: - Property: fitted text never exceeds the width, never splits a unit

    /// Pieces the generator strings names from: ASCII, a backslash, controls, marks,
    /// wide and joined emoji, flags, presentation selectors, CJK, invalid bytes.
    static let pieces: [[UInt8]] = [
        Array("a".utf8), Array("Z9".utf8), Array(".db".utf8), Array("\\".utf8), Array("\\x41".utf8), [0x1B], [0x07],
        Array("e\u{301}".utf8), Array("\u{301}".utf8), Array("日本".utf8), Array(flag.utf8), Array(family.utf8),
        Array(airplane.utf8), Array("👍\u{1F3FD}".utf8), Array("α".utf8), Array("\u{202E}".utf8), [0xFF], [0xC3],
        Array("1\u{FE0F}\u{20E3}".utf8), Array("\u{1100}\u{1161}".utf8), Array(" ".utf8), Array("ｆ".utf8),
    ]

    /// Offsets (UTF-8) where escaped text may be cut: between grapheme clusters and
    /// outside the escapes `\\`, `\xNN`, `\u{…}`. Found scalar by scalar, apart from
    /// the code under test.
    static func allowedCuts(_ escaped: String) -> Set<Int> {
        var clusterEnds: Set<Int> = [0]
        var offset = 0
        for c in escaped {
            offset += c.utf8.count
            clusterEnds.insert(offset)
        }
        let scalars = Array(escaped.unicodeScalars)
        var inside: Set<Int> = []
        var position = 0
        var i = 0
        func width(_ range: Range<Int>) -> Int { range.reduce(0) { $0 + scalars[$1].utf8.count } }
        while i < scalars.count {
            let length: Int
            if scalars[i] == "\\", i + 1 < scalars.count {
                switch scalars[i + 1] {
                case "\\": length = 2
                case "x": length = 4
                case "u": length = (scalars[(i + 2)...].firstIndex(of: "}") ?? i) - i + 1
                default: length = 1
                }
            } else {
                length = 1
            }
            let bytes = width(i..<(i + length))
            if length > 1 { for k in 1..<bytes { inside.insert(position + k) } }
            position += bytes
            i += length
        }
        return clusterEnds.subtracting(inside)
    }

    @Test func fittedTextNeverExceedsTheWidthNorSplitsAUnit() {
        var rng = WidthRandom(seed: 0x18_08)
        for _ in 0..<3000 {
            var raw: [UInt8] = []
            for _ in 0..<Int(rng.next() % 9) { raw += Self.pieces[Int(rng.next() % UInt64(Self.pieces.count))] }
            let glyphs: Glyphs = rng.next() % 3 == 0 ? .ascii : .unicode
            let escaped = glyphs.safe(bytes: raw)
            let allowed = Self.allowedCuts(escaped)
            let width = Int(rng.next() % 24)
            let clipped = TextFit.clip(escaped, to: width)
            #expect(DisplayWidth.of(clipped) <= width, "\(escaped.debugDescription) clipped to \(width)")
            #expect(
                escaped.utf8.starts(with: clipped.utf8) && allowed.contains(clipped.utf8.count),
                "clip cut \(escaped.debugDescription) at \(clipped.utf8.count)")
            let tail = TextFit.suffix(escaped, width: width)
            #expect(DisplayWidth.of(tail) <= width)
            #expect(allowed.contains(escaped.utf8.count - tail.utf8.count), "suffix cut \(escaped.debugDescription)")
            let short = TextFit.shorten(escaped, to: width, ellipsis: glyphs.ellipsis)
            #expect(DisplayWidth.of(short) <= width, "\(escaped.debugDescription) shortened to \(width): \(short.debugDescription)")
            if short != escaped, width > DisplayWidth.of(glyphs.ellipsis) {
                // head + ellipsis + tail, each end cut at an allowed place.
                let bytes = Array(short.utf8)
                let mark = Array(glyphs.ellipsis.utf8)
                let heads = (0...(bytes.count - mark.count)).filter { Array(bytes[$0..<($0 + mark.count)]) == mark }
                #expect(
                    heads.contains { allowed.contains($0) && allowed.contains(escaped.utf8.count - (bytes.count - $0 - mark.count)) },
                    "shorten cut \(escaped.debugDescription): \(short.debugDescription)")
            }
            // The grid draws exactly the columns the fit measured.
            var grid = Grid(rows: 1, cols: max(width, 1))
            let used = grid.put(short, row: 0, col: 0, role: .plain)
            #expect(used == DisplayWidth.of(short), "\(short.debugDescription)")
            #expect(grid.line(0).withoutSpaces == short.withoutSpaces, "\(short.debugDescription)")
        }
    }
}

/// A small seeded generator: the property test is the same on every run.
private struct WidthRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension String {
    /// The scalars but U+0020: the grid pads lone marks and line ends with blanks.
    fileprivate var withoutSpaces: String {
        var s = ""
        s.unicodeScalars.append(contentsOf: unicodeScalars.filter { $0 != " " })
        return s
    }
}
