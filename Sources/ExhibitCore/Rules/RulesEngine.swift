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
        violations.sort(by: reportOrder)
        var diagnostics = rulesDiagnostics
        for e in compiled.patternErrors { diagnostics.append(.error(rulesSource, "\(e); the pattern matches nothing")) }
        let proposal = Classifier.classify(violations: violations, failures: failures)
        return CheckReport(violations: violations, proposal: proposal, budgets: volume.budgets, rulesSource: rulesSource,
                           rulesDiagnostics: diagnostics)
    }

    /// Kind (blocking kinds first, in `ViolationKind` order), then path bytes, then rule name.
    static func reportOrder(_ a: Violation, _ b: Violation) -> Bool {
        let ka = ViolationKind.allCases.firstIndex(of: a.kind) ?? 0
        let kb = ViolationKind.allCases.firstIndex(of: b.kind) ?? 0
        if ka != kb { return ka < kb }
        if a.path != b.path { return a.path.utf8.lexicographicallyPrecedes(b.path.utf8) }
        return (a.ruleName ?? "").utf8.lexicographicallyPrecedes((b.ruleName ?? "").utf8)
    }
}
