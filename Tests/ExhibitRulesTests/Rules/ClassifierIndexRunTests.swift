import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitSynthetic

/// The classifier takes the boundary violations of a report in report order as one run
/// of indices (a range, no index array) and any other order as an array. Both ways must
/// propose the same: here a warning put between the boundary violations breaks the run,
/// and the proposal must be the one without it, its indices shifted past the warning.
@Suite struct ClassifierIndexRunTests {
    @Test func aBrokenRunOfBoundaryIndicesProposesWhatTheRunDoes() {
        var rng = SplitMix64(seed: 619)
        var compared = 0
        for round in 0..<60 {
            let inventory = GroupedViolationsDifferentialTests.randomInventory(&rng, duplicates: false, invalid: round % 7 == 3)
            let rules = GroupedViolationsDifferentialTests.randomRules(&rng)
            let someNode = inventory.count > 1 ? 1 + Int(rng.next() % UInt64(inventory.count - 1)) : 0
            let texts = ["\(inventory.path(someNode)) still exists", "tmp is not empty", "rule all-regenerable broke", "a-c/a.b gone"]
            let failures = (0..<(1 + Int(rng.next() % 3))).map { k in
                TestFailure(testName: "testCase\(k)()", identifier: nil, failureText: texts[Int(rng.next() % UInt64(texts.count))])
            }
            let report = RulesEngine.check(
                inventory: inventory, failures: failures, duTotals: nil, rules: rules, rulesSource: "rules.json", rulesDiagnostics: [])
            let boundary = report.violations.indices.filter { report.violations.kind(at: $0).isBoundaryFailure }
            guard boundary.count > 2 else { continue }
            let cut = boundary[1 + Int(rng.next() % UInt64(boundary.count - 2))]
            var broken = report.violations
            broken.insert(Violation(kind: .volume, path: "Library", size: 1, reason: "over its budget"), at: cut)
            let shifted = { (i: Int) in i >= cut ? i + 1 : i }
            var expected = Classifier.classify(violations: report.violations, failures: failures)
            expected.evidence = expected.evidence.map(shifted)
            for k in expected.links.indices { expected.links[k].violations = expected.links[k].violations.map(shifted) }
            #expect(Classifier.classify(violations: broken, failures: failures) == expected, "round \(round)")
            compared += 1
        }
        #expect(compared > 20)
    }
}
