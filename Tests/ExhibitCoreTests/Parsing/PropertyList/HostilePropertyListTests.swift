import Foundation
import Testing

@testable import ExhibitCore
@testable import ExhibitSynthetic

/// Property lists built to cost more than their size, or to be garbage that a lenient
/// reader would accept (issue 15, item 5 and "messages that mislead").
@Suite struct HostilePropertyListTests {
    static let file = "container/preferences/com.example.vault.plist"

    func decode(_ bytes: [UInt8], limits: PropertyListLimits = .standard) throws(Diagnostic) -> PropertyListValue {
        try PropertyListReader.decode(bytes, file: Self.file, limits: limits).value
    }

    func refusal(_ bytes: [UInt8], limits: PropertyListLimits = .standard) -> Diagnostic? {
        do {
            _ = try decode(bytes, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    /// 10^9 values in a few hundred bytes: refused at the value limit, with the offset
    /// of the object that crossed it, long before the expansion costs anything.
    @Test func sharedChildrenAreRefusedAtTheValueLimit() throws {
        let bytes = BinaryPlistBuilder.sharedChildren(levels: 9, width: 10)
        #expect(bytes.count < 400)
        let error = try #require(refusal(bytes))
        #expect(error.file == Self.file)
        #expect(error.message.contains("the property-list value limit"), "\(error)")
        let position = try #require(error.position)
        #expect(position.byteOffset >= 8 && position.byteOffset < bytes.count)
        #expect(error.description.contains("(byte \(position.byteOffset))"))
    }

    /// The cost of refusing does not grow with the expansion: a file expanding to 10^6
    /// values and one expanding to 10^12 cost about the same (the ratio would be 10^6
    /// without the bound).
    @Test func theCostOfASharedTreeIsBoundedNotExponential() {
        func cost(levels: Int) -> Duration {
            let bytes = BinaryPlistBuilder.sharedChildren(levels: levels, width: 10)
            let clock = ContinuousClock()
            let start = clock.now
            #expect(refusal(bytes) != nil)
            return clock.now - start
        }
        _ = cost(levels: 6)
        let small = cost(levels: 6)
        let large = cost(levels: 12)
        #expect(large < small * 20 + .milliseconds(200), "10^6: \(small), 10^12: \(large)")
    }

    @Test func aSharedLongStringIsRefusedAtTheSizeLimit() throws {
        var b = BinaryPlistBuilder()
        let text = b.ascii(String(repeating: "x", count: 10_000))
        var below = b.array(Array(repeating: text, count: 20))
        below = b.array(Array(repeating: below, count: 20))
        let bytes = b.build(top: below)
        let tight = PropertyListLimits(maximumExpandedBytes: 1 << 20)
        let error = try #require(refusal(bytes, limits: tight))
        #expect(error.message.contains("the property-list size limit"), "\(error)")
        // 400 copies of 10 kB fit the standard limit: the bound is the limit, not the shape.
        #expect(try decode(bytes).array?.count == 20)
    }

    @Test func anArrayInsideItselfIsACycleNotARecursion() throws {
        var b = BinaryPlistBuilder()
        _ = b.array([0])
        let error = try #require(refusal(b.build(top: 0)))
        #expect(error.message.contains("inside itself"), "\(error)")
        #expect(error.position?.byteOffset == 9)
    }

    @Test func deepNestingIsRefusedInBothFormats() throws {
        var b = BinaryPlistBuilder()
        var below = b.boolean(false)
        for _ in 0..<(PropertyListLimits.standard.maximumDepth + 5) { below = b.array([below]) }
        #expect(try #require(refusal(b.build(top: below))).message.contains("nesting no deeper than"))
        let depth = 10_000
        let xml =
            "<?xml version=\"1.0\"?><plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
            + "</plist>"
        let error = try #require(refusal(Array(xml.utf8)))
        #expect(error.position?.line == 1 && (error.position?.column ?? 0) > 1)
    }

    /// Every malformed binary plist read "Unexpected character b at line 1"; now each
    /// names the byte offset and what was expected there.
    @Test func malformedBinaryPlistsNameTheOffsetAndWhatWasExpected() throws {
        var good = BinaryPlistBuilder()
        let key = good.ascii("syncMode")
        let value = good.utf16("wifi ✓")
        let top = good.dictionary(keys: [key], values: [value])
        let valid = good.build(top: top)
        #expect(try decode(valid)["syncMode"] == .string("wifi ✓"))

        var badReference = BinaryPlistBuilder()
        _ = badReference.array([7])
        var badMarker = BinaryPlistBuilder()
        _ = badMarker.add([0x70, 0x41])
        var numberKey = BinaryPlistBuilder()
        let n = numberKey.integer(1)
        _ = numberKey.dictionary(keys: [n], values: [n])
        let cases: [(String, [UInt8], String)] = [
            ("header only", Array("bplist00".utf8), "trailer"),
            ("truncated", Array(valid.prefix(valid.count - 5)), "expected"),
            (
                "offset table past the trailer", Array(valid.prefix(valid.count - 8)) + BinaryPlistBuilder.bigEndian(1 << 40, width: 8),
                "offset table"
            ),
            ("top object beyond the count", badReference.build(top: 3), "top object"),
            ("reference beyond the objects", badReference.build(top: 0), "reference to one of the 1 objects"),
            ("unknown marker", badMarker.build(top: 0), "object marker"),
            ("number as a key", numberKey.build(top: 1), "string as key"),
        ]
        for (name, bytes, expected) in cases {
            let error = try #require(refusal(bytes), "\(name) decoded")
            #expect(error.message.contains(expected), "\(name): \(error)")
            #expect(error.message.contains("expected"), "\(name): \(error)")
            #expect(!error.message.contains("Unexpected character"), "\(name): \(error)")
            #expect(error.position != nil, "\(name)")
        }
    }

    /// `bplist00` followed by random bytes never decodes (one such file was listed as
    /// "loaded"), and its diagnostic always has an offset inside the file.
    @Test func garbageAfterTheHeaderIsNeverLoaded() throws {
        var rng = SplitMix64(seed: 15)
        for length in [0, 1, 7, 31, 32, 33, 40, 64, 142, 330, 1000] {
            for _ in 0..<20 {
                let bytes = Array("bplist00".utf8) + (0..<length).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                if let error = refusal(bytes) {
                    let offset = try #require(error.position?.byteOffset)
                    #expect(offset <= bytes.count)
                    #expect(error.message.contains("expected"))
                } else {
                    // Random bytes can form a valid plist only by spelling a valid trailer.
                    Issue.record("\(length) random bytes decoded: \(bytes)")
                }
            }
        }
    }

    @Test func aBundleListsAMalformedBinaryPreferenceAsMalformed() throws {
        let sample = SampleRun("run-2026-11-07-preferences")
        let bytes = BinaryPlistBuilder.sharedChildren(levels: 9, width: 10)
        var files = sample.files
        files[Self.file] = bytes
        files[EvidenceLayout.appInfoPlist] = Array("bplist00".utf8) + Array(repeating: 0x62, count: 40)
        let bundle = BundleLoader.load(runID: sample.name, from: MemoryEvidenceSource(files))
        for file in [Self.file, EvidenceLayout.appInfoPlist] {
            let status = try #require(bundle.files.first { $0.file == file })
            guard case .malformed(let d) = status.state else {
                Issue.record("\(file) is \(status.state)")
                continue
            }
            #expect(d.position != nil)
        }
        // The rest of the bundle still loads.
        #expect(bundle.inventory != nil)
    }

    /// What Foundation writes, the package reads back the same: every type, counts
    /// beyond 15 (the extended count), UTF-16 text, 128-bit unsigned integers.
    @Test func foundationWrittenBinaryRoundTrips() throws {
        let object: [String: Any] = [
            "ascii": "wifi", "unicode": "日本語 ✓", "negative": -42, "big": UInt64.max, "small": 7, "ratio": 0.25,
            "when": Date(timeIntervalSince1970: 1_793_697_125), "blob": Data([0, 1, 2, 255]), "yes": true, "no": false,
            "many": (0..<40).map { "item \($0)" }, "nested": ["a": ["b": [1, 2, 3]]], "empty": [String](),
        ]
        let binary = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        let xml = try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
        let fromBinary = try decode([UInt8](binary))
        let fromXML = try decode([UInt8](xml))
        #expect(fromBinary == fromXML)
        #expect(fromBinary["unicode"] == .string("日本語 ✓"))
        #expect(fromBinary["big"] == .unsignedInteger(.max))
        #expect(fromBinary["negative"] == .integer(-42))
        #expect(fromBinary["many"]?.array?.count == 40)
        #expect(fromBinary["when"]?.scalarText == "2026-11-03T09:12:05Z")
        #expect(fromBinary["blob"] == .data([0, 1, 2, 255]))
    }
}
