import ExhibitCore
import ExhibitSynthetic
import Testing

@testable import ExhibitTriageUI

/// `/` over the whole container: what matches, and the order `n`/`N` meet the matches in.
@Suite struct ContainerSearchTests {
    /// Kyoto photos two levels down, a lower-case namesake, and a directory named for it.
    static func trip() -> Inventory {
        var b = InventoryBuilder()
        let docs = b.addDirectory(name: Array("Documents".utf8), parent: 0)
        let trips = b.addDirectory(name: Array("Trips".utf8), parent: docs)
        b.addFile(name: Array("Kyoto-1.jpg".utf8), parent: trips, size: 3_000)
        b.addFile(name: Array("Kyoto-2.jpg".utf8), parent: trips, size: 1_000)
        b.addFile(name: Array("notes.txt".utf8), parent: trips, size: 10)
        let lib = b.addDirectory(name: Array("Library".utf8), parent: 0)
        let caches = b.addDirectory(name: Array("Caches".utf8), parent: lib)
        let tiles = b.addDirectory(name: Array("Kyoto".utf8), parent: caches)
        b.addFile(name: Array("kyoto.tiles".utf8), parent: tiles, size: 50_000)
        b.addFile(name: Array("osaka.tiles".utf8), parent: tiles, size: 40_000)
        return b.build()
    }

    static func paths(_ search: ContainerSearch, _ inventory: Inventory) -> [String] {
        search.matches.map { inventory.path($0) }
    }

    @Test func aSubstringFindsNamesAnywhereBelowTheRoot() throws {
        let inventory = Self.trip()
        let search = ContainerSearch(try SearchPattern("Kyoto"), in: inventory, order: .bySize, sizes: UnrecordedSizeIndex(inventory))
        // Size order: Library (90 KB) before Documents (4 KB); in Trips, 3 KB before 1 KB.
        #expect(Self.paths(search, inventory) == ["Library/Caches/Kyoto", "Documents/Trips/Kyoto-1.jpg", "Documents/Trips/Kyoto-2.jpg"])
    }

    @Test func caseIsIgnoredUnlessThePatternHasACapital() throws {
        let inventory = Self.trip()
        let lower = ContainerSearch(try SearchPattern("kyoto"), in: inventory, order: SortOrder(.name), sizes: UnrecordedSizeIndex(inventory))
        #expect(
            Self.paths(lower, inventory) == [
                "Documents/Trips/Kyoto-1.jpg", "Documents/Trips/Kyoto-2.jpg", "Library/Caches/Kyoto", "Library/Caches/Kyoto/kyoto.tiles",
            ])
        #expect(!(try SearchPattern("kyoto")).caseSensitive)
        let upper = ContainerSearch(try SearchPattern("Kyoto"), in: inventory, order: SortOrder(.name), sizes: UnrecordedSizeIndex(inventory))
        #expect(!Self.paths(upper, inventory).contains("Library/Caches/Kyoto/kyoto.tiles"))
    }

    @Test func aGlobMatchesWholeNamesOrWithASlashWholePaths() throws {
        let inventory = Self.trip()
        let jpg = ContainerSearch(try SearchPattern("*.jpg"), in: inventory, order: SortOrder(.name), sizes: UnrecordedSizeIndex(inventory))
        #expect(Self.paths(jpg, inventory) == ["Documents/Trips/Kyoto-1.jpg", "Documents/Trips/Kyoto-2.jpg"])
        let question = ContainerSearch(try SearchPattern("Kyoto-?.jpg"), in: inventory, order: SortOrder(.name), sizes: UnrecordedSizeIndex(inventory))
        #expect(question.matches.count == 2)
        // `Kyoto` alone is a substring search; `Kyoto*` is a glob and must match the whole name.
        let star = ContainerSearch(try SearchPattern("Kyoto*"), in: inventory, order: SortOrder(.name), sizes: UnrecordedSizeIndex(inventory))
        #expect(Self.paths(star, inventory) == ["Documents/Trips/Kyoto-1.jpg", "Documents/Trips/Kyoto-2.jpg", "Library/Caches/Kyoto"])
        // A path glob names the directory once, not everything under it.
        let path = ContainerSearch(try SearchPattern("Library/*/Kyoto"), in: inventory, order: SortOrder(.name), sizes: UnrecordedSizeIndex(inventory))
        #expect(Self.paths(path, inventory) == ["Library/Caches/Kyoto"])
        let tiles = ContainerSearch(try SearchPattern("Library/**/*.tiles"), in: inventory, order: SortOrder(.name), sizes: UnrecordedSizeIndex(inventory))
        #expect(Self.paths(tiles, inventory) == ["Library/Caches/Kyoto/kyoto.tiles", "Library/Caches/Kyoto/osaka.tiles"])
    }

    @Test func aBadPatternSaysWhereAndWhat() {
        #expect(throws: SearchPattern.Problem.empty) { try SearchPattern("") }
        do {
            _ = try SearchPattern("photo[a")
            Issue.record("an unclosed class compiled")
        } catch {
            guard case .badGlob(let offset, let message) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(offset >= 5)
            #expect(!message.isEmpty)
        }
    }

    @Test func nAndNStepInTreeOrderAndSayWhenTheyWrap() throws {
        let inventory = Self.trip()
        let search = ContainerSearch(try SearchPattern("Kyoto"), in: inventory, order: .bySize, sizes: UnrecordedSizeIndex(inventory))
        let first = try #require(search.step(from: nil, forward: true, in: inventory))
        #expect(first.index == 0 && !first.wrapped)
        // From the root's first child (Library), the next match is below it.
        let library = try #require(inventory.lookup("Library"))
        #expect(search.step(from: library, forward: true, in: inventory)?.node == inventory.lookup("Library/Caches/Kyoto"))
        // From a match, n goes to the next one; from the last, it wraps to the first.
        let second = try #require(search.step(from: search.matches[0], forward: true, in: inventory))
        #expect(second.index == 1)
        let wrapped = try #require(search.step(from: search.matches[2], forward: true, in: inventory))
        #expect(wrapped.index == 0 && wrapped.wrapped)
        #expect(ContainerSearch.status(wrapped, of: search, forward: true) == "match 1 of 3 (search hit BOTTOM, continuing at TOP)")
        // N from the first wraps to the last; from a non-match between, it goes back.
        let back = try #require(search.step(from: search.matches[0], forward: false, in: inventory))
        #expect(back.index == 2 && back.wrapped)
        let notes = try #require(inventory.lookup("Documents/Trips/notes.txt"))
        #expect(search.step(from: notes, forward: false, in: inventory)?.index == 2)
        #expect(search.step(from: notes, forward: true, in: inventory)?.wrapped == true)
        #expect(ContainerSearch.status(second, of: search, forward: true) == "match 2 of 3")
    }

    @Test func noMatchesGiveNoStep() throws {
        let inventory = Self.trip()
        let search = ContainerSearch(try SearchPattern("Nara"), in: inventory, order: .bySize, sizes: UnrecordedSizeIndex(inventory))
        #expect(search.matches.isEmpty)
        #expect(search.step(from: nil, forward: true, in: inventory) == nil)
    }

    /// The order of the matches is the order a walk of the tree as drawn meets them:
    /// every directory listed with `DirectoryListing.sorted`, for every sort order; also
    /// with sizes the scan did not record (`unreadable`: no size, ncdu `read_error`),
    /// which the size order puts last.
    @Test(arguments: [false, true]) func matchesAreInTheOrderTheTreeDrawsThem(unreadable: Bool) throws {
        var rng = SplitMix64(seed: 1_812)
        let orders = [SortOrder.bySize, SortOrder(.size, reversed: true), SortOrder(.name), SortOrder(.name, reversed: true), SortOrder(.count)]
        for _ in 0..<40 {
            var b = InventoryBuilder()
            var directories = [0]
            for i in 0..<Int(rng.next() % 60) + 5 {
                let parent = directories[Int(rng.next() % UInt64(directories.count))]
                let name = Array((["a", "B", "ab", "Ab", "x"][Int(rng.next() % 5)] + "\(rng.next() % 4)").utf8)
                if rng.next() % 3 == 0 {
                    directories.append(b.addDirectory(name: name + Array("d\(i)".utf8), parent: parent))
                } else {
                    let size = rng.next() % 4 * 100
                    b.addFile(name: name, parent: parent, size: size, readError: unreadable && size == 0 && i % 2 == 0)
                }
            }
            let inventory = b.build()
            let sizes = UnrecordedSizeIndex(inventory)
            #expect(sizes.isEmpty == !inventory.hasUnrecordedSizes)
            for order in orders {
                let search = ContainerSearch(try SearchPattern("a"), in: inventory, order: order, sizes: sizes)
                var drawn: [Inventory.NodeID] = []
                func walk(_ directory: Inventory.NodeID) {
                    for child in DirectoryListing.sorted(inventory, directory: directory, order: order, sizes: sizes) {
                        if inventory.nameBytes(child).contains(where: { $0 == UInt8(ascii: "a") || $0 == UInt8(ascii: "A") }) { drawn.append(child) }
                        walk(child)
                    }
                }
                walk(Inventory.root)
                // Names may repeat among siblings; compare paths, whose order is what a user sees.
                #expect(search.matches.map { inventory.path($0) } == drawn.map { inventory.path($0) }, "\(order)")
            }
        }
    }
}
