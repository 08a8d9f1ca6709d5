import Testing

@testable import ExhibitCore

/// The first bytes of an object without decoding it whole: what the Xcode version
/// needs from a session log of many megabytes.
@Suite struct ZstdPrefixTests {
    static let log = Array("Xcode version: 26.1.1 (17B100)\n".utf8) + (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }

    @Test func aPrefixOfAWholeOrCutFrame() {
        let frame = TestZstd.compress(Self.log)
        #expect(ZstdFrameDecoder.prefix(frame, count: 31) == Array(Self.log.prefix(31)))
        #expect(ZstdFrameDecoder.prefix(Array(frame.prefix(4096)), count: 100) == Array(Self.log.prefix(100)))
        #expect(ZstdFrameDecoder.prefix(Array("not zstd".utf8), count: 10).isEmpty)
    }

    @Test func theStoreReadsOnlyTheStartOfALargeObject() throws {
        var writer = XCResultWriter(bundlePath: "")
        let id = writer.add(Self.log)
        let raw = writer.add(Self.log, compressed: false)
        let store = XCResultStore(source: writer.source, bundlePath: "")
        #expect(store.contentPrefix(id, count: 31) == Array("Xcode version: 26.1.1 (17B100)\n".utf8))
        #expect(store.decodedTotal == 0)
        #expect(store.contentPrefix(raw, count: 5) == Array("Xcode".utf8))
    }
}
