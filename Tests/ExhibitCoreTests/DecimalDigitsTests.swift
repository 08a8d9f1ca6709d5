import Testing

@testable import ExhibitCore

/// The digit writer shared by the check report and the ncdu writer, against `String(n)`.
@Suite struct DecimalDigitsTests {
    static let values: [UInt64] = {
        var v: [UInt64] = [0, 1, 9, 10, 11, 99, 100, 12_345, UInt64(Int.max), UInt64(Int.max) + 1, .max, .max - 1]
        var p: UInt64 = 1
        for _ in 0..<19 {
            p *= 10
            v += [p - 1, p, p + 1]
        }
        return v
    }()

    @Test func writesWhatStringGives() {
        for n in Self.values {
            var bytes = [UInt8](repeating: 0, count: DecimalDigits.count(n))
            bytes.withUnsafeMutableBufferPointer { DecimalDigits.write(n, endingBefore: $0.baseAddress! + $0.count) }
            #expect(String(decoding: bytes, as: UTF8.self) == String(n))
            var out: [UInt8] = [0x78]
            NcduWriter.appendDecimal(n, to: &out)
            #expect(out == [0x78] + Array(String(n).utf8))
        }
    }
}
