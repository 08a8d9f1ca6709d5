import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitSynthetic

/// The rules walk cut in two and walked at once (`ViolationFinder+Halves.swift`) must
/// leave exactly what one walk leaves: every file's signature id, the findings and
/// signatures in the order one walk would have numbered them, the allowed bytes and
/// the report. Checked on random trees and rules cut before every file, and on
/// generated containers large enough for the automatic cut.
@Suite struct RulesWalkHalvesTests {
    struct WalkResult: Equatable {
        var signatureOf: [Int32]
        var findings: [ViolationFinder.Finding]
        var signatures: [[Int32]]
        var singleSignature: [Int32]
        var allowedBytes: [Int: UInt64]
    }

    static func walk(_ compiled: CompiledRules, _ inventory: Inventory, split: ViolationFinder.WalkSplit) -> WalkResult {
        var finder = ViolationFinder(compiled: compiled, inventory: inventory)
        let signatureOf = finder.walk(split: split)
        return WalkResult(
            signatureOf: signatureOf, findings: finder.findings.values, signatures: finder.signatures.values,
            singleSignature: finder.singleSignature, allowedBytes: finder.allowedBytes)
    }

    /// The `childIndex` positions in the order the walk visits them, and for each
    /// whether it holds a file `fileCount` counts: the reference for where a cut falls.
    static func visitOrder(_ inventory: Inventory) -> [(position: Int, node: Int, countedFile: Bool)] {
        var out: [(Int, Int, Bool)] = []
        inventory.withRulesWalkStorage { storage in
            func visit(_ node: Inventory.Node) {
                for position in storage.childRange(node) {
                    let child = Int(storage.childIndex[position])
                    let isDirectory = storage.nodes[child].directory >= 0
                    out.append((position, child, !isDirectory && inventory.fileCount(child) == 1))
                    if isDirectory { visit(storage.nodes[child]) }
                }
            }
            visit(storage.nodes[Inventory.root])
        }
        return out
    }

    @Test func cutBeforeEveryFileTheHalvesLeaveWhatOneWalkLeaves() {
        var rng = SplitMix64(seed: 19)
        var cuts = 0
        var secondHalvesWithNewFindings = 0
        for round in 0..<150 {
            let compiled = CompiledRules(RulesWalkDifferentialTests.randomRules(&rng))
            let inventory = RulesWalkDifferentialTests.randomInventory(&rng, partialFlags: round % 2 == 1)
            let one = Self.walk(compiled, inventory, split: .none)
            let order = Self.visitOrder(inventory)
            for n in 1..<max(inventory.totalFiles, 1) {
                cuts += 1
                let path = inventory.withRulesWalkStorage {
                    ViolationFinder.WalkSplit.path(toFile: n, storage: $0, inventory: inventory)
                }
                guard let path else {
                    Issue.record("round \(round): no cut before file \(n) of \(inventory.totalFiles)")
                    continue
                }
                // The cut is just before the n-th counted file in walk order: the
                // first half walks exactly the positions before it.
                guard let at = order.firstIndex(where: { $0.position == path[path.count - 1] }) else {
                    Issue.record("round \(round), cut \(n): position \(path) is not visited")
                    continue
                }
                #expect(order[..<at].filter(\.countedFile).count == n, "round \(round), cut \(n)")
                let halves = Self.walk(compiled, inventory, split: .beforeFile(n))
                if halves != one { Issue.record("round \(round), cut before file \(n): the halves differ from one walk") }
                // Whether the second half met findings the first had not (they are renumbered).
                let firstHalf = Set(
                    order[..<at].flatMap { visit -> [Int32] in
                        let sig = one.signatureOf[visit.node]
                        return sig >= 0 ? one.signatures[Int(sig)] : []
                    })
                if firstHalf.count < one.findings.count { secondHalvesWithNewFindings += 1 }
            }
            // A cut that would leave a half empty is one walk.
            #expect(inventory.withRulesWalkStorage { ViolationFinder.WalkSplit.path(toFile: 0, storage: $0, inventory: inventory) } == nil)
            #expect(
                inventory.withRulesWalkStorage {
                    ViolationFinder.WalkSplit.path(toFile: inventory.totalFiles, storage: $0, inventory: inventory)
                } == nil)
        }
        // The renumbering was exercised: cuts whose second half met findings the first had not.
        #expect(cuts > 3_000)
        #expect(secondHalvesWithNewFindings > 100)
    }

    static var generatedRules: RulesInventory {
        var rules = RulesInventory()
        let made: [(String, RestoreRequirement)] = [
            ("Documents/**/*.pdf", .regenerable), ("Documents/**/photo *", .mustRestore), ("Library/Caches/**", .regenerable),
            ("**/*.json", .regenerable), ("tmp/**", .transient), ("Library/Application Support/**/*.db", .mustRestore),
            ("**/track *", .transient),
        ]
        for (i, (pattern, requirement)) in made.enumerated() {
            rules.rules.append(BackupRule(name: "rule-\(i)", pattern: pattern, requirement: requirement))
        }
        rules.documentsAllowlist = ["Documents/Café Menu 1*/**"]
        rules.allowedLargeResources = [AllowedResource(pattern: "Library/**/*.bin", reason: "model")]
        return rules
    }

    @Test(arguments: SyntheticRun.Shape.allCases, SyntheticRun.Violations.allCases)
    func aGeneratedContainerIsCutAutomaticallyAndReportsAsOneWalk(_ shape: SyntheticRun.Shape, _ violations: SyntheticRun.Violations) {
        let inventory = SyntheticRun(fileCount: 80_000, shape: shape, violations: violations).makeInventory()
        #expect(inventory.count >= ViolationFinder.WalkSplit.threshold)
        let compiled = CompiledRules(Self.generatedRules)
        let meeting = inventory.withRulesWalkStorage { ViolationFinder.WalkSplit.automatic.meeting(in: $0, inventory: inventory) }
        #expect(meeting != nil)
        let one = Self.walk(compiled, inventory, split: .none)
        #expect(Self.walk(compiled, inventory, split: .automatic) == one)
        #expect(one.signatureOf.contains { $0 > 0 })

        var oneFinder = ViolationFinder(compiled: compiled, inventory: inventory)
        var halvesFinder = ViolationFinder(compiled: compiled, inventory: inventory)
        let (oneList, oneUndecided) = oneFinder.find(split: .none)
        let (halvesList, halvesUndecided) = halvesFinder.find(split: .automatic)
        #expect(oneList.count > 1_000)
        #expect(Array(halvesList) == Array(oneList))
        #expect(halvesUndecided == oneUndecided)
    }

    @Test func aSmallInventoryIsWalkedOnce() {
        let inventory = SyntheticRun(fileCount: 2_000).makeInventory()
        #expect(inventory.withRulesWalkStorage { ViolationFinder.WalkSplit.automatic.meeting(in: $0, inventory: inventory) } == nil)
    }
}
