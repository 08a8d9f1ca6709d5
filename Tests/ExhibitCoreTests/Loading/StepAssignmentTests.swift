import Testing

@testable import ExhibitCore
@testable import ExhibitSynthetic

/// Issue 19: steps.tsv records are resolved one after another, reusing the last record's
/// directory and trying the node after the last one found before the index. Against a
/// lookup of every path from the root (what the code did before), on random inventories
/// and record lists: in node order, shuffled, with repeats, absent paths and `./` or `//`
/// spellings.
@Suite struct StepAssignmentTests {
    @Test(arguments: 0..<8)
    func theCursorGivesWhatALookupFromTheRootGives(_ seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        let words = ["a", "b", "é", "c d", "e.txt"]
        var builder = InventoryBuilder()
        var paths: [String] = []
        for _ in 0..<300 {
            let depth = 1 + Int(random.next() % 4)
            var parent = Inventory.root
            var path = ""
            for level in 0..<depth {
                let word = words[Int(random.next() % UInt64(words.count))]
                path += (level == 0 ? "" : "/") + word
                if level < depth - 1 {
                    parent = builder.listedDirectory(named: Array(word.utf8), under: parent)
                } else {
                    _ = builder.listedEntry(named: Array(word.utf8), under: parent)
                }
            }
            paths.append(path)
        }
        let inventory = builder.build()
        // No duplicates: the path of a record names one node, and the cursor is used.
        #expect(!inventory.nodes.contains { $0.flags.contains(.duplicate) })
        // Every node's path once, in node order (as a steps file beside the listing names
        // them), then disturbed.
        var recordPaths = (1..<inventory.count).map { inventory.path($0) }
        if seed % 2 == 1 {
            for i in stride(from: recordPaths.count - 1, to: 0, by: -1) { recordPaths.swapAt(i, Int(random.next() % UInt64(i + 1))) }
        }
        for _ in 0..<40 {
            switch random.next() % 4 {
            case 0: recordPaths.insert("absent/" + paths[Int(random.next() % UInt64(paths.count))], at: Int(random.next() % UInt64(recordPaths.count)))
            case 1: recordPaths.append(recordPaths[Int(random.next() % UInt64(recordPaths.count))])
            case 2: recordPaths.insert("./" + paths[Int(random.next() % UInt64(paths.count))], at: Int(random.next() % UInt64(recordPaths.count)))
            default: recordPaths.insert(paths[Int(random.next() % UInt64(paths.count))].split(separator: "/").joined(separator: "//"), at: 0)
            }
        }
        let steps = ["one", "two", "three"]
        let records = recordPaths.enumerated().map {
            StepRecord(step: steps[Int(random.next() % 3)], path: $0.element, line: $0.offset + 1)
        }

        var assigned = inventory
        let unmatched = StepAssignment.apply(records, to: &assigned)

        // The reference: each record looked up from the root; the last one naming a node wins.
        var winner: [Int: Int] = [:]
        var found: [Int?] = []
        for (i, r) in records.enumerated() {
            let node = ContainerPath.normalizedBytes(Array(r.path.utf8)[...]).flatMap { inventory.lookup(bytes: $0) }
            found.append(node)
            if let node { winner[node] = i }
        }
        let expectedUnmatched = records.indices.filter { found[$0] == nil || winner[found[$0]!] != $0 }.map { records[$0] }
        #expect(unmatched == expectedUnmatched, "seed \(seed)")
        for id in 1..<inventory.count {
            #expect(assigned.step(id) == winner[id].map { records[$0].step }, "seed \(seed), node \(inventory.path(id))")
        }
    }
}
