import Testing

@testable import ExhibitCore

/// The 16-byte node record keeps a file's size in 32 bits, a directory's sizes in its
/// record, disk sizes as a kind (0, whole 4 KiB blocks) or in a side table, and steps in
/// a column as narrow as the step count allows (`Inventory.Node`, `InventoryNodeValues`).
/// Every value the record cannot hold must come back exact, through the builder, the
/// built inventory and an ncdu export read back.
@Suite struct InventoryNodeLayoutTests {
    /// Sizes on every side of the record's limits, with disk sizes of each kind.
    static let sizes: [(size: UInt64, disk: UInt64)] = [
        (0, 0), (1, 4096), (4096, 4096), (4097, 8192), (100, 512), (100, 0), (100, 1000), (1, 1),
        (UInt64(UInt32.max) - 1, 0), (UInt64(UInt32.max), 0), (UInt64(UInt32.max) + 1, UInt64(UInt32.max) + 4097),
        (5 << 30, 5 << 30), (5 << 30, 1 << 40), (1 << 41, UInt64(UInt32.max) * 512 + 512),
        (UInt64.max - 4095, UInt64.max), (UInt64.max, UInt64.max), (UInt64.max, 0), (0, UInt64.max), (7, 4095),
    ]

    /// One directory per entry of `sizes` with a file of those sizes in it, the
    /// directory itself given the sizes too.
    static func sample() -> (Inventory, [(file: Int, directory: Int)]) {
        var b = InventoryBuilder()
        var ids: [(file: Int, directory: Int)] = []
        for (i, s) in sizes.enumerated() {
            let d = b.addDirectory(name: Array("d\(i)".utf8), parent: Inventory.root, size: s.size, diskSize: s.disk)
            let f = b.addFile(name: Array("f\(i)".utf8), parent: d, size: s.size, diskSize: s.disk, step: "step \(i % 3)")
            ids.append((f, d))
        }
        return (b.build(), ids)
    }

    @Test func sizesBeyondThirtyTwoBitsAndOddDiskSizesComeBackExact() {
        let (inventory, ids) = Self.sample()
        for (i, s) in Self.sizes.enumerated() {
            let (f, d) = ids[i]
            #expect(inventory.size(f) == s.size, "file \(i)")
            #expect(inventory.diskSize(f) == s.disk, "file \(i)")
            #expect(inventory.size(d) == s.size, "directory \(i)")
            #expect(inventory.diskSize(d) == s.disk, "directory \(i)")
            // The directory's own entry and its file, saturating at UInt64.max.
            let (sum, o) = s.size.addingReportingOverflow(s.size)
            #expect(inventory.totalSize(d) == (o ? .max : sum), "directory \(i)")
            let (disk, od) = s.disk.addingReportingOverflow(s.disk)
            #expect(inventory.totalDiskSize(d) == (od ? .max : disk), "directory \(i)")
            #expect(inventory.step(f) == "step \(i % 3)")
            #expect(inventory.step(d) == nil)
        }
    }

    @Test func sizesSurviveAnNcduExportReadBack() throws {
        let (inventory, _) = Self.sample()
        let bytes = NcduWriter.write(inventory, rootName: "/c", progname: "exhibit", version: "t", timestamp: 0)
        var warnings: [Diagnostic] = []
        let back = try NcduInventoryReader.read(bytes, file: "inventory.json", warnings: &warnings)
        #expect(warnings.isEmpty)
        #expect(back == inventory)
        for id in 0..<inventory.count {
            #expect(back.size(id) == inventory.size(id) && back.diskSize(id) == inventory.diskSize(id), "node \(id)")
        }
    }

    /// `setSize` without a disk size keeps the disk size it had, also where that was
    /// implied by the old size (whole blocks); a file turned directory keeps both.
    @Test func amendmentsKeepWhatTheyDoNotChange() {
        var b = InventoryBuilder()
        let f = b.addFile(name: Array("f".utf8), parent: Inventory.root, size: 10, diskSize: 4096)
        b.setSize(f, size: 20_000)
        #expect(b.diskSize(f) == 4096)
        b.setSize(f, size: UInt64.max)
        b.setSize(f, size: 3)
        #expect(b.size(f) == 3 && b.diskSize(f) == 4096)
        b.setSize(f, size: 3, diskSize: 7)
        let big = b.addListedFile(name: Array("big".utf8), parent: Inventory.root, size: 1 << 40, diskSize: 1 << 40).id
        b.promoteToDirectory(big)
        _ = b.addListedFile(name: Array("inner".utf8), parent: big, size: 1, diskSize: 513)
        let inventory = b.build()
        #expect(inventory.size(f) == 3 && inventory.diskSize(f) == 7)
        #expect(inventory.isDirectory(big) && inventory.size(big) == 1 << 40 && inventory.diskSize(big) == 1 << 40)
        #expect(inventory.totalSize(big) == (1 << 40) + 1 && inventory.totalDiskSize(big) == (1 << 40) + 513)
    }

    /// A name at the maximum length is kept whole, one byte more is cut, and the names
    /// around them keep their own bytes.
    @Test func namesAtTheMaximumLength() {
        var b = InventoryBuilder()
        let longest = [UInt8](repeating: UInt8(ascii: "a"), count: InventoryBuilder.maximumNameLength)
        let a = b.addFile(name: longest, parent: Inventory.root, size: 1)
        let c = b.addFile(name: longest + [UInt8(ascii: "b")], parent: Inventory.root, size: 2)
        let d = b.addFile(name: Array("after".utf8), parent: Inventory.root, size: 3)
        #expect(b.truncatedNameCount == 1)
        let inventory = b.build()
        #expect(Array(inventory.nameBytes(a)) == longest)
        #expect(Array(inventory.nameBytes(c)) == longest)
        #expect(inventory.isDuplicate(c))
        #expect(inventory.name(d) == "after" && inventory.size(d) == 3)
        #expect(inventory.lookup(String(decoding: longest, as: UTF8.self)) == a)
    }

    /// Entries added to a directory after others were opened (out of tree order) keep
    /// their sizes and steps, and the totals count them where they belong.
    @Test func aDirectoryAddedToOutOfTreeOrder() {
        var b = InventoryBuilder()
        let first = b.addDirectory(name: Array("first".utf8), parent: Inventory.root, size: 4096, diskSize: 4096)
        b.addFile(name: Array("a".utf8), parent: first, size: 5 << 30, diskSize: 5 << 30, step: "one")
        let second = b.addDirectory(name: Array("second".utf8), parent: Inventory.root)
        b.addFile(name: Array("b".utf8), parent: second, size: 100, diskSize: 4096, step: "two")
        let late = b.addFile(name: Array("late".utf8), parent: first, size: 7, diskSize: 700, step: "three")
        let again = b.addFile(name: Array("a".utf8), parent: first, size: 1)
        let inventory = b.build()
        #expect(inventory.children(first).map { $0 } == [2, late, again])
        #expect(inventory.isDuplicate(again))
        #expect(inventory.size(late) == 7 && inventory.diskSize(late) == 700 && inventory.step(late) == "three")
        #expect(inventory.totalSize(first) == 4096 + (5 << 30) + 7 + 1)
        #expect(inventory.totalDiskSize(first) == 4096 + (5 << 30) + 700)
        #expect(inventory.lookup("first/late") == late && inventory.lookup("first/a") == 2)
    }

    /// Past 254 and 65534 step names the step column widens; every node keeps its step.
    @Test func stepsWidenWithoutLosingAny() {
        var b = InventoryBuilder()
        var ids: [Int] = []
        let steps = 70_000
        for i in 0..<steps {
            ids.append(b.addFile(name: Array("f\(i)".utf8), parent: Inventory.root, size: 1, step: i % 3 == 2 ? nil : "s\(i)"))
        }
        var inventory = b.build()
        for (i, id) in ids.enumerated() { #expect(inventory.step(id) == (i % 3 == 2 ? nil : "s\(i)")) }
        #expect(inventory.steps.count == steps - steps / 3)
        inventory.setSteps([(ids[2], "s0"), (ids[0], "new")])
        #expect(inventory.step(ids[2]) == "s0" && inventory.step(ids[0]) == "new" && inventory.step(ids[3]) == "s3")
    }

    /// A tree source's inventory makes its name index at the first lookup in a large
    /// directory: lookups answer as a scan of the children does, the earliest of
    /// same-named siblings first, for copies of the inventory too.
    @Test func theNameIndexMadeOnDemandAnswersAsAScan() {
        var b = InventoryBuilder()
        let big = b.addDirectory(name: Array("big".utf8), parent: Inventory.root)
        for i in 0..<500 { b.addFile(name: Array("n\(i % 200)".utf8), parent: big, size: UInt64(i)) }
        _ = b.addDirectory(name: Array("n5".utf8), parent: big)
        let small = b.addDirectory(name: Array("small".utf8), parent: Inventory.root)
        b.addFile(name: Array("x".utf8), parent: small, size: 1)
        let inventory = b.build()
        if case .built = inventory.nameIndexStorage { Issue.record("a tree source's index is made on demand") }
        let copy = inventory
        for name in (0..<210).map({ "n\($0)" }) {
            let scan = inventory.children(big).first { inventory.name($0) == name }
            #expect(copy.lookup("big/\(name)") == scan, "\(name)")
            #expect(inventory.child(named: Array(name.utf8), of: big) == scan, "\(name)")
        }
        #expect(inventory.lookup("small/x") == small + 1)
        #expect(inventory.lookup("small/y") == nil)
    }
}
