import Testing

@testable import ExhibitCore

@Suite struct TextWrapTests {
    private func wrap(_ text: String, _ first: Int, _ rest: Int? = nil) -> [String] {
        TextWrap.lines(text, first: first, rest: rest ?? first).map { String(text[$0]) }
    }

    @Test func breaksAfterSpacesAndDropsThem() {
        #expect(wrap("not excluded from backup", 12) == ["not excluded", "from backup"])
        #expect(wrap("a b", 80) == ["a b"])
        #expect(wrap("", 10).isEmpty)
    }

    @Test func everyLineFitsAndNothingIsLost() {
        let text = "processing task not listed in BGTaskSchedulerPermittedIdentifiers: the system refuses to run it"
        for width in 5...40 {
            let lines = wrap(text, width)
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "width \(width)")
            // Only the spaces lines break at are dropped.
            #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " }, "width \(width)")
        }
    }

    @Test func aWordLongerThanTheLineIsCutBetweenUnits() {
        let path = "Library/Application Support/Downloads/Offline Pack Osaka.pack"
        let lines = wrap(path, 20)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 20 })
        #expect(lines.joined().filter { $0 != " " } == path.filter { $0 != " " })
        #expect(lines.first == "Library/Application", "a break after a space where there is one")
    }

    @Test func theFirstLineHasItsOwnWidth() {
        let lines = wrap("one two three four five six", 7, 14)
        #expect(lines == ["one two", "three four", "five six"])
    }

    /// Escapes and clusters stay whole on one line, whatever the width: every break is
    /// where a `TextFit` unit ends.
    @Test func neverInsideAnEscapeOrACluster() {
        let escaped = TerminalText.escape("evil\u{1B}[31mred\u{07}-\u{3B1}\u{301}-👨‍👩‍👧‍👦-🇯🇵.txt")
        var boundaries: Set<String.Index> = [escaped.startIndex]
        var index = escaped.startIndex
        while index < escaped.endIndex {
            index = TextFit.unit(escaped, at: index).end
            boundaries.insert(index)
        }
        for width in 2...12 {
            let ranges = TextWrap.lines(escaped, first: width, rest: width)
            #expect(ranges.map { String(escaped[$0]) }.joined() == escaped, "width \(width)")
            for r in ranges {
                #expect(boundaries.contains(r.lowerBound) && boundaries.contains(r.upperBound), "width \(width)")
                let single = TextFit.unit(escaped, at: r.lowerBound).end == r.upperBound
                #expect(DisplayWidth.of(String(escaped[r])) <= width || single, "width \(width): a line wider than it is one unit")
            }
        }
    }

    @Test func aWideCharacterInOneColumnIsALineOfItsOwn() {
        #expect(wrap("日本", 1) == ["日", "本"])
    }
}
