import Testing

@testable import ExhibitCore

/// Issue 15 §7: steps.tsv is streamed in batches of lines. The streamed read gives the
/// records and warnings of the whole-file read, wherever the batches are cut, and a
/// line longer than the maximum (a sparse file) is skipped without being held.
@Suite struct StepsStreamingTests {
    /// Header, comments, CRLF, a BOM, bad lines, repeats near and far, invalid UTF-8,
    /// times, and a header's text as a record.
    static let sample: [UInt8] = {
        var text = "\u{FEFF}step\tpath\n# comment\n"
        for i in 0..<60 {
            switch i % 7 {
            case 0: text += "setup\tDocuments/a\(i).txt\t2026-01-01T09:00:0\(i % 10)Z\r\n"
            case 1: text += "no tab on this line \(i)\n"
            case 2: text += "sync\tDocuments/a0.txt\n"  // repeats line 3, near and far
            case 3: text += "sync\t/abs/path\(i)\n"
            case 4: text += "\n"
            case 5: text += "download\ttmp/f\(i)\tnot-a-time\n"
            default: text += "cleanup\tLibrary/Caches/c\(i)\n"
            }
        }
        // Not a header past line 1, also where a batch starts with it.
        text += "step\tpath\n"
        var bytes = Array(text.utf8)
        bytes += Array("bad-utf8\tDocuments/".utf8) + [0xFF, 0xFE] + Array(".txt\n".utf8)
        bytes += Array("last\tDocuments/no-newline".utf8)
        return bytes
    }()

    @Test(arguments: [1, 2, 7, 64, 1000, 1 << 20]) func streamingGivesTheWholeFileRead(_ chunk: Int) throws {
        var whole: [Diagnostic] = []
        let expected = try StepsReader.read(Self.sample, file: "steps.tsv", warnings: &whole)
        var streamed: [Diagnostic] = []
        let records = try StepsReader.read(
            stream: MemoryEvidenceStream(Self.sample, chunkSize: chunk), file: "steps.tsv",
            warnings: &streamed)
        #expect(records == expected)
        func key(_ d: Diagnostic) -> String { "\(d.position?.line ?? 0) \(d.severity) \(d.message)" }
        #expect(streamed.map(key).sorted() == whole.map(key).sorted())
        // Positions are exact, repeats found across batches aside (they name the line only).
        let exact = Set(whole.filter { !$0.message.contains("already named") }.map { "\(key($0)) \($0.position?.byteOffset ?? -1)" })
        for d in streamed where !d.message.contains("already named") {
            #expect(exact.contains("\(key(d)) \(d.position?.byteOffset ?? -1)"), "\(d)")
        }
    }

    @Test func aFileWithNoUsableRecordFailsAsTheWholeReadDoes() {
        let bytes = Array("one\ntwo\nthree\n".utf8)
        var w: [Diagnostic] = []
        #expect(throws: Diagnostic.self) { try StepsReader.read(stream: MemoryEvidenceStream(bytes, chunkSize: 3), file: "s", warnings: &w) }
    }

    /// A sparse steps.tsv is one line of NULs as long as the file: skipped as it passes,
    /// and the records after it still read.
    @Test func aGiantLineIsSkippedNotHeld() throws {
        var bytes = Array("setup\tDocuments/a\n".utf8)
        bytes += [UInt8](repeating: 0, count: 3 * StepsReader.maximumLineLength)
        bytes += Array("\nsync\tDocuments/b\n".utf8)
        var w: [Diagnostic] = []
        let records = try StepsReader.read(stream: MemoryEvidenceStream(bytes, chunkSize: 1 << 16), file: "steps.tsv", warnings: &w)
        #expect(records.map(\.path) == ["Documents/a", "Documents/b"])
        #expect(records.last?.line == 3)
        let skipped = try #require(w.first { $0.message.contains("line longer than 1 MiB") })
        #expect(skipped.position?.line == 2)
        #expect(skipped.position?.byteOffset == "setup\tDocuments/a\n".utf8.count)
    }
}
