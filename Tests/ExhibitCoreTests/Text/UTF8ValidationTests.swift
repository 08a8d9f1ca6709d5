import Testing

@testable import ExhibitCore

/// `UTF8Validation.isValid` checks ASCII eight bytes at a time (issue 19): it must agree
/// with the standard library's validation on any bytes, at any offset of any slice.
@Suite struct UTF8ValidationTests {
    /// Runs of ASCII of every length beside valid sequences of each width, truncated
    /// sequences, overlongs, surrogates, values past U+10FFFF and stray continuations.
    static func randomBytes(_ random: inout SplitMix64, count: Int) -> [UInt8] {
        let pieces: [[UInt8]] = [
            [0x61], Array("abcdefgh".utf8), Array("Résumé".utf8), Array("日本語".utf8), [0xF0, 0x9F, 0x98, 0x80],
            [0xC3], [0xE6, 0x97], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xFF], [0x7F],
        ]
        var out: [UInt8] = []
        while out.count < count {
            let piece = pieces[Int(random.next() % UInt64(pieces.count))]
            // Mostly valid pieces, so that the invalid ones land at every position.
            if piece.count > 1 || piece[0] < 0x80 || random.next() % 8 == 0 { out += piece }
            if random.next() % 3 == 0 { out += [UInt8](repeating: 0x2F, count: Int(random.next() % 17)) }
        }
        return out
    }

    @Test func agreesWithTheStandardLibraryOnRandomBytes() {
        var random = SplitMix64(seed: 19)
        var invalid = 0
        for _ in 0..<2000 {
            let bytes = Self.randomBytes(&random, count: Int(random.next() % 60))
            let from = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count))
            let slice = bytes[from...]
            let expected = String(validating: slice, as: UTF8.self) != nil
            if !expected { invalid += 1 }
            #expect(UTF8Validation.isValid(slice) == expected, "\(Array(slice))")
        }
        // Both outcomes were exercised.
        #expect(invalid > 100 && invalid < 1900)
    }

    @Test func anInvalidByteAfterALongASCIIRunIsFound() {
        for run in 0..<40 {
            for bad in [[0x80], [0xC3], [0xFF], [0xE6, 0x97]] as [[UInt8]] {
                let bytes = [UInt8](repeating: 0x61, count: run) + bad + [UInt8](repeating: 0x62, count: run % 9)
                #expect(!UTF8Validation.isValid(bytes[...]), "run \(run), \(bad)")
                #expect(UTF8Validation.isValid([UInt8](repeating: 0x61, count: run)[...]))
            }
        }
    }
}
