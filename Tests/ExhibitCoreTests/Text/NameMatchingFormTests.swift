import Foundation
import Testing

@testable import ExhibitCore

/// `NameMatchingForm`: names as APFS compares them (normalization-insensitive), with a
/// fast "cannot change" test that must never be wrong, since a name it passes is never
/// normalized.
@Suite struct NameMatchingFormTests {
    /// Every scalar the fast test calls stable: NFC leaves it alone on its own and after
    /// a base letter, and it never reorders (combining class 0).
    @Test func everyScalarCalledStableIsLeftAloneByNFC() {
        var checked = 0
        for v in UInt32(0x80)...0x3134F where NameMatchingForm.isStable(v) {
            guard let scalar = Unicode.Scalar(v) else { continue }
            let alone = String(scalar)
            #expect(alone.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(alone.unicodeScalars), "U+\(String(v, radix: 16))")
            let after = "a" + alone
            #expect(after.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(after.unicodeScalars), "a + U+\(String(v, radix: 16))")
            #expect(scalar.properties.canonicalCombiningClass == .notReordered, "U+\(String(v, radix: 16))")
            checked += 1
        }
        #expect(checked > 100_000)
    }

    /// The decoder agrees with the standard library's on every scalar (and refuses
    /// surrogates and overlong forms).
    @Test func theDecoderReadsEveryScalar() {
        for v in UInt32(0x80)...0x10FFFF where !(0xD800...0xDFFF).contains(v) {
            let bytes = Array(String(Unicode.Scalar(v)!).utf8)
            let decoded = bytes.withUnsafeBufferPointer { NameMatchingForm.decode($0.baseAddress!, at: 0, count: $0.count) }
            #expect(decoded?.0 == v && decoded?.1 == bytes.count, "U+\(String(v, radix: 16))")
        }
        for bad: [UInt8] in [[0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC3], [0x80]] {
            #expect(bad.withUnsafeBufferPointer { NameMatchingForm.decode($0.baseAddress!, at: 0, count: $0.count) } == nil, "\(bad)")
        }
    }

    /// Compared as bytes: `String`'s `==` is canonical equivalence, which would call an
    /// NFD result equal to the NFC one expected.
    func form(_ name: String) -> [UInt8]? { Array(name.utf8).withUnsafeBufferPointer { NameMatchingForm.of($0) } }

    func utf8(_ s: String) -> [UInt8] { Array(s.utf8) }

    @Test func decomposedSpellingsMeetInOneForm() {
        let nfc = "T\u{E9}l\u{E9}chargements"
        #expect(form(nfc) == nil, "already in the form: nothing is copied")
        #expect(form("Te\u{301}le\u{301}chargements") == utf8(nfc))
        #expect(form("TE\u{301}LE\u{301}CHARGEMENTS") == utf8("T\u{C9}L\u{C9}CHARGEMENTS"), "case is the matchers' business")
        #expect(form("\u{395}\u{3BB}\u{3BB}\u{3B7}\u{3BD}\u{3B9}\u{3BA}\u{3AC} Gr\u{F6}\u{DF}e \u{65E5}\u{672C}") == nil)
        #expect(form("Vault.sqlite") == nil)
        #expect(form("\u{212A}ey \u{212B}ngstr\u{F6}m") == utf8("Key \u{C5}ngstr\u{F6}m"), "singletons go to their canonical form")
        #expect(form("\u{1100}\u{1161}\u{11A8}") == utf8("\u{AC01}"), "conjoining jamo compose")
        #expect(form("a\u{323}\u{307}") == utf8("\u{1EA1}\u{307}"), "marks in canonical order, then composed")
        let invalid: [UInt8] = [0x65, 0xCC, 0x81, 0xFF]
        #expect(invalid.withUnsafeBufferPointer { NameMatchingForm.of($0) } == nil, "not UTF-8: matched as it is")
        #expect(utf8(NameMatchingForm.of("[A-Z]*/Te\u{301}le\u{301}chargements/**")) == utf8("[A-Z]*/T\u{E9}l\u{E9}chargements/**"))
    }

    /// Cut in two for two cores, the buffer is cut where a scalar starts: a scalar that
    /// may change (U+0301, two bytes; U+0374, two; U+1E9B, three; U+1D15E, four) placed
    /// across the middle at every offset is still found, and ASCII around it still not.
    @Test func theTwoHalvesFindAScalarCutByTheMiddle() {
        for scalar in ["\u{301}", "\u{374}", "\u{1E9B}", "\u{1D15E}"] {
            let encoded = Array(scalar.utf8)
            for length in 8...40 {
                for at in 0...(length - encoded.count) {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes.replaceSubrange(at..<(at + encoded.count), with: encoded)
                    bytes.withUnsafeBufferPointer { buffer in
                        #expect(NameMatchingForm.mayChange(buffer))
                        #expect(NameMatchingForm.mayChangeOnTwoCores(buffer, from: 2), "\(encoded) at \(at) of \(length)")
                    }
                }
                let plain = [UInt8](repeating: UInt8(ascii: "a"), count: length) + Array("é".utf8)
                plain.withUnsafeBufferPointer { #expect(!NameMatchingForm.mayChangeOnTwoCores($0, from: 2)) }
            }
        }
    }

    @Test func anInventoryIsCopiedOnlyWhenANameChanges() throws {
        var plain = InventoryBuilder()
        let docs = plain.addDirectory(name: Array("Documents".utf8), parent: 0)
        plain.addFile(name: Array("R\u{E9}sum\u{E9}.pdf".utf8), parent: docs, size: 1)
        #expect(plain.finish().withNamesInMatchingForm() == nil)

        var decomposed = InventoryBuilder()
        let d = decomposed.addDirectory(name: Array("Documents".utf8), parent: 0)
        let f = decomposed.addFile(name: Array("Re\u{301}sume\u{301}.pdf".utf8), parent: d, size: 7)
        let inventory = decomposed.finish()
        let matching = try #require(inventory.withNamesInMatchingForm())
        #expect(Array(matching.nameBytes(f)) == utf8("R\u{E9}sum\u{E9}.pdf"))
        #expect(Array(inventory.nameBytes(f)) == utf8("Re\u{301}sume\u{301}.pdf"), "the inventory itself keeps the bytes as recorded")
        #expect(matching.count == inventory.count && matching.size(f) == 7 && matching.parent(f) == d)
    }
}
