import Testing

@testable import ExhibitCore
@testable import ExhibitSynthetic

@Suite struct StepsReaderTests {
    private func read(_ bytes: [UInt8]) throws(Diagnostic) -> ([StepRecord], [Diagnostic]) {
        var w: [Diagnostic] = []
        return (try StepsReader.read(bytes, file: "steps.tsv", warnings: &w), w)
    }

    @Test func readsRecordsWithOptionalTime() throws {
        let (r, w) = try read(
            Array("step\tpath\ttime\r\n# comment\n\ntestLogin\t./Documents/vault.sqlite\t2026-01-01T09:00:05.109+02:00\ntestCache\tLibrary/Caches//c.db\n".utf8)
        )
        #expect(w.isEmpty)
        #expect(
            r == [
                StepRecord(step: "testLogin", path: "Documents/vault.sqlite", time: "2026-01-01T09:00:05.109+02:00", line: 4),
                StepRecord(step: "testCache", path: "Library/Caches/c.db", line: 5),
            ])
    }

    @Test func badLinesWarnWithPositions() throws {
        var bytes = Array("noTab\n\tDocuments/a\ns\t/abs/x\ns\tDocuments/b\tyesterday\ns\tDocuments/b\n".utf8)
        bytes += Array("s\tbad".utf8) + [0xFF]
        let (r, w) = try read(bytes)
        #expect(r.map(\.line) == [4, 5, 6])
        #expect(w.map { $0.position?.description ?? "" } == ["1:6", "2:1", "3:3", "4:15", "5:3", "6:1"])
        #expect(w[3].message.contains("not ISO 8601"))
        #expect(w[4].message.contains("line 4"))
        #expect(r[2].path == "bad\u{FFFD}")
    }

    /// One line with every warning a kept record can carry gives them in one order:
    /// UTF-8, then the time, then the repeat; a path that cannot be used is warned of
    /// once, whatever else is wrong with the line. Byte offsets and columns count from
    /// the file's start and the line's (a `./` and a `//` in the path do not shift them).
    @Test func warningsOfOneLineComeInOrder() throws {
        var bytes = Array("s\t./Documents//a\n".utf8)
        bytes += Array("t".utf8) + [0xFE] + Array("\t./Documents//a\tnoon\n".utf8)
        bytes += Array("u\t/abs/".utf8) + [0xFF] + Array("\tnoon\n".utf8)
        bytes += Array("step\tpath\n".utf8)
        let (r, w) = try read(bytes)
        #expect(r.map(\.line) == [1, 2, 4])
        #expect(w.map { $0.position?.description ?? "" } == ["2:1", "2:19", "2:4", "3:3"])
        #expect(w.map { $0.position?.byteOffset ?? -1 } == [17, 35, 20, 42])
        #expect(w[0].message.contains("not valid UTF-8"))
        #expect(w[1].message.contains("not ISO 8601"))
        #expect(w[2].message.contains("already named on line 1"))
        #expect(w[3].message.contains("container-relative"))
        #expect(r[1].step == "t\u{FFFD}" && r[1].path == "Documents/a" && r[1].time == "noon")
        // A header only on line 1: elsewhere `step<TAB>path` is a record.
        #expect(r[2].step == "step" && r[2].path == "path")
    }

    /// The reader keeps the UTF-8 validity of the last line's step and directory: still
    /// exactly the lines whose step or path is not valid UTF-8 are warned of, with
    /// consecutive lines sharing either, in a sorted file and in one where they alternate.
    @Test(arguments: 0..<4)
    func everyLineWithInvalidUTF8IsWarnedOf(_ seed: Int) throws {
        let steps: [[UInt8]] = [Array("login".utf8), [0x73, 0xFF], Array("größe".utf8), [0xC3]]
        let parts: [[UInt8]] = [Array("Documents".utf8), [0x44, 0xFE], Array("日本".utf8), [0xE6, 0x97, 0x20]]
        var random = ExhibitSynthetic.SplitMix64(seed: UInt64(seed))
        var lines: [[UInt8]] = []
        for i in 0..<80 {
            let step = steps[Int(random.next() % UInt64(steps.count))]
            var path: [UInt8] = random.next() % 2 == 0 ? Array("./".utf8) : []
            for level in 0..<(1 + Int(random.next() % 3)) {
                if level > 0 { path.append(UInt8(ascii: "/")) }
                path += parts[Int(random.next() % UInt64(parts.count))]
            }
            path += Array("/f\(i)".utf8)
            lines.append(step + [0x09] + path)
        }
        if seed % 2 == 1 { lines.sort { $0.lexicographicallyPrecedes($1) } }
        let (_, w) = try read(Array(lines.map { $0 + [0x0A] }.joined()))
        let invalid = Set(lines.indices.filter { !UTF8Validity.isWellFormed(lines[$0].withUnsafeBufferPointer { $0 }) }.map { $0 + 1 })
        let warned = w.filter { $0.message.contains("not valid UTF-8") }.compactMap { $0.position?.line }
        #expect(!invalid.isEmpty && invalid.count < lines.count && w.count < 100)
        #expect(Set(warned) == invalid)
    }

    /// A repeated path that is not valid UTF-8 is quoted as the record holds it, with
    /// the replacement character, as the first record's warning decoded it.
    @Test func aRepeatedInvalidPathIsQuotedAsStored() throws {
        let bytes = Array("s\tDocuments/".utf8) + [0xFF] + Array("\nt\tDocuments/".utf8) + [0xFF, 0x0A]
        let (r, w) = try read(bytes)
        #expect(r.map(\.path) == ["Documents/\u{FFFD}", "Documents/\u{FFFD}"])
        let repeat_ = try #require(w.first { $0.message.contains("already named") })
        #expect(repeat_.message.hasPrefix("\"" + TerminalText.escape(bytes: Array("Documents/\u{FFFD}".utf8)) + "\" was already named on line 1"))
    }

    @Test func emptyIsFineGarbageThrows() throws {
        #expect(try read([]).0.isEmpty)
        do {
            _ = try read(Array("just text\n".utf8))
            Issue.record("expected an error")
        } catch {
            #expect(error.position?.description == "1:10")
        }
    }
}
