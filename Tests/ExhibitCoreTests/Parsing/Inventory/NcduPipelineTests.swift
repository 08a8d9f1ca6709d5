import Foundation
import Testing

@testable import ExhibitCore

/// The ncdu reader on two threads (the parser, and the builder fed batches of entries on
/// a thread of its own: `NcduEntryPipeline.swift`) against the same read on one: the same
/// inventory, warnings in the same order with the same positions, the same errors, on the
/// samples, the fuzz corpus and generated exports that put the builder's own warnings
/// (duplicates, unusable names) beside the parser's, past the warning limit, across batch
/// boundaries and before a failure.
@Suite struct NcduPipelineTests {
    typealias Outcome = NcduStreamingTests.Outcome
    static let file = NcduStreamingTests.file

    static func read(_ bytes: [UInt8], threads: NcduInventoryReader.Threads, chunkSize: Int? = nil) -> Outcome {
        guard let chunkSize else {
            return Outcome { w throws(Diagnostic) in try NcduInventoryReader.readDocument(bytes, file: file, threads: threads, warnings: &w) }
        }
        let stream = MemoryEvidenceStream(bytes, chunkSize: chunkSize)
        return Outcome { w throws(Diagnostic) in
            try NcduInventoryReader.readDocument(stream: stream, file: file, chunkSize: chunkSize, threads: threads, warnings: &w)
        }
    }

    static func expectSameOnBothPaths(_ bytes: [UInt8], _ name: String) {
        let one = read(bytes, threads: .one)
        let two = read(bytes, threads: .two)
        #expect(one == two, "\(name): one thread \(one), two \(two)")
        let streamed = read(bytes, threads: .two, chunkSize: 4096)
        #expect(one == streamed, "\(name) streamed: \(streamed)")
    }

    // MARK: - Generated exports

    /// An export of `count` files in a few directories where every `duplicateEvery`th
    /// name repeats an earlier one, every `negativeEvery`th size is negative, and
    /// unusable names, steps, hard links and escapes come by turns.
    static func export(count: Int, duplicateEvery: Int = 7, negativeEvery: Int = 5, tail: String = "]]") -> [UInt8] {
        var out = #"[1,2,{"progname":"gdu-like","progver":"1"},"# + "\n" + #"[{"name":"/root","x_step":"seed"}"#
        var open = 0
        for i in 0..<count {
            if i % 1000 == 0 {
                if open > 0 { out += "]" }
                out += ",\n[{\"name\":\"dir \(i)\",\"asize\":\(i % 3 == 0 ? "-1" : "0")}"
                open = 1
            }
            let name: String
            switch i % 97 {
            case 0: name = ""
            case 1: name = ".."
            case 2: name = "a/b"
            case 3: name = #"esc\u001b[31m\n"#
            case 4: name = #"nul\u0000"#
            case 5: name = #"first","name":"second"#
            default: name = i % duplicateEvery == 0 ? "same" : "f \(i)"
            }
            let size = i % negativeEvery == 0 ? "-\(i)" : i % 23 == 0 ? "\(i),\"asize\":\(i + 1)" : "\(i)"
            var item = #"{"name":"\#(name)","asize":\#(size),"dsize":4096"#
            if i % 11 == 0 { item += #","x_step":"step \#(i % 13)""# }
            if i % 17 == 0 { item += #","hlnkc":true,"ino":\#(i % 4),"dev":\#(i % 34 == 0 ? 9 : 1)"# }
            if i % 19 == 0 { item += #","read_error":"yes""# }
            out += ",\n" + item + "}"
        }
        if open > 0 { out += "]" }
        return Array((out + tail).utf8)
    }

    @Test func generatedExportsReadAlikeOnBothPaths() {
        // 1 entry, one batch, a batch boundary (1,024), several batches with both
        // collectors past their limit of 100.
        for count in [1, 50, 1023, 1024, 1025, 6500] {
            Self.expectSameOnBothPaths(Self.export(count: count), "\(count) entries")
        }
        // Warnings past the limit from one side only: all duplicates, or all bad sizes.
        Self.expectSameOnBothPaths(Self.export(count: 3000, duplicateEvery: 1, negativeEvery: 1_000_000), "all duplicates")
        Self.expectSameOnBothPaths(Self.export(count: 3000, duplicateEvery: 1_000_000, negativeEvery: 1), "all bad sizes")
    }

    @Test func aFailurePartWayKeepsTheWarningsBeforeIt() {
        for count in [10, 1024, 4100] {
            let broken = Self.export(count: count, tail: ",\n{\"name\":\"x\",\"asize\":tru}]]")
            Self.expectSameOnBothPaths(broken, "failure after \(count)")
            let one = Self.read(broken, threads: .two)
            #expect(one.failure != nil && !one.warnings.isEmpty)
            let cut = Array(Self.export(count: count).dropLast(300))
            Self.expectSameOnBothPaths(cut, "cut after \(count)")
        }
    }

    /// Names at the batch's byte limit and past the builder's name length.
    @Test func longNamesReadAlike() {
        let long = String(repeating: "n", count: NcduEntryBatch.nameBytesLimit / 3)
        var text = #"[1,2,{},[{"name":"/r"}"#
        for i in 0..<8 { text += #",{"name":"\#(long)\#(i % 2)","asize":1}"# }
        text += #",{"name":"\#(String(repeating: "x", count: InventoryBuilder.maximumNameLength + 5))"}]]"#
        Self.expectSameOnBothPaths(Array(text.utf8), "long names")
    }

    /// The order a one-thread read gives, pinned: an entry's own warnings (its size), then
    /// the duplicate, then the unusable name; then the next entry's.
    @Test func anEntrysWarningsComeInReadingOrder() throws {
        let text = #"[1,2,{},[{"name":"/r"},{"name":"a/b"},{"name":"a/b","asize":-3},{"name":"c","asize":-1}]]"#
        for threads in [NcduInventoryReader.Threads.one, .two] {
            let outcome = Self.read(Array(text.utf8), threads: threads)
            let messages = outcome.warnings.map(\.message)
            try #require(messages.count == 5, "\(messages)")
            #expect(messages[0].hasPrefix("unusable file name \"a/b\""))
            #expect(messages[1].hasPrefix("\"asize\" -3 is negative"))
            #expect(messages[2].hasPrefix("\"a/b\" is listed twice"))
            #expect(messages[3].hasPrefix("unusable file name \"a/b\""))
            #expect(messages[4].hasPrefix("\"asize\" -1 is negative"))
            // Both name the entry's start, where its info object opens.
            #expect(outcome.warnings[2].position == SourcePosition(line: 1, column: 39, byteOffset: 38))
            #expect(outcome.warnings[2].position == outcome.warnings[3].position)
        }
    }

    /// A NUL byte in a name and a second "name" make the name unusable on either path:
    /// the parser sees both (the applier is told), and the order of the warnings holds.
    @Test func namesTheParserFindsUnusableReadAlike() throws {
        let text = #"[1,2,{},[{"name":"/r"},{"name":"a\u0000"},{"name":"b","name":"c"},{"name":"d","asize":1,"asize":2}]]"#
        for threads in [NcduInventoryReader.Threads.one, .two] {
            let outcome = Self.read(Array(text.utf8), threads: threads)
            let messages = outcome.warnings.map(\.message)
            try #require(messages.count == 3, "\(messages)")
            #expect(messages[0].hasPrefix("unusable file name \"a\\x00\""))
            #expect(messages[1].hasPrefix("\"name\" given twice in one item (\"b\" and \"c\")"))
            #expect(messages[2].hasPrefix("\"asize\" given twice in one item with different values"))
            #expect(outcome.unusableNames == 2 && outcome.unrecordedSizes == 1)
        }
    }

    @Test func samplesAndTheFuzzCorpusReadAlike() {
        for (name, bytes) in NcduStreamingTests.samples + NcduStreamingTests.corpus {
            Self.expectSameOnBothPaths(bytes, name)
        }
    }

    /// `automatic` starts the second thread only for an export worth it.
    @Test func automaticIsTwoThreadsForLargeExportsOnly() {
        #expect(!NcduInventoryReader.Threads.automatic.pipelined(sizeHint: nil))
        #expect(!NcduInventoryReader.Threads.automatic.pipelined(sizeHint: 4096))
        #expect(NcduInventoryReader.Threads.automatic.pipelined(sizeHint: NcduInventoryReader.Threads.twoThreadsFrom))
    }
}
