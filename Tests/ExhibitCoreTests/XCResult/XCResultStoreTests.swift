import Foundation
import Testing

@testable import ExhibitCore

/// A source that remembers every path asked of it, to show what an id became.
/// A source that remembers what was read. The loader reads from two threads at once
/// (steps.tsv is read ahead while the rest loads), so the record is kept under a lock,
/// as any source must be safe to call concurrently.
final class RecordingSource: EvidenceSource, @unchecked Sendable {
    let inner: MemoryEvidenceSource
    private let lock = NSLock()
    private var reads: [String] = []

    init(_ files: [String: [UInt8]]) { inner = MemoryEvidenceSource(files) }

    var requested: [String] { lock.withLock { reads } }

    func read(_ relativePath: String) throws(EvidenceSourceError) -> [UInt8]? {
        lock.withLock { reads.append(relativePath) }
        return try inner.read(relativePath)
    }

    func list(_ relativeDirectory: String) -> [String] { inner.list(relativeDirectory) }
}

@Suite struct XCResultObjectIDTests {
    static let valid = "0~khhiUbp3n1dvLUj8pFJp0621-GIV-F2tlQt9bz8sRo1enVF-0pXf7gIyHZ57QpNGeJrBFyTcbwLQrhdnA3WKZQ=="

    @Test func acceptsTheRealShape() throws {
        let id = try #require(XCResultObjectID(Self.valid))
        #expect(id.dataPath == "Data/data.\(Self.valid)")
        #expect(id.digest.count == 64)
        #expect(XCResultObjectID(digest: id.digest) == id)
    }

    @Test(arguments: [
        "", "0~", String(valid.dropLast()), valid + "=", "1" + valid.dropFirst(), String(valid.dropLast(2)) + "AA",
        "0~../../../../etc/passwd" + String(repeating: "A", count: 62) + "==",
        "0~" + String(repeating: "/", count: 86) + "==", "0~" + String(repeating: "+", count: 86) + "==",
        "0~" + String(repeating: "A", count: 85) + ".==", "0~" + String(repeating: "é", count: 43) + "==",
    ])
    func rejectsAnythingElse(_ text: String) {
        #expect(XCResultObjectID(text) == nil)
    }

    @Test func idIsTheHashOfChildrenThenStoredBytes() {
        let child = XCResultObjectID(digest: BLAKE2b.hash(Array("child".utf8)))
        let bytes = Array("[]".utf8)
        var hasher = BLAKE2b()
        hasher.update([0x00] + child.digest + bytes)
        #expect(XCResultObjectID.computed(children: [child], storedBytes: bytes) == XCResultObjectID(digest: hasher.finalize()))
        #expect(XCResultObjectID.computed(children: [], storedBytes: bytes) == XCResultObjectID(digest: BLAKE2b.hash(bytes)))
    }

    /// The two shared bundles: every object's name is the hash of its refs and bytes.
    @Test(.enabled(if: RealEvidence.isPresent, RealEvidence.absent), arguments: RealXCResult.names)
    func everyRealObjectHashesToItsName(_ name: String) throws {
        let bundle = try RealXCResult.load(name)
        let ids = bundle.files.keys.filter { $0.hasPrefix("Data/data.") }.map { String($0.dropFirst("Data/data.".count)) }
        #expect(ids.count > 50)
        for text in ids {
            let id = try #require(XCResultObjectID(text), "\(text) is not a valid id")
            let children = try RefsFile.parse(try #require(bundle.files[id.refsPath], "no refs file for \(text)"))
            #expect(XCResultObjectID.computed(children: children, storedBytes: bundle.files[id.dataPath]!) == id, "\(text)")
        }
    }
}

@Suite struct RefsFileTests {
    func ids(_ n: Int) -> [XCResultObjectID] {
        (0..<n).map { XCResultObjectID(digest: BLAKE2b.hash(Array("object \($0)".utf8))) }
    }

    @Test func emptyRefsFileIsTheSingleByteZero() throws {
        #expect(RefsFile.encode([]) == [0x00])
        #expect(try RefsFile.parse([0x00]).isEmpty)
    }

    /// Short form up to 127 children, `0x81 nn` from 128 (real bundles: 137–249),
    /// `0x82 nn nn` beyond 255.
    @Test(arguments: [1, 118, 127, 128, 137, 249, 255, 256, 1000])
    func countsRoundTripInShortAndLongForm(_ n: Int) throws {
        let children = ids(n)
        let bytes = RefsFile.encode(children)
        #expect(bytes.first == (n < 0x80 ? UInt8(n) : n < 0x100 ? 0x81 : 0x82))
        #expect(bytes.count == (n < 0x80 ? 1 : n < 0x100 ? 2 : 3) + 66 * n)
        #expect(try RefsFile.parse(bytes) == children)
    }

    @Test func truncatedOrPaddedFilesAreRejectedWithAnOffset() {
        let bytes = RefsFile.encode(ids(3))
        for cut in [0, 1, 2, 66, 67, bytes.count - 1] {
            #expect(throws: RefsFile.Failure.self, "cut at \(cut)") { try RefsFile.parse(Array(bytes.prefix(cut))) }
        }
        #expect(throws: RefsFile.Failure.self) { try RefsFile.parse(bytes + [0]) }
        var badMarker = bytes
        badMarker[1] = 0x40
        #expect(throws: RefsFile.Failure(offset: 1, message: "expected the entry length 0x41 of entry 1, found 0x40")) {
            try RefsFile.parse(badMarker)
        }
        var badKind = bytes
        badKind[2 + 66] = 0x01
        #expect(throws: RefsFile.Failure.self) { try RefsFile.parse(badKind) }
        // Indefinite length and lengths of 4+ bytes are not DER counts.
        #expect(throws: RefsFile.Failure.self) { try RefsFile.parse([0x80]) }
        #expect(throws: RefsFile.Failure.self) { try RefsFile.parse([0x84, 0, 0, 0, 1]) }
        // A long-form count that claims more entries than the file holds.
        #expect(throws: RefsFile.Failure.self) { try RefsFile.parse([0x82, 0xFF, 0xFF]) }
    }
}

@Suite struct ZstdFrameDecoderTests {
    @Test func decodesFramesWithoutAContentSize() throws {
        let text = Array(String(repeating: "Test Case '-[VaultTests testCache]' passed. ", count: 500).utf8)
        let frame = TestZstd.compress(text)
        #expect(ZstdFrameDecoder.isCompressed(frame))
        #expect(frame.count < text.count / 10)
        #expect(try ZstdFrameDecoder.decompress(frame, limit: 1 << 20) == text)
        // Two frames back to back decode to both contents.
        #expect(try ZstdFrameDecoder.decompress(frame + TestZstd.compress([1, 2, 3]), limit: 1 << 20) == text + [1, 2, 3])
    }

    @Test func aTruncatedFrameSaysSo() {
        let frame = TestZstd.compress((0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 31 >> 3) })
        for cut in [5, frame.count / 2, frame.count - 1] {
            #expect(
                performing: { try ZstdFrameDecoder.decompress(Array(frame.prefix(cut)), limit: 1 << 20) },
                throws: { if case ZstdFrameDecoder.Failure.truncated = $0 { true } else { false } })
        }
    }

    /// Content that fills the decoder's output chunk exactly (4 KiB for a small frame,
    /// 128 KiB for a large one) ends where a chunk ends: it was called truncated, since
    /// the decoder asked libzstd once more and took the next frame's header hint for a
    /// frame left open (found 2026-12-04 by `XCResultVerifierBudgetTests`).
    @Test(arguments: [1, 4095, 4096, 8192, 204_799, 204_800, 204_801, 131_072, 262_144])
    func contentOfAnySizeDecodesWhole(_ size: Int) throws {
        for content in [[UInt8](repeating: 0, count: size), (0..<size).map { UInt8(truncatingIfNeeded: $0 / 512) }] {
            let frame = TestZstd.compress(content)
            #expect(try ZstdFrameDecoder.decompress(frame, limit: 1 << 20) == content)
            #expect(try ZstdFrameDecoder.decompress(frame + frame, limit: 1 << 20) == content + content)
            #expect(throws: ZstdFrameDecoder.Failure.self) { try ZstdFrameDecoder.decompress(Array(frame.dropLast(3)), limit: 1 << 20) }
        }
    }

    /// 64 MiB of zeros in a few kilobytes: refused at the limit, not decoded whole.
    @Test func aZipBombStopsAtTheLimit() {
        let bomb = TestZstd.compress([UInt8](repeating: 0, count: 64 << 20), level: 19)
        #expect(bomb.count < 64 << 10)
        #expect(throws: ZstdFrameDecoder.Failure.tooLarge(limit: 1 << 20)) {
            try ZstdFrameDecoder.decompress(bomb, limit: 1 << 20)
        }
    }

    /// A frame header, then a block of the reserved type 3.
    @Test func garbageAfterTheMagicIsCorrupt() {
        #expect(
            performing: { try ZstdFrameDecoder.decompress(ZstdFrameDecoder.magic + [0x00, 0x00, 0x07, 0x00, 0x00], limit: 1 << 20) },
            throws: { if case ZstdFrameDecoder.Failure.corrupt = $0 { true } else { false } })
    }
}

@Suite struct XCResultStoreTests {
    @Test func rawAndCompressedObjectsReadTheSame() throws {
        var writer = XCResultWriter()
        let content = Array(String(repeating: "Xcode version: 26.1.1 (17B100)\n", count: 40).utf8)
        let raw = writer.add(content, compressed: false)
        let packed = writer.add(content, compressed: true)
        #expect(raw != packed)
        var store = XCResultStore(source: writer.source, bundlePath: writer.bundlePath)
        #expect(try store.object(raw) == content)
        #expect(try store.object(packed) == content)
        #expect(store.decodedTotal == 2 * content.count)
    }

    @Test func anInvalidIdNeverBecomesAPath() throws {
        let source = RecordingSource([:])
        let store = XCResultStore(source: source, bundlePath: "results/Run.xcresult")
        let hostile = "0~/../../../../../etc/passwd"
        #expect(throws: XCResultObjectError.self) { try store.id(hostile, namedBy: "rootId.hash") }
        #expect(source.requested.isEmpty)
    }

    @Test func aMissingObjectIsNamedAsPruned() throws {
        let id = XCResultObjectID(digest: BLAKE2b.hash([1]))
        var store = XCResultStore(source: MemoryEvidenceSource([:]), bundlePath: "results/Run.xcresult")
        do {
            _ = try store.object(id)
            Issue.record("expected an error")
        } catch {
            #expect(error.problem == .missing)
            #expect(error.description == "results/Run.xcresult/Data/data.\(id.text): object missing (pruned from the artifact?)")
        }
    }

    @Test func limitsPerObjectAndPerBundleNameTheObject() throws {
        var writer = XCResultWriter()
        let big = writer.add([UInt8](repeating: 7, count: 300_000))
        let small = writer.add([UInt8](repeating: 8, count: 60_000))
        var store = XCResultStore(
            source: writer.source, bundlePath: writer.bundlePath,
            limits: XCResultLimits(perObject: 200_000, perBundle: 250_000))
        #expect(throws: XCResultObjectError(id: big, file: "results/Run.xcresult/\(big.dataPath)", problem: .objectLimit(200_000))) {
            try store.object(big)
        }
        for _ in 0..<4 { #expect(try store.object(small).count == 60_000) }
        // The fifth read of the same object passes the bundle's budget.
        #expect(throws: XCResultObjectError(id: small, file: "results/Run.xcresult/\(small.dataPath)", problem: .bundleLimit(250_000))) {
            try store.object(small)
        }
        #expect(store.decodedTotal == 240_000)
    }

    @Test func aTruncatedFrameIsReportedWithItsId() throws {
        var writer = XCResultWriter()
        let id = writer.add((0..<20_000).map { UInt8(truncatingIfNeeded: $0 * 7 / 3) })
        let path = writer.path(id.dataPath)
        writer.files[path] = Array(writer.files[path]!.dropLast(10))
        var store = XCResultStore(source: writer.source, bundlePath: writer.bundlePath)
        do {
            _ = try store.object(id)
            Issue.record("expected an error")
        } catch {
            guard case .truncatedFrame = error.problem else {
                Issue.record("\(error)")
                return
            }
            #expect(error.description.hasPrefix(path + ": truncated zstd frame"))
        }
    }
}
