import Testing

@testable import ExhibitCore

// Differential checks of the performance rewrites against the code they replaced (old
// versions inlined here). Not part of the test target (Tests/bench is not compiled):
// copy into Tests/ExhibitCoreTests/ and run `swift test --filter PerfEquivalenceTests`.
// Last run: all 6 passed (2026-11-30).
@Suite struct PerfEquivalenceTests {
    func decoderValid(_ b: [UInt8]) -> Bool {
        var it = b.makeIterator()
        var d = UTF8()
        while true {
            switch d.decode(&it) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    @Test func utf8ValidationMatchesDecoder() {
        for a in 0...255 { #expect(UTF8Validation.isValid([UInt8(a)][...]) == decoderValid([UInt8(a)])) }
        for a in 0...255 {
            for b in 0...255 {
                let s = [UInt8(a), UInt8(b)]
                if UTF8Validation.isValid(s[...]) != decoderValid(s) { Issue.record("\(s)") }
            }
        }
        var rng = SplitMix64(seed: 7)
        let interesting: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5,
            0xFF,
        ]
        for _ in 0..<300_000 {
            let n = Int(rng.next() % 6) + 1
            let s = (0..<n).map { _ in rng.next() % 2 == 0 ? interesting[Int(rng.next() % UInt64(interesting.count))] : UInt8(truncatingIfNeeded: rng.next()) }
            if UTF8Validation.isValid(s[...]) != decoderValid(s) { Issue.record("\(s)") }
        }
    }

    func oldNormalized(_ raw: ArraySlice<UInt8>) -> [UInt8]? {
        guard raw.first != 0x2F else { return nil }
        var out: [UInt8] = []
        var i = raw.startIndex
        while i < raw.endIndex {
            var j = i
            while j < raw.endIndex && raw[j] != 0x2F { j += 1 }
            let length = j - i
            if length == 0 || (length == 1 && raw[i] == 0x2E) {
            } else if length == 2 && raw[i] == 0x2E && raw[i + 1] == 0x2E {
                // Since issue 14, `..` inside the container is resolved; only climbing out is refused.
                guard !out.isEmpty else { return nil }
                out.removeSubrange((out.lastIndex(of: 0x2F) ?? out.startIndex)...)
            } else {
                if !out.isEmpty { out.append(0x2F) }
                out.append(contentsOf: raw[i..<j])
            }
            i = j + 1
        }
        return out.isEmpty ? nil : out
    }

    @Test func normalizedMatchesOld() {
        var rng = SplitMix64(seed: 3)
        let alphabet: [UInt8] = Array("./a.b/".utf8) + [0x2E, 0x2F, 0x61]
        for _ in 0..<200_000 {
            let n = Int(rng.next() % 9)
            let s = (0..<n).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
            if ContainerPath.normalizedBytes(s[...]) != oldNormalized(s[...]) { Issue.record("\(String(decoding: s, as: UTF8.self))") }
        }
    }

    @Test func lastComponentMatchesSplit() {
        var rng = SplitMix64(seed: 5)
        let parts = ["/", "a", "é", "日本", "", "x/"]
        for _ in 0..<50_000 {
            let p = (0..<Int(rng.next() % 6)).map { _ in parts[Int(rng.next() % UInt64(parts.count))] }.joined()
            let old = p.split(separator: "/").last.map(String.init)
            #expect(Classifier.lastComponent(p).map(String.init) == old)
        }
    }

    func oldMentions(_ text: [UInt8], _ needle: String) -> Bool {
        let n = Array(needle.lowercased().utf8)
        guard !n.isEmpty, n.count <= text.count else { return false }
        func cont(_ b: UInt8) -> Bool {
            switch b {
            case 0x61...0x7A, 0x30...0x39, 0x5F, 0x2D, 0x2E, 0x80...0xFF: true
            default: false
            }
        }
        var start = 0
        while start + n.count <= text.count {
            var found: Int?
            var i = start
            while i + n.count <= text.count {
                if Array(text[i..<(i + n.count)]) == n {
                    found = i
                    break
                }
                i += 1
            }
            guard let i = found else { return false }
            let end = i + n.count
            let before = i == 0 ? nil : text[i - 1]
            let after = end == text.count ? nil : text[end]
            let afterAfter = end + 1 < text.count ? text[end + 1] : nil
            let openOK = before.map { !cont($0) } ?? true
            let closeOK: Bool
            switch after {
            case nil: closeOK = true
            case 0x2E: closeOK = afterAfter.map { !cont($0) } ?? true
            case let a?: closeOK = !cont(a)
            }
            if openOK && closeOK { return true }
            start = i + 1
        }
        return false
    }

    @Test func mentionsMatchesOld() {
        var rng = SplitMix64(seed: 9)
        let pieces = ["Tmp", "tmp", "/", ".", "Café", "CAFÉ", "é", "x", " ", "İ", "K", "ß", "-", "Documents/a.db"]
        for _ in 0..<60_000 {
            let text = (0..<Int(rng.next() % 8)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            let needle = (0..<Int(rng.next() % 4)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            let t = Array(text.lowercased().utf8)
            if Classifier.mentions(t, needle) != oldMentions(t, needle) { Issue.record("\(text) | \(needle)") }
        }
    }

    @Test func tabFieldsMatchSplit() {
        var rng = SplitMix64(seed: 11)
        let alphabet: [UInt8] = [0x09, 0x61, 0x62]
        for _ in 0..<50_000 {
            let s = (0..<Int(rng.next() % 7)).map { _ in alphabet[Int(rng.next() % 3)] }
            let old = s[...].split(separator: 0x09, maxSplits: 2, omittingEmptySubsequences: false)
            let new = StepsReader.tabFields(s[...])
            #expect(new.count == old.count)
            for i in 0..<min(old.count, new.count) { #expect(Array(new[i]) == Array(old[i])) }
        }
    }

    @Test func byteCompareMatchesUTF8Order() {
        var rng = SplitMix64(seed: 13)
        let pieces = ["a", "b", "é", "e\u{301}", "日", "", "/"]
        for _ in 0..<50_000 {
            let a = (0..<Int(rng.next() % 4)).map { _ in pieces[Int(rng.next() % 7)] }.joined()
            let b = (0..<Int(rng.next() % 4)).map { _ in pieces[Int(rng.next() % 7)] }.joined()
            #expect(ByteCompare.precedes(a, b) == a.utf8.lexicographicallyPrecedes(b.utf8))
            #expect((ByteCompare.compare(a, b) == 0) == a.utf8.elementsEqual(b.utf8))
        }
    }
}
