import Testing

@testable import ExhibitCore
@testable import ExhibitTriageUI

/// `UnrecordedSizeIndex`: which entries have a size not recorded at or below them, and
/// what the tree makes of it.
@Suite struct UnrecordedSizeIndexTests {
    /// Documents/a measured, Documents/b unreadable with no size; Library/Caches/c
    /// excluded by the scan with no size; tmp measured empty.
    static func inventory() -> (Inventory, [String: Inventory.NodeID]) {
        var b = InventoryBuilder()
        var ids: [String: Inventory.NodeID] = [:]
        ids["Documents"] = b.addDirectory(name: Array("Documents".utf8), parent: 0)
        ids["Documents/a"] = b.addFile(name: Array("a".utf8), parent: ids["Documents"]!, size: 4_096)
        ids["Documents/b"] = b.addFile(name: Array("b".utf8), parent: ids["Documents"]!, size: 0, readError: true)
        ids["Library"] = b.addDirectory(name: Array("Library".utf8), parent: 0)
        ids["Library/Caches"] = b.addDirectory(name: Array("Caches".utf8), parent: ids["Library"]!)
        var excluded = InventoryBuilder.EntryAttributes()
        excluded.scanExclusion = .pattern
        ids["Library/Caches/c"] = b.addEntry(name: Array("c".utf8), parent: ids["Library/Caches"]!, isDirectory: false, excluded)
        ids["tmp"] = b.addDirectory(name: Array("tmp".utf8), parent: 0)
        ids["tmp/empty"] = b.addFile(name: Array("empty".utf8), parent: ids["tmp"]!, size: 0)
        return (b.build(), ids)
    }

    @Test func marksEveryEntryAtOrAboveASizeNotRecorded() {
        let (inventory, ids) = Self.inventory()
        let sizes = UnrecordedSizeIndex(inventory)
        #expect(!sizes.isEmpty)
        for (path, id) in ids {
            #expect(sizes.hasUnrecorded(atOrBelow: id) == (inventory.unrecordedSizes(at: id) > 0), "\(path)")
        }
        #expect(sizes.hasUnrecorded(atOrBelow: Inventory.root))
        #expect(sizes.size(of: Inventory.root, in: inventory) == .atLeast(4_096))
        #expect(sizes.size(of: ids["Documents"]!, in: inventory) == .atLeast(4_096))
        #expect(sizes.size(of: ids["Documents/a"]!, in: inventory) == .recorded(4_096))
        #expect(sizes.size(of: ids["Documents/b"]!, in: inventory) == .unknown)
        #expect(sizes.size(of: ids["Library"]!, in: inventory) == .unknown)
        #expect(sizes.size(of: ids["Library/Caches/c"]!, in: inventory) == .unknown)
        #expect(sizes.size(of: ids["tmp"]!, in: inventory) == .recorded(0))
        #expect(sizes.size(of: ids["tmp/empty"]!, in: inventory) == .recorded(0))
    }

    @Test func anInventoryWithEverySizeRecordedHasNoMarks() {
        var b = InventoryBuilder()
        let docs = b.addDirectory(name: Array("Documents".utf8), parent: 0)
        let empty = b.addFile(name: Array("empty".utf8), parent: docs, size: 0)
        let inventory = b.build()
        let sizes = UnrecordedSizeIndex(inventory)
        #expect(sizes.isEmpty)
        #expect(sizes.size(of: empty, in: inventory) == .recorded(0))
        #expect(UnrecordedSizeIndex(nil).isEmpty)
    }

    @Test func theTreeColumnSaysUnknownOrALowerBound() {
        #expect(SizeLabel.text(of: EntrySize.recorded(0)) == "0 B")
        #expect(SizeLabel.text(of: EntrySize.recorded(4_096)) == "4.0 KiB")
        #expect(SizeLabel.text(of: EntrySize.atLeast(4_096)) == "4.0 KiB+")
        #expect(SizeLabel.text(of: EntrySize.atLeast(1_048_000_000)) == "999.5MiB+")
        #expect(SizeLabel.text(of: EntrySize.unknown) == "unknown")
    }
}
