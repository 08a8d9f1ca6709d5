import Foundation

/// Names of one directory that APFS cannot hold side by side: the same name in another
/// Unicode normalization (APFS compares names normalization-insensitively on iOS and
/// macOS alike), or differing only in case (on a case-insensitive volume, such as the
/// Mac volume a simulator's container lives on). An inventory listing both did not
/// come from one device as is; each pair is warned about.
///
/// Cheap on a million entries: only names with a byte above 0x7F or an ASCII capital
/// can have a twin (a lowercase ASCII name is its own fold and its own NFC), so only
/// those get a key; a key is compared with the other such names of the directory and
/// looked up, as bytes, among all its children through the name index.
enum NameTwins {
    struct Pair: Equatable {
        var first: Inventory.NodeID
        var second: Inventory.NodeID
        /// True when the names differ in case only; false for a normalization twin.
        var caseOnly: Bool
    }

    static func find(in inventory: Inventory) -> [Pair] {
        var pairs: [Pair] = []
        var stack = [Inventory.root]
        while let dir = stack.popLast() {
            var byFold: [[UInt8]: Inventory.NodeID] = [:]
            var byNFC: [[UInt8]: Inventory.NodeID] = [:]
            for child in inventory.children(dir) {
                if inventory.isDirectory(child) { stack.append(child) }
                let name = inventory.nameBytes(child)
                let ascii = name.allSatisfy { $0 < 0x80 }
                guard !ascii || name.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { continue }
                let nfc: [UInt8]
                let fold: [UInt8]
                if ascii {
                    nfc = Array(name)
                    fold = name.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
                } else {
                    let text = String(decoding: name, as: UTF8.self).precomposedStringWithCanonicalMapping
                    nfc = Array(text.utf8)
                    fold = Array(text.lowercased().utf8)
                }
                if !ascii, let earlier = byNFC[nfc] ?? inventory.child(named: nfc, of: dir).flatMap({ $0 == child ? nil : $0 }) {
                    pairs.append(Pair(first: min(earlier, child), second: max(earlier, child), caseOnly: false))
                } else if let earlier = byFold[fold] ?? inventory.child(named: fold, of: dir).flatMap({ $0 == child ? nil : $0 }) {
                    pairs.append(Pair(first: min(earlier, child), second: max(earlier, child), caseOnly: true))
                }
                if byNFC[nfc] == nil { byNFC[nfc] = child }
                if byFold[fold] == nil { byFold[fold] = child }
            }
        }
        return pairs
    }
}
