import Testing

@testable import ExhibitCore
@testable import ExhibitSynthetic

/// `UTF8Validity.isWellFormed` against the standard library's decoder: well formed
/// exactly when `String(decoding:as:)` keeps the bytes unchanged. Random byte strings
/// of every length up to 40, built from ASCII runs, valid sequences of two to four bytes,
/// and the ill-formed ones (overlong, surrogate, above U+10FFFF, truncated, a stray
/// continuation), each at every offset of the eight-byte words the check reads.
@Suite struct UTF8ValidityTests {
    private static let pieces: [[UInt8]] = [
        Array("a".utf8), Array("abcdefgh".utf8), Array("é".utf8), Array("ß".utf8), Array("日".utf8), Array("😀".utf8),
        [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], [0xC3], [0xE6, 0x97],
        [0xF0, 0x9F, 0x98], [0x80], [0xBF], [0xFF], [0xF5, 0x80, 0x80, 0x80], [0xEF, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF],
    ]

    private static func reference(_ bytes: [UInt8]) -> Bool { Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes }

    @Test func randomStringsAnswerAsTheDecoder() {
        var random = SplitMix64(seed: 2026)
        var invalid = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            let target = Int(random.next() % 41)
            while bytes.count < target {
                // Mostly ASCII, as names are.
                let piece = random.next() % 3 == 0 ? Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] : Self.pieces[Int(random.next() % 2)]
                bytes += piece
            }
            let expected = Self.reference(bytes)
            if !expected { invalid += 1 }
            #expect(bytes.withUnsafeBufferPointer { UTF8Validity.isWellFormed($0) } == expected, "\(bytes)")
        }
        #expect(invalid > 2_000 && invalid < 18_000)
    }

    /// One ill-formed or multi-byte sequence at every position of an ASCII string of
    /// every length up to 24: the words before it, in it and after it, and the last
    /// word read overlapping the ones before.
    @Test func oneSequenceAtEveryOffset() {
        for piece in Self.pieces.dropFirst(2) {
            for length in 0...24 {
                for at in 0...length {
                    var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: length)
                    bytes.insert(contentsOf: piece, at: at)
                    #expect(bytes.withUnsafeBufferPointer { UTF8Validity.isWellFormed($0) } == Self.reference(bytes), "\(bytes)")
                }
            }
        }
    }

    /// `firstIllFormed` names the sequence the decoder replaces first: the bytes before it
    /// decode unchanged, and decoding through its end gives exactly one U+FFFD more.
    @Test func theFirstIllFormedSequenceIsTheDecodersFirstReplacement() {
        for piece in Self.pieces.dropFirst(2) {
            for at in 0...9 {
                var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 9)
                bytes.insert(contentsOf: piece, at: at)
                bytes += piece
                let found = UTF8Validity.firstIllFormed(bytes)
                #expect((found == nil) == Self.reference(bytes), "\(bytes)")
                guard let found else { continue }
                #expect(found.offset == at, "\(bytes)")
                #expect(Self.reference(Array(bytes[..<found.offset])))
                let through = String(decoding: bytes[..<(found.offset + found.bytes.count)], as: UTF8.self)
                #expect(through.unicodeScalars.last == "\u{FFFD}" && through.unicodeScalars.filter { $0 == "\u{FFFD}" }.count == 1, "\(bytes)")
            }
        }
    }
}
