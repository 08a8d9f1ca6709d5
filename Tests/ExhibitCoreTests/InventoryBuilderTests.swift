import Testing

@testable import ExhibitCore

@Suite struct InventoryBuilderTests {
    private func components(_ p: String) -> [ArraySlice<UInt8>] {
        Array(p.utf8).split(separator: UInt8(ascii: "/")).map { $0 }
    }

    @Test func hugeSizesSaturateInsteadOfWrapping() {
        var b = InventoryBuilder()
        b.addFile(components: components("tmp/z"), size: UInt64.max)
        b.addFile(components: components("tmp/z2"), size: UInt64.max)
        b.addFile(components: components("Documents/a"), size: 10)
        let inv = b.build()
        let tmp = try! #require(inv.lookup("tmp"))
        #expect(inv.totalSize(tmp) == UInt64.max)
        #expect(inv.totalBytes == UInt64.max)
    }

    @Test func buildsTreeWithTotalsAndInheritedExclusion() {
        var b = InventoryBuilder()
        b.addFile(components: components("Documents/vault.sqlite"), size: 81920)
        let idx = b.directory(at: components("Library/Application Support/VaultIndex"))
        b.setExcluded(idx)
        b.addFile(components: components("Library/Application Support/VaultIndex/index.db"), size: 100)
        b.addFile(components: components("Library/Application Support/catalog.json"), size: 7)
        let inv = b.build()
        #expect(inv.totalFiles == 3)
        #expect(inv.totalBytes == 81920 + 107)
        let indexDB = try! #require(inv.lookup("Library/Application Support/VaultIndex/index.db"))
        #expect(inv.isExcludedEffective(indexDB))
        #expect(!inv.isExcludedOwn(indexDB))
        #expect(inv.excludingNode(indexDB) == idx)
        let catalog = try! #require(inv.lookup("Library/Application Support/catalog.json"))
        #expect(!inv.isExcludedEffective(catalog))
        #expect(inv.path(indexDB) == "Library/Application Support/VaultIndex/index.db")
        #expect(inv.excludedFileCount == 1)
        let library = try! #require(inv.lookup("Library"))
        #expect(inv.fileCount(library) == 2)
        #expect(inv.totalSize(library) == 107)
    }

    @Test func finishGivesWhatBuildGivesAndEmptiesTheBuilder() {
        func filled() -> InventoryBuilder {
            var b = InventoryBuilder(reservingCapacity: 4)
            let idx = b.directory(at: components("Library/Application Support/VaultIndex"))
            b.setExcluded(idx)
            b.addFile(components: components("Library/Application Support/VaultIndex/index.db"), size: 100, step: "sync")
            b.addFile(components: components("Documents/vault.sqlite"), size: 81920)
            return b
        }
        var b = filled()
        let finished = b.finish()
        #expect(finished == filled().build())
        #expect(finished.excludedFileCount == 1)
        #expect(b.count == 1, "only the root is left")
        #expect(b.build().totalFiles == 0)
    }

    @Test func duplicatePathKeepsOneNodeAndCountsIt() {
        var b = InventoryBuilder()
        b.addFile(components: components("tmp/a"), size: 1)
        b.addFile(components: components("tmp/a"), size: 5)
        #expect(b.duplicateCount == 1)
        let inv = b.build()
        #expect(inv.totalFiles == 1)
        let a = try! #require(inv.lookup("tmp/a"))
        #expect(inv.size(a) == 5)
        #expect(inv.isDuplicate(a))
    }

    @Test func stepsAreInternedAndAssignable() {
        var b = InventoryBuilder()
        let f = b.addFile(components: components("Documents/a"), size: 1, step: "first install")
        var inv = b.build()
        #expect(inv.step(f) == "first install")
        inv.setSteps([(f, "upgrade: migrate v3 to v4")])
        #expect(inv.step(f) == "upgrade: migrate v3 to v4")
        #expect(inv.steps == ["first install", "upgrade: migrate v3 to v4"])
    }
}
