import Testing

@testable import ExhibitCore

/// files.txt, sizes.txt and excluded.txt read streamed in windows (`TextRecordStream`,
/// `ListArtifact`): the records `TextRecords` cuts from the whole buffer, and the same
/// inventory, warnings and positions, however the stream is cut.
@Suite struct FileListStreamingTests {
    static let chunkSizes = [1, 2, 7, 64, 4096, Int.max]

    /// Lists with every quirk the delimiter rule knows: CRLF, a BOM, no trailing
    /// newline, NUL-delimited with newlines in names, a NUL in a newline file, empty
    /// records, invalid UTF-8, absolute paths, duplicates, bad size lines.
    static let inputs: [(name: String, bytes: [UInt8])] = {
        let prefix = "/Users/ci/Library/Developer/CoreSimulator/Devices/D1/data/Containers/Data/Application/0A1B-C2"
        var many = ""
        for d in 0..<40 {
            for f in 0..<25 { many += "./Documents/d\(d)/file-\(f).bin\n" }
        }
        return [
            ("plain", Array(".\n./Documents\n./Documents/a b.txt\n./Library/\n./Library/Caches/c.db\n".utf8)),
            ("crlf and BOM", [0xEF, 0xBB, 0xBF] + Array("./a\r\n./b/c\r\n\r\n./d\r".utf8)),
            ("a BOM alone", [0xEF, 0xBB, 0xBF]),
            ("two bytes", Array("./".utf8)),
            ("no trailing newline", Array("./x/y\n./x/z".utf8)),
            ("print0", Array("./a\u{0}./b\nwith newline\u{0}./c/d\u{0}\u{0}./e".utf8)),
            ("a NUL late in a newline list", Array(many.utf8) + [0] + Array("./late\n".utf8)),
            ("invalid UTF-8", Array("./ok\n./bad-".utf8) + [0xFF, 0xFE] + Array("\n./Documents/\u{E9}\n".utf8)),
            ("absolute", Array("\(prefix)/Documents/v.sqlite\n\(prefix)/tmp/t\n/elsewhere/x\n./rel/../../out\n".utf8)),
            // The container found from all the paths, not the first `Library`: the list is read again.
            ("absolute under a home's Library", Array("/Users/ci/Library/C/c/Documents/a\n/Users/ci/Library/C/c/tmp/b\n/Users/ci/Library/C/c\n".utf8)),
            ("only the container", Array(".\n./\n".utf8)),
            ("a NUL after lines", Array("./Documents/a\n./tmp/b\n".utf8) + [0]),
            ("duplicates", Array("./a\n./a\n./d/\n./d/\n./d/f\n".utf8)),
            ("sizes", Array("0\t\n4096\tDocuments\n12\tDocuments/a b.txt\n300 ./Library/Caches/c.db\n-1\tx\n1.5\ty\nnot a size\n7\tabsent\n".utf8)),
            ("many", Array(many.utf8)),
            ("empty", []),
        ]
    }()

    /// Everything one list read gives, comparable.
    struct Outcome: Equatable, CustomStringConvertible {
        var inventory: Inventory?
        var duplicates: [Bool] = []
        var used: Set<String> = []
        var prefix: String?
        var warnings: [Diagnostic] = []
        var failure: Diagnostic?

        /// `firstBytes`: what the lists' scans see (`ListArtifact.scan`); the walk finds a NUL after it.
        init(_ bytes: [UInt8], chunkSize: Int, firstBytes: Int? = nil) {
            // The same bytes as the list and as each companion, as the fuzz target reads them.
            func list(_ file: String) -> ListArtifact {
                guard let firstBytes else { return .whole(ArtifactBytes(file: file, bytes: bytes), chunkSize: chunkSize) }
                let open: @Sendable () -> (any EvidenceStream)? = { MemoryEvidenceStream(bytes, chunkSize: chunkSize) }
                return try! ListArtifact.scan(file: file, stream: MemoryEvidenceStream(bytes, chunkSize: chunkSize), firstBytes: firstBytes, reopen: open)
            }
            var warnings: [Diagnostic] = []
            do {
                let read = try FileListInventoryReader.read(
                    files: list("container/files.txt"),
                    companion: { $0 == .sizes ? list("container/sizes.txt") : list("container/excluded.txt") }, xattr: { nil },
                    warnings: &warnings)
                var duplicates: [Bool] = []
                read.inventory.preorder { duplicates.append(read.inventory.isDuplicate($0)) }
                self.duplicates = duplicates
                inventory = read.inventory
                used = read.usedCompanions
                prefix = read.strippedPrefix
            } catch {
                failure = error
            }
            self.warnings = warnings
        }

        var description: String {
            "\(inventory.map { "\($0.count) nodes" } ?? "no inventory"), failure: \(failure.map { "\($0)" } ?? "none"), warnings: \(warnings)"
        }
    }

    @Test(arguments: chunkSizes)
    func recordsAreCutAsFromTheWholeBuffer(_ chunkSize: Int) {
        for input in Self.inputs {
            #expect(TextRecordStream.disagreement(input.bytes, chunkSize: chunkSize) == nil, "\(input.name), chunk \(chunkSize)")
        }
    }

    /// Read ahead on a thread (`ReadAhead`, what a list of 16 MB and more takes): the
    /// same records, numbers and offsets, with the chunks' bounds anywhere.
    @Test(arguments: [1, 2, 3, 7, 64, 4096])
    func recordsReadAheadAreCutAsFromTheWholeBuffer(_ aheadChunk: Int) {
        for input in Self.inputs {
            for chunkSize in [1, 5, Int.max] {
                #expect(
                    TextRecordStream.disagreement(input.bytes, chunkSize: chunkSize, readingAhead: aheadChunk) == nil,
                    "\(input.name), chunk \(chunkSize), read ahead \(aheadChunk)")
            }
        }
    }

    /// Random lists (CRs, NULs, BOMs, empty lines, a record as long as the maximum and
    /// longer) cut read ahead in random chunks.
    @Test func randomListsReadAheadAreCutAsFromTheWholeBuffer() {
        var rng = SplitMix64(seed: 4_122)
        let pieces: [[UInt8]] = [
            Array("./a\n".utf8), Array("./Library/Caches/x\r\n".utf8), [0x0A], [0x0D], [0], [0xEF, 0xBB, 0xBF], Array("b/c".utf8),
            Array("./é\n".utf8), [0xFF, 0x0A],
        ]
        let long = [UInt8](repeating: UInt8(ascii: "q"), count: TextRecordStream.maximumRecordLength)
        for round in 0..<120 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(rng.next() % 40) { bytes += pieces[Int(rng.next() % UInt64(pieces.count))] }
            if round % 10 == 0 { bytes += long + (round % 20 == 0 ? [0x71, 0x0A] : [0x0A]) + Array("./after\n".utf8) }
            // A record of the maximum is moved into every chunk it spans: large chunks for those.
            let long = round % 10 == 0
            let ahead = long ? 65_536 + Int(rng.next() % 70_000) : 1 + Int(rng.next() % 300)
            let reads = long ? 100_000 + Int(rng.next() % 9) : 1 + Int(rng.next() % 9)
            #expect(TextRecordStream.disagreement(bytes, chunkSize: reads, readingAhead: ahead) == nil, "round \(round)")
        }
    }

    /// A walk that stops at a NUL (the list is NUL-delimited after all) leaves the
    /// reading thread stopped: the records are then cut again, at the NULs.
    @Test func aNulFoundReadingAheadStopsTheWalkAndTheListIsCutAgain() {
        let bytes = Array("./a\n./b\n".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 300) + [0] + Array("./c".utf8) + [0]
        #expect(TextRecordStream.disagreement(bytes, chunkSize: 3, readingAhead: 16) == nil)
    }

    /// Bytes that stop coming part way, read ahead: the records before the failure are
    /// given, in order, and then the failure is thrown, as a walk on one thread does.
    @Test func aFailureReadAheadComesAfterTheRecordsBeforeIt() {
        let bytes = Array((0..<200).map { "./dir/file \($0)\n" }.joined().utf8)
        for failAfter in [0, 1, 30, 500, 1_000, bytes.count - 1] {
            for ahead in [Int?.none, 7, 256] {
                var records = TextRecordStream(isNulDelimited: false)
                records.readAheadChunk = ahead
                var seen: [Int] = []
                var thrown: EvidenceSourceError?
                do throws(EvidenceSourceError) {
                    try records.forEach(FailingListStream(bytes, failAfter: failAfter, file: "container/files.txt")) { _, number, _ in
                        seen.append(number)
                    }
                } catch {
                    thrown = error
                }
                let whole = bytes[..<failAfter].filter { $0 == 0x0A }.count
                #expect(thrown?.reason == "Input/output error", "fail after \(failAfter), ahead \(String(describing: ahead))")
                #expect(seen == Array(1...max(whole, 1)).prefix(whole).map { $0 }, "fail after \(failAfter), ahead \(String(describing: ahead))")
            }
        }
    }

    @Test(arguments: chunkSizes.dropLast())
    func everyCutGivesTheInventoryAndWarningsOfOneRead(_ chunkSize: Int) {
        for input in Self.inputs {
            let expected = Outcome(input.bytes, chunkSize: .max)
            #expect(Outcome(input.bytes, chunkSize: chunkSize) == expected, "\(input.name), chunk \(chunkSize)")
        }
    }

    /// A scan sees the first window only: a NUL after it is found by the walk, which
    /// stops, and the read starts again with the list NUL-delimited. What it gives, and
    /// the warnings, are a read's that knew from the start (one per list, whichever
    /// lists hold the NUL: here all three do).
    @Test(arguments: [1, 7, 4096])
    func aNulPastTheScannedWindowGivesTheReadOfOneThatKnew(_ chunkSize: Int) {
        for input in Self.inputs {
            let expected = Outcome(input.bytes, chunkSize: .max)
            for firstBytes in [1, 16, max(1, input.bytes.count / 2)] {
                #expect(
                    Outcome(input.bytes, chunkSize: chunkSize, firstBytes: firstBytes) == expected,
                    "\(input.name), chunk \(chunkSize), first \(firstBytes) bytes scanned")
            }
        }
    }

    /// The positions are the whole file's: a bad line far into a list of many windows'
    /// worth of records.
    @Test func aBadLineManyWindowsInKeepsItsLineAndOffset() throws {
        var text = ""
        for i in 0..<120_000 { text += "\(i)\tDocuments/a-longer-directory-name/f\(i)\n" }
        let offset = text.utf8.count
        text += "12\tDocuments/absent\n"
        let bytes = Array(text.utf8)
        #expect(bytes.count > TextRecordStream.windowSize)
        var files = ""
        for i in 0..<120_000 { files += "Documents/a-longer-directory-name/f\(i)\n" }
        for chunk in [4096, Int.max] {
            var w: [Diagnostic] = []
            let read = try FileListInventoryReader.read(
                files: .whole(ArtifactBytes(file: "container/files.txt", bytes: Array(files.utf8)), chunkSize: chunk),
                companion: { $0 == .sizes ? .whole(ArtifactBytes(file: "container/sizes.txt", bytes: bytes), chunkSize: chunk) : nil },
                xattr: { nil }, warnings: &w)
            #expect(w.count == 1, "\(w)")
            #expect(w.first?.position == SourcePosition(line: 120_001, column: 4, byteOffset: offset + 3))
            #expect(read.inventory.size(try #require(read.inventory.lookup("Documents/a-longer-directory-name/f119999"))) == 119_999)
        }
    }

    /// A line is warned of as not UTF-8 exactly when it is not, with the directory part
    /// of the last valid line not validated again: lines in the same directory one after
    /// another, directories and names valid or not, a sequence cut by a `/`.
    @Test func invalidUTF8IsWarnedOfLineByLine() throws {
        let directories: [[UInt8]] = [Array("ok".utf8), [0x64, 0xFF], Array("Résumé".utf8), [0xC3], [0xC3, 0xA9, 0x78], [0xA9]]
        let names: [[UInt8]] = [Array("n".utf8), [0xC3], [0xA9, 0x6E], Array("é".utf8), [0xF0, 0x9F], [0xE2, 0x82, 0xAC]]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        var bytes: [UInt8] = []
        var invalidLines: [Int] = []
        var directory = directories[0]
        for line in 1...90 {
            if next(3) == 0 { directory = directories[next(directories.count)] }
            let path = Array("./".utf8) + directory + [0x2F] + names[next(names.count)] + Array("-\(line)".utf8)
            if Array(String(decoding: path, as: UTF8.self).utf8) != path { invalidLines.append(line) }
            bytes += path + [0x0A]
        }
        #expect(!invalidLines.isEmpty && invalidLines.count < 90)
        let outcome = Outcome(bytes, chunkSize: 7)
        let warned = outcome.warnings.filter { $0.file == "container/files.txt" && $0.message.contains("not valid UTF-8") }
        #expect(warned.compactMap(\.position?.line) == invalidLines)
    }

    /// A line longer than the maximum (a sparse file, a binary) is skipped as it streams
    /// past, with a warning at its start; the lines around it are read.
    @Test func anOverlongLineIsSkippedWithItsPosition() throws {
        let long = [UInt8](repeating: UInt8(ascii: "a"), count: TextRecordStream.maximumRecordLength + 10)
        let bytes = Array("./first\n".utf8) + long + Array("\n./after\n".utf8)
        for chunk in [7, 4096, Int.max] {
            #expect(TextRecordStream.disagreement(bytes, chunkSize: chunk) == nil, "chunk \(chunk)")
            let outcome = Outcome(bytes, chunkSize: chunk)
            let inventory = try #require(outcome.inventory)
            #expect(inventory.lookup("first") != nil && inventory.lookup("after") != nil)
            let skipped = outcome.warnings.filter { $0.file == "container/files.txt" && $0.message.contains("longer than 1 MiB") }
            #expect(skipped.map(\.position) == [SourcePosition(line: 2, column: 1, byteOffset: 8)], "chunk \(chunk)")
        }
        // Without a newline after it, at the end of the file.
        #expect(TextRecordStream.disagreement(Array("./first\n".utf8) + long, chunkSize: 4096) == nil)
    }

    /// A list whose bytes stop coming in the window its scan reads is recorded
    /// unreadable, as when the whole file could not be read, before anything is built.
    @Test func aListCutShortIsUnreadableAsAWholeReadWas() {
        let files = Array("./a\n./b\n./c\n".utf8)
        for file in ["container/files.txt", "container/sizes.txt", "container/excluded.txt"] {
            var run: [String: [UInt8]] = [
                "container/files.txt": files, "container/sizes.txt": Array("1\ta\n".utf8), "container/excluded.txt": Array("./b\n".utf8),
            ]
            run[file] = Array(repeating: UInt8(ascii: "x"), count: 64)
            let streamed = BundleLoader.load(runID: "r", from: FailingListSource(files: run, failing: file, streamFailsAfter: 5))
            let whole = BundleLoader.load(runID: "r", from: FailingListSource(files: run, failing: file, streamFailsAfter: 0))
            #expect(streamed.status(of: file) == .unreadable("Input/output error"), "\(file)")
            #expect(streamed.status(of: file) == whole.status(of: file))
            #expect(streamed.diagnostics == whole.diagnostics, "\(file)")
            #expect(streamed.inventory == whole.inventory, "\(file)")
        }
    }
}

extension FileListStreamingTests {
    /// Past the scanned window, the walk meets the failure: files.txt is recorded
    /// unreadable and gives no inventory (a partial tree would claim files absent that
    /// were only unread); a companion is recorded unreadable and left unused.
    @Test func aListCutShortPastTheScannedWindowIsUnreadable() throws {
        var text = ""
        var i = 0
        while text.utf8.count <= TextRecordStream.windowSize + 4096 {
            text += "./Documents/d\(i % 97)/file-\(i).bin\n"
            i += 1
        }
        let files = Array(text.utf8)
        let failAfter = TextRecordStream.windowSize + 1000
        let run: [String: [UInt8]] = ["container/files.txt": files, "container/sizes.txt": Array("1\tDocuments/d0/file-0.bin\n".utf8)]
        let broken = BundleLoader.load(runID: "r", from: FailingListSource(files: run, failing: "container/files.txt", streamFailsAfter: failAfter))
        #expect(broken.status(of: "container/files.txt") == .unreadable("Input/output error"))
        #expect(broken.inventory == nil)
        #expect(broken.diagnostics.contains { $0.file == "container/files.txt" && $0.severity == .error && $0.message.contains("Input/output error") })

        var sizes = ""
        for k in 0..<i { sizes += "\(k)\tDocuments/d\(k % 97)/file-\(k).bin\n" }
        let companion: [String: [UInt8]] = ["container/files.txt": files, "container/sizes.txt": Array(sizes.utf8)]
        let cut = BundleLoader.load(runID: "r", from: FailingListSource(files: companion, failing: "container/sizes.txt", streamFailsAfter: failAfter))
        #expect(cut.status(of: "container/sizes.txt") == .unreadable("Input/output error"))
        let inventory = try #require(cut.inventory)
        #expect(inventory.lookup("Documents/d5/file-5.bin") != nil)
    }
}

/// A bundle in memory whose one file fails with EIO: as a whole read, and as a stream
/// after `streamFailsAfter` bytes (0: at the first read).
private struct FailingListSource: EvidenceSource {
    let files: [String: [UInt8]]
    let failing: String
    let streamFailsAfter: Int

    func read(_ relativePath: String) throws(EvidenceSourceError) -> [UInt8]? {
        if relativePath == failing { throw EvidenceSourceError(file: relativePath, reason: "Input/output error") }
        return files[relativePath]
    }

    func exists(_ relativePath: String) -> Bool { files[relativePath] != nil }

    func stream(_ relativePath: String) throws(EvidenceSourceError) -> (any EvidenceStream)? {
        guard let bytes = files[relativePath] else { return nil }
        if relativePath == failing {
            guard streamFailsAfter > 0 else { throw EvidenceSourceError(file: relativePath, reason: "Input/output error") }
            return FailingListStream(bytes, failAfter: streamFailsAfter, file: relativePath)
        }
        return MemoryEvidenceStream(bytes)
    }

    func list(_ relativeDirectory: String) -> [String] { MemoryEvidenceSource(files).list(relativeDirectory) }
}

private final class FailingListStream: EvidenceStream {
    private let inner: MemoryEvidenceStream
    private var left: Int
    private let file: String

    init(_ bytes: [UInt8], failAfter: Int, file: String) {
        inner = MemoryEvidenceStream(bytes)
        left = failAfter
        self.file = file
    }

    var sizeHint: Int? { nil }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(EvidenceSourceError) -> Int {
        guard left > 0 else { throw EvidenceSourceError(file: file, reason: "Input/output error") }
        let n = try inner.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<min(buffer.count, left)]))
        left -= n
        return n
    }
}
