import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitSynthetic

/// Violations of the rules walk keep their node and make their path when it is read
/// (`ViolationPaths`): a `check` with 922k violations holds no path String per
/// violation. Checked against the construction it replaced (the parent directory's bytes
/// joined with the name, one String per violation), on random trees and rules.
@Suite struct ViolationPathOnDemandTests {
    /// The former `PathMaker.path` of the emit walk: parent bytes + "/" + name, decoded.
    static func formerPath(_ id: Int, in inventory: Inventory) -> String {
        guard let p = inventory.parent(id) else { return "" }
        let parent = inventory.pathBytes(p)
        let bytes = parent + (parent.isEmpty ? [] : [UInt8(ascii: "/")]) + inventory.nameBytes(id)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func walkViolationsMakeTheFormerPathsOnDemand() {
        var rng = SplitMix64(seed: 19)
        var walkViolations = 0
        for round in 0..<300 {
            let rules = RulesWalkDifferentialTests.randomRules(&rng)
            let inventory = RulesWalkDifferentialTests.randomInventory(&rng, partialFlags: round % 2 == 1)
            let report = check(inventory, rules: rules)
            for v in report.violations + report.undecided where v.kind != .volume {
                walkViolations += 1
                guard let node = v.node else {
                    Issue.record("a walk violation without its node: \(v.path)")
                    continue
                }
                // The memory shape: no path String held per violation.
                #expect(v.makesPathOnDemand)
                #expect(v.path == Self.formerPath(node, in: inventory))
                // Equal (and hashed alike) to the same violation with the path stored.
                var stored = v
                stored.path = v.path
                #expect(!stored.makesPathOnDemand)
                #expect(stored == v)
                #expect(stored.hashValue == v.hashValue)
            }
        }
        #expect(walkViolations > 1_000)
    }

    @Test func aNewNodeKeepsThePathMadeForTheOldOne() {
        var fixture = ContainerFixture()
        fixture.file("Documents/a.txt", 1)
        fixture.file("Library/Caches/b.bin", 2)
        let inventory = fixture.build()
        let paths = ViolationPaths(inventory: inventory)
        let ids = 0..<inventory.count
        guard let a = ids.first(where: { inventory.path($0) == "Documents/a.txt" }),
            let b = ids.first(where: { inventory.path($0) == "Library/Caches/b.bin" })
        else {
            Issue.record("the fixture's files are missing")
            return
        }
        var v = Violation(kind: .misplacedFile, node: a, paths: paths, size: 1, reason: "r")
        #expect(v.path == "Documents/a.txt")
        v.node = b
        #expect(v.path == "Documents/a.txt")
        #expect(!v.makesPathOnDemand)
        v.path = "x"
        #expect(v.path == "x")
    }
}
