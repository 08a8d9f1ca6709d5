import Foundation

/// Names as an APFS volume compares them, for the rules: APFS looks names up
/// normalization-insensitively (NFC `é` and NFD `e` + U+0301 name one file, on every
/// volume), so a rule written in one spelling must hold for a file listed in the other,
/// or a name stored decomposed slips past its rule.
///
/// The matching form is NFC. Case is left to the matchers, which fold ASCII letters
/// (exhibit-rules(5): letters outside ASCII compare exactly). Rule patterns are put in
/// the form once (`CompiledRules`); names only where that changes them
/// (`Inventory.withNamesInMatchingForm`): most scalars are known not to change, so
/// Foundation sees only the rare name that might.
public enum NameMatchingForm {
    /// `text` in matching form.
    public static func of(_ text: String) -> String { text.precomposedStringWithCanonicalMapping }

    /// The matching form of a name's bytes, or nil when it is the name itself (as is
    /// almost always the case) or the bytes are not UTF-8 (they are matched as they are).
    public static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard mayChange(bytes), UTF8Validity.isWellFormed(bytes) else { return nil }
        let form = Array(of(String(decoding: bytes, as: UTF8.self)).utf8)
        return form.elementsEqual(bytes) ? nil : form
    }

    /// Whether the bytes hold a scalar that normalization might change: false for ASCII
    /// and the scalars `isStable` knows; true is only a "maybe".
    public static func mayChange(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let n = bytes.count
        var i = 0
        while i < n {
            // Eight ASCII bytes at a time: most names are ASCII.
            if i + 8 <= n, UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
                continue
            }
            let b = base[i]
            if b < 0x80 {
                i += 1
                continue
            }
            guard let (scalar, length) = decode(base, at: i, count: n) else {
                i += 1  // not UTF-8: matched byte for byte
                continue
            }
            if !isStable(scalar) { return true }
            i += length
        }
        return false
    }

    /// `mayChange` over a large buffer (every name of an inventory) in two halves at
    /// once, cut at the start of a scalar: a scalar cut in two would read as bytes that
    /// are not UTF-8, which `mayChange` passes over. 20 MB of names took 15 ms on one core.
    static func mayChangeOnTwoCores(_ bytes: UnsafeBufferPointer<UInt8>, from threshold: Int = 1 << 20) -> Bool {
        guard bytes.count >= threshold else { return mayChange(bytes) }
        var middle = bytes.count / 2
        // Back to the byte a scalar starts at: continuation bytes are 10xxxxxx, and a
        // scalar has at most three of them.
        var steps = 0
        while middle > 0, steps < 3, bytes[middle] & 0xC0 == 0x80 {
            middle -= 1
            steps += 1
        }
        let (first, second) = TwoCores.run(
            { mayChange(UnsafeBufferPointer(rebasing: bytes[..<middle])) }, { mayChange(UnsafeBufferPointer(rebasing: bytes[middle...])) })
        return first || second
    }

    /// Scalars NFC leaves as they are wherever they stand: canonical combining class 0,
    /// no decomposition NFC keeps, and none that composes with a scalar before it
    /// (NFC_Quick_Check Yes). A conservative list of the blocks names use most; a scalar
    /// not in it goes to Foundation, which decides.
    static func isStable(_ v: UInt32) -> Bool {
        switch v {
        case 0x80...0x2FF: true  // Latin-1, Latin Extended-A and -B, IPA, spacing modifiers
        case 0x370...0x3FF: v != 0x374 && v != 0x37E && v != 0x387  // Greek, less three singletons
        case 0x400...0x482, 0x48A...0x52F: true  // Cyrillic, less its combining marks
        case 0x2010...0x2027, 0x2030...0x205E, 0x20A0...0x20CF: true  // punctuation, currency
        case 0x2190...0x2328, 0x232B...0x27FF: true  // arrows, symbols, dingbats (less 2329, 232A)
        case 0x3000...0x3029, 0x3030...0x3098, 0x309B...0x30FF: true  // CJK punctuation, kana (less combining marks)
        case 0x3100...0x9FFF, 0xAC00...0xD7A3: true  // Bopomofo, CJK, Hangul syllables
        case 0xFE00...0xFE0F, 0xFF00...0xFFEF: true  // variation selectors, half- and fullwidth forms
        case 0x1F000...0x1FAFF, 0x20000...0x2F7FF, 0x30000...0x3134F: true  // emoji, CJK extensions
        default: false
        }
    }

    /// The scalar of the well-formed UTF-8 sequence at `i`, and its length; nil when the
    /// bytes there are not one (the standard library's decoder decides, as `Glob`'s does).
    @inline(__always)
    static func decode(_ p: UnsafePointer<UInt8>, at i: Int, count n: Int) -> (UInt32, Int)? {
        var bytes = UnsafeBufferPointer(start: p + i, count: min(4, n - i)).makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&bytes) else { return nil }
        return (scalar.value, UTF8.width(scalar))
    }
}

extension Inventory {
    /// A copy in which every name whose matching form (`NameMatchingForm`) differs from
    /// its bytes is that form, for the rules walk; nil when no name does (nearly every
    /// inventory: then nothing is copied). Node ids, sizes and the tree are the same, so
    /// what the walk finds is reported with the names as recorded.
    package func withNamesInMatchingForm() -> Inventory? {
        let suspect = names.withUnsafeBufferPointer { NameMatchingForm.mayChangeOnTwoCores($0) }
        guard suspect else { return nil }
        var changed: [(id: Int, form: [UInt8])] = []
        names.withUnsafeBufferPointer { all in
            for id in 1..<nodes.count {
                let node = nodes[id]
                let start = Int(node.nameStart)
                let name = UnsafeBufferPointer(rebasing: all[start..<(start + Int(node.nameLength))])
                if let form = NameMatchingForm.of(name) { changed.append((id, form)) }
            }
        }
        guard !changed.isEmpty else { return nil }
        var copy = self
        for (id, form) in changed where copy.names.count + form.count <= Int(UInt32.max) && form.count <= Int(UInt16.max) {
            copy.nodes[id].nameStart = UInt32(copy.names.count)
            copy.nodes[id].nameLength = UInt16(form.count)
            copy.names += form
        }
        return copy
    }
}
