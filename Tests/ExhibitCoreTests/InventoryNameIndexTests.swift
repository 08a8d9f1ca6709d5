import Testing

@testable import ExhibitCore
@testable import ExhibitSynthetic

/// The builder checks a tree source's names against its open siblings and indexes them
/// later in one pass (`OpenDirectorySiblings`, `SiblingNameIndex(building:)`); list
/// sources index at once. Random mixes of both, in and out of tree order, against a
/// model that scans every node: the same duplicate marks, the same answers to
/// lookups while building and after, the earliest of same-named siblings first.
@Suite struct InventoryNameIndexTests {
    /// What the builder is expected to hold: every node's parent, name and kind.
    struct Model {
        var nodes: [(parent: Int, name: [UInt8], isDirectory: Bool, duplicate: Bool)] = [(-1, [], true, false)]

        func first(_ name: [UInt8], under parent: Int, where accept: (Int) -> Bool = { _ in true }) -> Int? {
            nodes.indices.first { nodes[$0].parent == parent && nodes[$0].name == name && accept($0) }
        }

        var directories: [Int] { nodes.indices.filter { nodes[$0].isDirectory } }
    }

    /// A few names, so siblings share them often; one long and one with a slash-free UTF-8 name.
    static let names: [[UInt8]] = ["a", "b", "Caches", "é", String(repeating: "x", count: 300), "a b"].map { Array($0.utf8) }

    /// `listInTreeOrder`: the list source's lines mostly stay in the directory it is in
    /// or move a level (as sorted and `find`-ordered lists do), and name directories
    /// (`listedDirectory`), so its entries are found among open siblings, not in the
    /// index; otherwise its parents are random.
    func check(seed: UInt64, operations: Int, listShare: Int, listInTreeOrder: Bool = false) throws {
        var random = ExhibitSynthetic.SplitMix64(seed: seed)
        var builder = InventoryBuilder(reservingCapacity: seed % 2 == 0 ? 0 : operations)
        var model = Model()
        /// The directory a tree source is listing; mostly its children or it next, sometimes anywhere.
        var current = 0
        /// Where a source in tree order adds next: `current` mostly, its parent sometimes, anywhere 5 % of the time.
        func parentInTreeOrder(_ current: Int, _ dirs: [Int]) -> Int {
            let pick = Int(random.next() % 20)
            if pick == 0 { return dirs[Int(random.next() % UInt64(dirs.count))] }
            if pick < 4, model.nodes[current].parent >= 0 { return model.nodes[current].parent }
            return current
        }
        for step in 0..<operations {
            let name = Self.names[Int(random.next() % UInt64(Self.names.count))]
            let dirs = model.directories
            let roll = Int(random.next() % 100)
            if roll >= listShare {
                // Tree source: under the current directory, a new child of it, its parent, or (5%) anywhere.
                let parent = parentInTreeOrder(current, dirs)
                let isDirectory = random.next() % 3 == 0
                let duplicate = model.first(name, under: parent) != nil
                let id = builder.addEntry(name: name, parent: parent, isDirectory: isDirectory, .init(size: UInt64(step)))
                model.nodes.append((parent, name, isDirectory, duplicate))
                #expect(id == model.nodes.count - 1)
                #expect(builder.isDuplicate(id) == duplicate, "seed \(seed) step \(step): addEntry")
                current = isDirectory && random.next() % 2 == 0 ? id : parent
            } else if listInTreeOrder {
                let parent = parentInTreeOrder(current, dirs)
                let existing = model.first(name, under: parent)
                if random.next() % 3 == 0 {
                    let id = builder.listedDirectory(named: name, under: parent)
                    if let existing {
                        #expect(id == existing, "seed \(seed) step \(step): listedDirectory")
                        model.nodes[existing].isDirectory = true
                    } else {
                        model.nodes.append((parent, name, true, false))
                        #expect(id == model.nodes.count - 1, "seed \(seed) step \(step): listedDirectory")
                    }
                    current = random.next() % 2 == 0 ? id : parent
                } else {
                    let (id, existed) = builder.listedEntry(named: name, under: parent)
                    #expect(existed == (existing != nil), "seed \(seed) step \(step): listedEntry in tree order")
                    if let existing {
                        #expect(id == existing, "seed \(seed) step \(step): listedEntry in tree order")
                    } else {
                        model.nodes.append((parent, name, false, false))
                    }
                    current = builder.isDirectory(id) ? id : parent
                }
            } else {
                let parent = dirs[Int(random.next() % UInt64(dirs.count))]
                switch random.next() % 3 {
                case 0:
                    let existing = model.first(name, under: parent) { model.nodes[$0].isDirectory }
                    let clash = model.first(name, under: parent) { !model.nodes[$0].isDirectory } != nil
                    let id = builder.directory(named: name, under: parent)
                    if let existing {
                        #expect(id == existing, "seed \(seed) step \(step): directory(named:)")
                    } else {
                        model.nodes.append((parent, name, true, clash))
                        #expect(id == model.nodes.count - 1 && builder.isDuplicate(id) == clash)
                    }
                case 1:
                    let existing = model.first(name, under: parent) { !model.nodes[$0].isDirectory }
                    let clash = model.first(name, under: parent) { model.nodes[$0].isDirectory } != nil
                    let (id, listed) = builder.addListedFile(name: name, parent: parent, size: 1)
                    #expect(listed == (existing != nil))
                    if let existing {
                        #expect(id == existing, "seed \(seed) step \(step): addListedFile")
                        model.nodes[existing].duplicate = true
                    } else {
                        model.nodes.append((parent, name, false, clash))
                        #expect(id == model.nodes.count - 1 && builder.isDuplicate(id) == clash)
                    }
                default:
                    let existing = model.first(name, under: parent)
                    let (id, existed) = builder.listedEntry(named: name, under: parent)
                    #expect(existed == (existing != nil))
                    if let existing {
                        #expect(id == existing, "seed \(seed) step \(step): listedEntry")
                    } else {
                        model.nodes.append((parent, name, false, false))
                    }
                }
            }
            // Lookups while building see the entries not indexed yet too.
            if step % 7 == 0 {
                let parent = dirs[Int(random.next() % UInt64(dirs.count))]
                #expect(builder.child(named: name, of: parent) == model.first(name, under: parent), "seed \(seed) step \(step): child(named:)")
            }
        }
        let inventory = builder.build()
        #expect(inventory.count == model.nodes.count)
        for id in 1..<model.nodes.count {
            let node = model.nodes[id]
            #expect(inventory.isDuplicate(id) == node.duplicate, "seed \(seed): node \(id)")
            #expect(inventory.child(named: node.name, of: node.parent) == model.first(node.name, under: node.parent), "seed \(seed): node \(id)")
        }
        for parent in model.directories {
            for name in Self.names where model.first(name, under: parent) == nil {
                #expect(inventory.child(named: name, of: parent) == nil)
            }
        }
    }

    @Test(arguments: 0..<8)
    func treeSourcesInAndOutOfOrder(_ seed: Int) throws {
        try check(seed: UInt64(seed), operations: 800, listShare: 0)
    }

    @Test(arguments: 0..<8)
    func treeAndListSourcesMixed(_ seed: Int) throws {
        try check(seed: UInt64(1000 + seed), operations: 800, listShare: 30)
    }

    @Test(arguments: 0..<8)
    func listSourceInTreeOrder(_ seed: Int) throws {
        try check(seed: UInt64(2000 + seed), operations: 800, listShare: 100, listInTreeOrder: true)
    }

    @Test(arguments: 0..<8)
    func listInTreeOrderMixedWithTreeSources(_ seed: Int) throws {
        try check(seed: UInt64(3000 + seed), operations: 800, listShare: 70, listInTreeOrder: true)
    }

    /// The hand-written SipHash spreads names that differ in one byte, in the parent,
    /// or only in length, over the table: no home slot gets a pile-up.
    @Test func theSiblingHashSpreads() {
        var homes = [Int](repeating: 0, count: 1 << 12)
        var seen = Set<UInt32>()
        func add(_ parent: Int32, _ name: [UInt8]) {
            let h = name.withUnsafeBytes { SiblingNameIndex.hash(parent: parent, name: $0) }
            seen.insert(h)
            homes[SiblingNameIndex.home(h, size: homes.count)] += 1
        }
        for i in 0..<20_000 { add(7, Array("IMG_\(i).jpg".utf8)) }
        for parent in 0..<10_000 { add(Int32(parent), Array("a".utf8)) }
        for length in 0..<2_000 { add(1, [UInt8](repeating: 0, count: length)) }
        #expect(seen.count >= 31_990, "32-bit hashes of 32,000 keys barely collide")
        // 32,000 keys in 4,096 slots: about 8 per slot; a pile-up would be far above.
        #expect(homes.max()! < 30)
    }

    /// The name's last bytes are read as its last word shifted down: the same hash as
    /// packing them a byte at a time, for every length around the word size.
    @Test func theHashReadsTheLastBytesAsTheBytesGive() {
        func reference(_ parent: Int32, _ name: [UInt8], key: (UInt64, UInt64)) -> UInt32 {
            var sip = SipHash13(key: key)
            sip.compress(UInt64(UInt32(bitPattern: parent)) | UInt64(name.count) << 32)
            var i = 0
            while i + 8 <= name.count {
                var word: UInt64 = 0
                for k in 0..<8 { word |= UInt64(name[i + k]) << UInt64(8 * k) }
                sip.compress(word)
                i += 8
            }
            var last = UInt64(name.count + 8) << 56
            for k in i..<name.count { last |= UInt64(name[k]) << UInt64(8 * (k - i)) }
            sip.compress(last)
            return UInt32(truncatingIfNeeded: sip.finalize())
        }
        var random = ExhibitSynthetic.SplitMix64(seed: 61)
        for length in 0..<41 {
            for _ in 0..<20 {
                let name = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                let key = (random.next(), random.next())
                let parent = Int32(truncatingIfNeeded: random.next())
                #expect(name.withUnsafeBytes { SiblingNameIndex.hash(parent: parent, name: $0, key: key) } == reference(parent, name, key: key))
            }
        }
    }

    /// The one-pass index over more entries than one 8 MiB region of slots holds, and
    /// a directory whose table grows past the largest opening size.
    @Test func largeTreeIsIndexedCompletely() throws {
        var builder = InventoryBuilder(reservingCapacity: 10)
        let wide = builder.addEntry(name: Array("wide".utf8), parent: 0, isDirectory: true, .init())
        let count = 1_600_000
        for i in 0..<count {
            _ = builder.addEntry(name: Array("f\(i % (count - 10))".utf8), parent: wide, isDirectory: false, .init(size: UInt64(i)))
        }
        #expect(builder.duplicateCount == 10)
        let inventory = builder.build()
        for i in stride(from: 0, to: count - 10, by: 997) {
            let id = try #require(inventory.child(named: Array("f\(i)".utf8), of: wide))
            #expect(inventory.size(id) == UInt64(i), "the first of the name")
        }
        let again = try #require(inventory.lookup("wide/f3"))
        #expect(!inventory.isDuplicate(again))
        #expect(inventory.isDuplicate(inventory.count - 1))
        #expect(inventory.lookup("wide/f\(count)") == nil)
    }
}
