import Testing

@testable import ExhibitCore
@testable import ExhibitRules

/// The comparison's joins (moves by path below the area, violations by kind, rule and
/// path, flag changes collapsed on the walk) stay linear: each shape at two sizes, eight
/// times apart, bounded by a generous ratio of the fastest of three runs, as
/// `HostileCostTests` does (Tests/bench holds the figures).
@Suite(.serialized) struct RunComparisonCostTests {
    static let factor = 8
    static let bound = 24.0

    static func seconds(_ size: Int, _ work: (Int) -> Void) -> Double {
        let clock = ContinuousClock()
        var best = Double.infinity
        for _ in 0..<3 {
            let start = clock.now
            work(size)
            let d = clock.now - start
            best = min(best, Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18)
        }
        return best
    }

    static func expectLinear(_ what: String, size: Int, sourceLocation: SourceLocation = #_sourceLocation, _ work: (Int) -> Void) {
        work(size)  // warm up
        let small = seconds(size, work)
        let large = seconds(size * factor, work)
        let ratio = large / max(small, 0.001)
        #expect(
            ratio < bound, "\(what): \(size) cost \(small) s, \(size * factor) cost \(large) s (×\(ratio))",
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
