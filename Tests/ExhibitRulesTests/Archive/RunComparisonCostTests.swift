import ExhibitTestSupport
import Testing

@testable import ExhibitCore
@testable import ExhibitRules

/// The comparison's joins (moves by path below the area, violations by kind, rule and
/// path, flag changes collapsed on the walk) stay linear: each shape at two sizes, eight
/// times apart, bounded by a generous ratio of the fastest of three runs, as
/// `HostileCostTests` does (Tests/bench holds the figures).
@Suite(.serialized) struct RunComparisonCostTests {
    static let factor = CostRatio.factor

    static func expectLinear(_ what: String, size: Int, sourceLocation: SourceLocation = #_sourceLocation, _ work: (Int) -> Void) {
        let m = CostRatio.measure(size: size, work)
        #expect(
            m.ratio < CostRatio.linearBound, "\(what): \(m.size) cost \(m.small) s, \(m.size * factor) cost \(m.large) s (×\(m.ratio))",
            sourceLocation: sourceLocation)
    }

    /// `count` files under `area` in 64 directories, each flagged on its own when `flagged`.
    static func inventory(_ area: [String], count: Int, flagged: Bool) -> Inventory {
        var b = InventoryBuilder()
        func directory(_ path: [String]) -> Int {
            path.reduce(0) { parent, name in b.addDirectory(name: Array(name.utf8), parent: parent) }
        }
        let top = directory(area)
        let dirs = (0..<64).map { b.addDirectory(name: Array("d\($0)".utf8), parent: top) }
        for i in 0..<count { b.addFile(name: Array("f\(i)".utf8), parent: dirs[i % 64], size: 10, excluded: flagged) }
        return b.build()
    }

    static func report(_ violations: [Violation]) -> CheckReport {
        CheckReport(
            violations: violations,
            proposal: ClassificationProposal(
                proposed: .notBoundaryFailure, confidence: .noEvidence, evidence: [], links: [], unexplainedTests: [],
                rationale: ""),
            budgets: [], rulesSource: "rules.json", rulesDiagnostics: [])
    }

    @Test func everyFileMoved() {
        Self.expectLinear("every file moved from Caches to Documents", size: 4_000) { n in
            let base = Self.inventory(["Library", "Caches"], count: n, flagged: false)
            let run = Self.inventory(["Documents"], count: n, flagged: false)
            let c = RunComparison(
                baseRunID: "b", base: base, baseReport: Self.report([]), baseResults: nil, runID: "r", run: run,
                report: Self.report([]), results: nil)
            precondition(c.files.moves.count == n)
        }
    }

    @Test func everyFileLostItsOwnFlag() {
        Self.expectLinear("every file's own flag lost", size: 4_000) { n in
            let area = ["Library", "Application Support"]
            let c = RunComparison(
                baseRunID: "b", base: Self.inventory(area, count: n, flagged: true), baseReport: Self.report([]),
                baseResults: nil, runID: "r", run: Self.inventory(area, count: n, flagged: false), report: Self.report([]),
                results: nil)
            precondition(c.files.flagChanges.count == n)
        }
    }

    @Test func everyViolationChanged() {
        Self.expectLinear("every violation new or fixed", size: 8_000) { n in
            let inventory = Self.inventory(["Documents"], count: 1, flagged: false)
            let base = (0..<n).map { Violation(kind: .misplacedFile, path: "Documents/f\($0)", size: 1, ruleName: "r", reason: "") }
            let run = (0..<n).map { Violation(kind: .misplacedFile, path: "Documents/g\($0)", size: 1, ruleName: "r", reason: "") }
            let c = RunComparison(
                baseRunID: "b", base: inventory, baseReport: Self.report(base), baseResults: nil, runID: "r", run: inventory,
                report: Self.report(run), results: nil)
            precondition(c.violations.new.count == n && c.violations.fixed.count == n)
        }
    }
}
