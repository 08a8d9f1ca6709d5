import Testing

@testable import ExhibitCore
@testable import ExhibitTriageUI

/// `ContainerSearch.treeOrdered` walks only the paths to the nodes it orders (issue 19:
/// frame p99 at 10M entries). It must give the order of the plain definition it
/// replaced: nodes sorted by their chains of sibling keys (`treeKey`), for every sort
/// order, on trees with ties in size, file count and folded name, with sizes not
/// recorded (which the size order puts last), and with nodes asked for twice, ancestors
/// beside their descendants, and the root.
@Suite struct TreeOrderDifferentialTests {
    /// A small deterministic generator (the tests must repeat exactly).
    private struct LCG {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    private static let names = ["a", "A", "b", "B", "a b", "é", "e\u{301}", "z", "Z1", "10", "9"]

    private static func randomInventory(_ rng: inout LCG, entries: Int) -> Inventory {
        var builder = InventoryBuilder()
        var directories = [Inventory.root]
        for i in 0..<entries {
            let parent = directories[rng.next(directories.count)]
            let name = Array((names[rng.next(names.count)] + (rng.next(3) == 0 ? "" : "\(i)")).utf8)
            if rng.next(3) == 0 {
                let size = UInt64(rng.next(3) * 4096)
                directories.append(builder.addDirectory(name: name, parent: parent, size: size, readError: size == 0 && rng.next(5) == 0))
            } else {
                let size = UInt64(rng.next(4) * 100)
                builder.addFile(name: name, parent: parent, size: size, readError: size == 0 && rng.next(3) == 0)
            }
        }
        return builder.build()
    }

    private static func reference(_ nodes: [Inventory.NodeID], in inventory: Inventory, order: SortOrder) -> [Inventory.NodeID] {
        let sizes = UnrecordedSizeIndex(inventory)
        let keyed = nodes.map { (node: $0, key: ContainerSearch.treeKey($0, in: inventory, order: order, sizes: sizes)) }
        return keyed.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map(\.node)
    }

    @Test func theWalkGivesTheOrderOfComparingKeyChains() {
        var rng = LCG(state: 19)
        let orders = [SortOrder.Key.size, .name, .count].flatMap { [SortOrder($0), SortOrder($0, reversed: true)] }
        for round in 0..<60 {
            let inventory = Self.randomInventory(&rng, entries: 5 + rng.next(300))
            for order in orders {
                var nodes = (0..<rng.next(60)).map { _ in rng.next(inventory.count) }
                if round % 5 == 0 { nodes += nodes.prefix(3) }  // asked for twice
                #expect(
                    ContainerSearch.treeOrdered(nodes, in: inventory, order: order, sizes: UnrecordedSizeIndex(inventory))
                        == Self.reference(nodes, in: inventory, order: order),
                    "round \(round), \(order)")
            }
        }
    }

    @Test func everyNodeOfATreeComesOutInPreorder() {
        var rng = LCG(state: 7)
        let inventory = Self.randomInventory(&rng, entries: 400)
        let all = Array(0..<inventory.count).reversed().map { $0 }
        let ordered = ContainerSearch.treeOrdered(all, in: inventory, order: SortOrder(.size), sizes: UnrecordedSizeIndex(inventory))
        #expect(ordered == Self.reference(all, in: inventory, order: SortOrder(.size)))
        #expect(ordered.first == Inventory.root)
        // Each node after its parent.
        var seen: Set<Inventory.NodeID> = []
        for node in ordered {
            if let parent = inventory.parent(node) { #expect(seen.contains(parent)) }
            seen.insert(node)
        }
    }
}
