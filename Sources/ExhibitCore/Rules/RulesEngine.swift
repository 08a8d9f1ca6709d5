/// The rules engine's front door: what `exhibit check` and the terminal UI call.
public enum RulesEngine {
    /// Compiles a rules inventory once; keep the result for per-node queries
    /// (`CompiledRules.details(for:in:)`) while a run is open.
    public static func compile(_ rules: RulesInventory) -> CompiledRules {
        CompiledRules(rules)
    }

    /// Holds one run against the rules: violations (grouped by kind, then path), budgets
    /// and the classifier's proposal.
    /// - Parameters:
    ///   - inventory: the container inventory; nil when the bundle has none (only
    ///     budgets from `du` can then be checked, and failing tests stay unexplained).
    ///   - rulesSource: where the rules came from, printed in the report.
    ///   - rulesDiagnostics: warnings from reading the rules file, carried into the report.
    public static func check(inventory: Inventory?, failures: [TestFailure], duTotals: [DirectoryTotal]?, rules: RulesInventory,
                             rulesSource: String, rulesDiagnostics: [Diagnostic]) -> CheckReport {
        check(inventory: inventory, failures: failures, duTotals: duTotals, compiled: CompiledRules(rules),
              rulesSource: rulesSource, rulesDiagnostics: rulesDiagnostics)
    }

    /// The same, with rules compiled already (the UI compiles once and reuses them).
    public static func check(inventory: Inventory?, failures: [TestFailure], duTotals: [DirectoryTotal]?, compiled: CompiledRules,
                             rulesSource: String, rulesDiagnostics: [Diagnostic]) -> CheckReport {
        var violations: [Violation] = []
        var allowedBytes: [Inventory.NodeID: UInt64] = [:]
        if let inventory {
            var finder = ViolationFinder(compiled: compiled, inventory: inventory)
            violations = finder.find()
            allowedBytes = finder.allowedBytes
        }
        let volume = VolumeCheck.run(inventory: inventory, duTotals: duTotals, compiled: compiled, allowedBytes: allowedBytes)
        violations += volume.warnings
        violations = inReportOrder(violations)
        var diagnostics = rulesDiagnostics
        for e in compiled.patternErrors { diagnostics.append(.error(rulesSource, "\(e); the pattern matches nothing")) }
        let proposal = Classifier.classify(violations: violations, failures: failures)
        return CheckReport(violations: violations, proposal: proposal, budgets: volume.budgets, rulesSource: rulesSource,
                           rulesDiagnostics: diagnostics)
    }

    /// Kind (blocking kinds first, in `ViolationKind` order), then path bytes, then rule name.
    static func reportOrder(_ a: Violation, _ b: Violation) -> Bool {
        let ka = kindRank(a.kind)
        let kb = kindRank(b.kind)
        if ka != kb { return ka < kb }
        let byPath = ByteCompare.compare(a.path, b.path)
        if byPath != 0 { return byPath < 0 }
        return ByteCompare.precedes(a.ruleName ?? "", b.ruleName ?? "")
    }

    /// `violations` stably sorted by `reportOrder`. Sorts indices and moves each
    /// violation once: swapping the structs themselves (strings, arrays) cost a third
    /// of `check` at 1M entries.
    static func inReportOrder(_ violations: [Violation]) -> [Violation] {
        let ranks = violations.map { kindRank($0.kind) }
        // All paths in one buffer, so a comparison is one memcmp with no String access.
        var pathBytes: [UInt8] = []
        var pathStart = [Int](repeating: 0, count: violations.count + 1)
        for (i, v) in violations.enumerated() {
            pathBytes.append(contentsOf: v.path.utf8)
            pathStart[i + 1] = pathBytes.count
        }
        let order = pathBytes.withUnsafeBufferPointer { all in
            violations.indices.sorted { i, j in
                if ranks[i] != ranks[j] { return ranks[i] < ranks[j] }
                let byPath = ByteCompare.compare(all, pathStart[i]..<pathStart[i + 1], pathStart[j]..<pathStart[j + 1])
                if byPath != 0 { return byPath < 0 }
                let byRule = ByteCompare.compare(violations[i].ruleName ?? "", violations[j].ruleName ?? "")
                if byRule != 0 { return byRule < 0 }
                return i < j
            }
        }
        return order.map { violations[$0] }
    }

    private static func kindRank(_ kind: ViolationKind) -> Int {
        ViolationKind.allCases.firstIndex(of: kind) ?? 0
    }
}
