import Testing

@testable import ExhibitCore
@testable import ExhibitSynthetic

/// `ComponentPattern.matches` rejects names whose first and last bytes are not the
/// pattern's literal ends before running the `*` matcher; checked against a plain
/// recursive matcher over random patterns of literals, `*` and `?` (ASCII and UTF-8).
@Suite struct ComponentPatternDifferentialTests {
    /// Reference: `*` any run of scalars, `?` one scalar, anything else one byte.
    static func reference(_ p: [UInt8], _ n: [UInt8], caseSensitive: Bool) -> Bool {
        func fold(_ b: UInt8) -> UInt8 { caseSensitive || !(0x41...0x5A).contains(b) ? b : b | 0x20 }
        func scalarEnd(_ i: Int) -> Int {
            var j = i + 1
            while j < n.count, n[j] & 0xC0 == 0x80 { j += 1 }
            return j
        }
        func go(_ i: Int, _ j: Int) -> Bool {
            if i == p.count { return j == n.count }
            switch p[i] {
            case UInt8(ascii: "*"):
                if go(i + 1, j) { return true }
                return j < n.count && go(i, scalarEnd(j))
            case UInt8(ascii: "?"):
                return j < n.count && go(i + 1, scalarEnd(j))
            default:
                return j < n.count && fold(n[j]) == fold(p[i]) && go(i + 1, j + 1)
            }
        }
        return go(0, 0)
    }

    @Test func agreesWithAReferenceMatcher() throws {
        let alphabet: [[UInt8]] = ["a", "B", ".", "é", "x", "*", "?"].map { Array($0.utf8) }
        var rng = SplitMix64(seed: 9)
        for _ in 0..<4_000 {
            var pattern: [UInt8] = []
            for _ in 0..<(Int(rng.next() % 6)) { pattern += alphabet[Int(rng.next() % UInt64(alphabet.count))] }
            var name: [UInt8] = []
            for _ in 0..<(Int(rng.next() % 7)) { name += alphabet[Int(rng.next() % 5)] }
            for caseSensitive in [true, false] {
                let compiled = try ComponentPattern.compile(pattern[...], caseSensitive: caseSensitive, offset: 0)
                let expected = Self.reference(pattern, name, caseSensitive: caseSensitive)
                if compiled.matches(name[...]) != expected {
                    Issue.record("\(String(decoding: pattern, as: UTF8.self)) vs \(String(decoding: name, as: UTF8.self)), case-sensitive \(caseSensitive)")
                }
            }
        }
    }
}
