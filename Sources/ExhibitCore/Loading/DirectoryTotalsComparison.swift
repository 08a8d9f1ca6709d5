/// Compares `du -sk` totals with what the inventory adds up to, per top-level directory.
package enum DirectoryTotalsComparison {
    struct Mismatch {
        var line: Int
        var message: String
    }

    /// du counts allocated blocks (rounded up per file, directories included) while
    /// inventories often carry only apparent sizes, so small differences are normal:
    /// only a gap over both 64 KiB and 10% is reported.
    static func mismatches(du: [DirectoryTotal], inventory: Inventory) -> [Mismatch] {
        var out: [Mismatch] = []
        for total in du {
            // The name is arbitrary bytes from CI: escaped and bounded before it is shown.
            let name = TerminalText.escape(bytes: total.name.utf8.prefix(120))
            guard let node = inventory.lookup(total.name) else {
                if total.kibibytes > 0 {
                    out.append(Mismatch(line: total.line, message: "\(name) is \(total.kibibytes) KiB in du.txt but absent from the inventory"))
                }
                continue
            }
            let computed = computedBytes(node, in: inventory)
            let reported = total.bytes
            // Sizes the inventory never recorded make its sum a lower bound: du above it
            // is what they would explain, not a mismatch.
            if reported > computed, inventory.hasUnrecordedSizes, inventory.unrecordedSizes(at: node) > 0 { continue }
            let gap = reported > computed ? reported - computed : computed - reported
            if gap > 64 * 1024 && Double(gap) > 0.10 * Double(max(reported, computed)) {
                out.append(
                    Mismatch(
                        line: total.line,
                        message: "\(name) is \(total.kibibytes) KiB in du.txt but the inventory adds up to \(computed / 1024) KiB"))
            }
        }
        return out
    }

    /// Allocated size when the inventory has it for every file, else apparent size.
    package static func computedBytes(_ node: Inventory.NodeID, in inventory: Inventory) -> UInt64 {
        var disk: UInt64 = 0
        var complete = true
        inventory.preorder(from: node) { id in
            let d = inventory.diskSize(id)
            if d == 0 && !inventory.isDirectory(id) && inventory.size(id) > 0 { complete = false }
            disk = saturatingAdd(disk, d)
        }
        return complete && disk > 0 ? disk : inventory.totalSize(node)
    }
}
