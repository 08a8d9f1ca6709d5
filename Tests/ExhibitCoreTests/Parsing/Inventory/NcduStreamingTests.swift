import Foundation
import Testing

@testable import ExhibitCore

/// The streaming read of inventory.json (`NcduInventoryReader.read(stream:…)`, a window
/// refilled `chunkSize` bytes at a time) against the whole-buffer read: the same
/// inventory, metadata, warnings and errors, positions included, however the file is cut.
@Suite struct NcduStreamingTests {
    static let file = "container/inventory.json"
    static let chunkSizes = [1, 2, 7, 64, 4096]

    /// Everything a read gives, comparable.
    struct Outcome: Equatable, CustomStringConvertible {
        var inventory: Inventory?
        /// `isDuplicate` of every node in preorder (`Inventory ==` leaves the mark out).
        var duplicates: [Bool] = []
        var rootName: [UInt8] = []
        var header: [String?] = []
        /// What `Inventory ==` may not weigh: names no file can have, sizes not recorded.
        var unusableNames = 0
        var unrecordedSizes = 0
        var warnings: [Diagnostic] = []
        var failure: Diagnostic?

        init(_ read: (inout [Diagnostic]) throws(Diagnostic) -> NcduInventoryReader.Document) {
            var warnings: [Diagnostic] = []
            do {
                let doc = try read(&warnings)
                var duplicates: [Bool] = []
                doc.inventory.preorder { duplicates.append(doc.inventory.isDuplicate($0)) }
                self.duplicates = duplicates
                inventory = doc.inventory
                unusableNames = doc.inventory.unusableNameCount
                unrecordedSizes = doc.inventory.unrecordedSizes(at: Inventory.root)
                rootName = doc.rootName
                header = [doc.minorVersion.map { "\($0)" }, doc.programName, doc.programVersion, doc.timestamp.map { "\($0)" }]
            } catch {
                failure = error
            }
            self.warnings = warnings
        }

        var description: String {
            "\(inventory.map { "\($0.count) nodes" } ?? "no inventory"), failure: \(failure.map { "\($0)" } ?? "none"), warnings: \(warnings)"
        }
    }

    static func whole(_ bytes: [UInt8]) -> Outcome {
        Outcome { w throws(Diagnostic) in try NcduInventoryReader.readDocument(bytes, file: file, warnings: &w) }
    }

    static func streamed(_ bytes: [UInt8], chunkSize: Int?) -> Outcome {
        let stream = MemoryEvidenceStream(bytes, chunkSize: chunkSize ?? .max)
        return Outcome { w throws(Diagnostic) in
            try NcduInventoryReader.readDocument(stream: stream, file: file, chunkSize: chunkSize ?? JSONScanner.defaultChunkSize, warnings: &w)
        }
    }

    // MARK: - Inputs

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every inventory.json of the sample archives.
    static let samples: [(name: String, bytes: [UInt8])] = {
        let root = repository.appendingPathComponent("SampleArchives")
        var out: [(String, [UInt8])] = []
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard url.lastPathComponent == "inventory.json", let data = FileManager.default.contents(atPath: url.path) else { continue }
            out.append((String(url.path.dropFirst(root.path.count + 1)), [UInt8](data)))
        }
        return out.sorted { $0.0 < $1.0 }
    }()

    /// The checked-in fuzz corpus of the ncdu reader.
    static let corpus: [(name: String, bytes: [UInt8])] = {
        let folder = repository.appendingPathComponent("Tests/fuzz/corpus/ncdu")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { name in
            FileManager.default.contents(atPath: folder.appendingPathComponent(name).path).map { ("fuzz/" + name, [UInt8]($0)) }
        }
    }()

    /// Items written over several lines, duplicates and odd sizes among them, so
    /// warnings name positions inside and across windows.
    static let prettyPrinted: [UInt8] = {
        var text = "[1,2,{\"progname\":\"test\"},\n[{\"name\":\"/c\"},\n"
        for i in 0..<120 {
            let name = i % 10 == 9 ? "file \(i - 1)" : "file \(i)"
            text += "  {\n    \"name\": \"\(name)\",\n    \"asize\": \(i % 17 == 0 ? "-\(i)" : "\(i * 4099)"),\n    \"dsize\": 4096\n  },\n"
        }
        text += "  [{\"name\":\"d\"},{\"name\":\"caf\\u00e9 \\ud83d\\ude00\"},{\"name\":\"x\",\"excluded\":\"weird\"}]\n]]\n"
        return Array(text.utf8)
    }()

    /// Every input the reader tests use, the samples, their damaged variants and the corpus.
    static let inputs: [(name: String, bytes: [UInt8])] = {
        var out: [(String, [UInt8])] = [
            ("sample", Array(NcduInventoryReaderTests.sample.utf8)),
            ("duplicates", Array(NcduInventoryReaderTests.duplicateNames.utf8)),
            ("odd sizes", Array(NcduInventoryReaderTests.oddSizes.utf8)),
            ("escapes, BOM, invalid UTF-8", NcduInventoryReaderTests.escapesBOMAndInvalidUTF8),
            ("too deep", Array(NcduInventoryReaderTests.tooDeep.utf8)),
            ("pretty-printed", prettyPrinted),
        ]
        for (i, m) in NcduInventoryReaderTests.malformed.enumerated() { out.append(("malformed \(i)", Array(m.text.utf8))) }
        out += samples
        if let first = samples.first {
            for v in MalformedVariant.all(of: first.bytes, format: .json, includeHugeLine: false) {
                out.append(("\(first.name): \(v)", v.bytes))
            }
        }
        out += corpus
        return out
    }()

    // MARK: - Tests

    @Test func inputsAreThere() {
        #expect(Self.samples.count >= 8)
        #expect(!Self.corpus.isEmpty)
    }

    @Test(arguments: [1, 2, 7, 64, 4096, 0])
    func everyInputReadsAsTheWholeBufferDoes(_ chunkSize: Int) {
        for input in Self.inputs {
            let expected = Self.whole(input.bytes)
            let got = Self.streamed(input.bytes, chunkSize: chunkSize == 0 ? nil : chunkSize)
            #expect(got == expected, "\(input.name), chunk \(chunkSize == 0 ? "whole" : "\(chunkSize)")")
        }
    }

    @Test func theExpectedDiagnosticsComeThroughAStream() throws {
        for m in NcduInventoryReaderTests.malformed {
            let got = Self.streamed(Array(m.text.utf8), chunkSize: 1)
            let failure = try #require(got.failure, "\(m.text)")
            #expect(failure.position?.description == m.position && failure.message.contains(m.fragment), "\(failure)")
        }
        let odd = Self.streamed(Array(NcduInventoryReaderTests.oddSizes.utf8), chunkSize: 2)
        #expect(odd.warnings.count == 4 && odd.warnings.first?.position?.description == "1:44")
    }

    /// Each cut of a file in two, so that every token (names, numbers, literals, keys,
    /// escapes) crosses the window's end once.
    @Test func everyCutReadsTheSame() {
        for input in [
            Array(NcduInventoryReaderTests.sample.utf8), NcduInventoryReaderTests.escapesBOMAndInvalidUTF8,
            Array(NcduInventoryReaderTests.oddSizes.utf8),
        ] {
            let expected = Self.whole(input)
            for cut in 0...input.count {
                let stream = CutStream(input, cut: cut)
                let got = Outcome { w throws(Diagnostic) in try NcduInventoryReader.readDocument(stream: stream, file: Self.file, warnings: &w) }
                #expect(got == expected, "cut at \(cut)")
            }
        }
    }

    @Test func aNameAndANumberAcrossTheWindowEnd() throws {
        let text = #"[1,2,{},[{"name":"/c"},{"name":"Résumé of a long name.pdf","asize":1234567890123}]]"#
        let bytes = Array(text.utf8)
        let nameAt = try #require(bytes.firstIndex(of: UInt8(ascii: "R")))
        let sizeAt = try #require((0..<bytes.count).first { bytes[$0...].starts(with: Array("1234567890123".utf8)) })
        for cut in [nameAt + 3, sizeAt + 6] {
            var w: [Diagnostic] = []
            let inv = try NcduInventoryReader.read(stream: CutStream(bytes, cut: cut), file: Self.file, warnings: &w)
            let id = try #require(inv.lookup("Résumé of a long name.pdf"), "cut at \(cut)")
            #expect(inv.size(id) == 1_234_567_890_123)
            #expect(w.isEmpty)
        }
    }

    /// The position of an error thousands of lines and many windows in: the lines of
    /// every window dropped are counted.
    @Test func anErrorManyWindowsInHasItsExactLineAndColumn() throws {
        var text = "[1,2,{},\n[{\"name\":\"/c\"},\n"
        for i in 0..<3000 { text += "{\"name\":\"f\(i)\",\"asize\":\(i)},\n" }
        text += "{\"name\":\"bad\",\"asize\":12x}]]\n"
        let bytes = Array(text.utf8)
        let expected = Self.whole(bytes)
        let failure = try #require(expected.failure)
        #expect(failure.position?.line == 3003)
        #expect(failure.position?.column == 25)
        #expect(failure.message.contains("',' or '}' in an info object, found 'x'"))
        for chunk in [7, 64, 4096] {
            #expect(Self.streamed(bytes, chunkSize: chunk) == expected, "chunk \(chunk)")
        }
    }

    /// A duplicate's warning names the start of its item, also when the item was begun
    /// in a window that is gone by the time the reader knows it is a duplicate.
    @Test func aDuplicateSpanningWindowsIsNamedAtItsStart() throws {
        let item = "{\n  \"name\": \"twice\",\n  \"asize\": 1\n}"
        let text = "[1,2,{},\n[{\"name\":\"/c\"},\n" + item + ",\n" + item + "]]"
        let bytes = Array(text.utf8)
        let expected = Self.whole(bytes)
        #expect(expected.warnings.count == 1)
        #expect(expected.warnings.first?.position?.description == "7:1")
        for chunk in 1...12 { #expect(Self.streamed(bytes, chunkSize: chunk) == expected, "chunk \(chunk)") }
    }

    @Test func aReadFailurePartWayIsAPositionedError() throws {
        let bytes = Array(NcduInventoryReaderTests.sample.utf8)
        var w: [Diagnostic] = []
        do {
            _ = try NcduInventoryReader.read(stream: FailingStream(bytes, failAfter: 100), file: Self.file, chunkSize: 64, warnings: &w)
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("could not be read to the end: Input/output error"), "\(error)")
            #expect(error.position?.byteOffset == 100)
        }
    }

    @Test func newlinesAreCountedExactly() {
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 31, 32, 33, 255 * 32 - 1, 255 * 32, 255 * 32 + 1, 20_000] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...16, using: &generator) == 10 ? 0x0A : UInt8.random(in: 0...255, using: &generator) }
            let fast = bytes.withUnsafeBytes { countNewlines($0) }
            #expect(fast == bytes.filter { $0 == 0x0A }.count, "length \(length)")
        }
    }
}

/// Gives a file in two reads: the bytes before `cut`, then the rest.
final class CutStream: EvidenceStream {
    private let bytes: [UInt8]
    private let cut: Int
    private var position = 0

    init(_ bytes: [UInt8], cut: Int) {
        self.bytes = bytes
        self.cut = cut
    }

    var sizeHint: Int? { bytes.count }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(EvidenceSourceError) -> Int {
        let end = position < cut ? cut : bytes.count
        let n = min(buffer.count, end - position)
        for i in 0..<max(n, 0) { buffer[i] = bytes[position + i] }
        position += max(n, 0)
        return max(n, 0)
    }
}

/// Fails with EIO after `failAfter` bytes, as a disk can.
final class FailingStream: EvidenceStream {
    private let inner: MemoryEvidenceStream
    private var left: Int

    init(_ bytes: [UInt8], failAfter: Int) {
        inner = MemoryEvidenceStream(bytes)
        left = failAfter
    }

    var sizeHint: Int? { nil }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(EvidenceSourceError) -> Int {
        guard left > 0 else { throw EvidenceSourceError(file: "container/inventory.json", reason: "Input/output error") }
        let n = try inner.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<min(buffer.count, left)]))
        left -= n
        return n
    }
}
