import ExhibitCore

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
    public static func check(
        inventory: Inventory?, failures: [TestFailure], duTotals: [DirectoryTotal]?, rules: RulesInventory,
        rulesSource: String, rulesDiagnostics: [Diagnostic]
    ) -> CheckReport {
        check(
            inventory: inventory, failures: failures, duTotals: duTotals, compiled: CompiledRules(rules),
            rulesSource: rulesSource, rulesDiagnostics: rulesDiagnostics)
    }

    /// The same, with rules compiled already (the UI compiles once and reuses them).
    public static func check(
        inventory: Inventory?, failures: [TestFailure], duTotals: [DirectoryTotal]?, compiled: CompiledRules,
        rulesSource: String, rulesDiagnostics: [Diagnostic]
    ) -> CheckReport {
        var violations: ViolationList = []
        var undecided: [Violation] = []
        var allowedBytes: [Inventory.NodeID: UInt64] = [:]
        var allowedUnrecorded: [Inventory.NodeID: Int] = [:]
        if let inventory {
            var finder = ViolationFinder(compiled: compiled, inventory: inventory)
            (violations, undecided) = finder.find()
            allowedBytes = finder.allowedBytes
            allowedUnrecorded = finder.allowedUnrecorded
        }
        let volume = VolumeCheck.run(
            inventory: inventory, duTotals: duTotals, compiled: compiled, allowedBytes: allowedBytes, allowedUnrecorded: allowedUnrecorded)
        violations += volume.warnings
        sortInReportOrder(&violations)
        var diagnostics = rulesDiagnostics
        for e in compiled.patternErrors { diagnostics.append(.error(rulesSource, "\(e); the pattern matches nothing")) }
        let proposal = Classifier.classify(violations: violations, failures: failures, containerRecorded: inventory != nil)
        var report = CheckReport(
            violations: violations, proposal: proposal, budgets: volume.budgets, rulesSource: rulesSource,
            rulesDiagnostics: diagnostics)
        report.containerChecked = inventory != nil
        sortInReportOrder(&undecided)
        report.undecided = undecided
        if let inventory { report.undecidedFlagCauses = inventory.unknownFlagCauses(of: undecided) }
        sayWhatIsUndecided(&report)
        return report
    }

    /// The whole bundle: the container checks above, plus the preference contracts
    /// against the archived preference files and the background tasks against the
    /// built app's Info.plist. What `exhibit check` and the terminal UI call.
    public static func check(
        bundle: EvidenceBundle, compiled: CompiledRules, rulesSource: String,
        rulesDiagnostics: [Diagnostic]
    ) -> CheckReport {
        var report = check(
            inventory: bundle.inventory, failures: bundle.failures, duTotals: bundle.duTotals, compiled: compiled,
            rulesSource: rulesSource, rulesDiagnostics: rulesDiagnostics)
        report.unchecked = UncheckedEvidence.assess(bundle)
        let rules = compiled.rules
        let hasTestResults = !bundle.results.isEmpty
        guard !rules.preferences.isEmpty || !rules.backgroundTasks.isEmpty || !hasTestResults else {
            sayWhatIsUndecided(&report)
            return report
        }
        var extra: [Violation] = []
        if !rules.preferences.isEmpty {
            let prefs = PreferenceCheck.run(
                contracts: rules.preferences, preferences: PreferenceCheck.Copies(bundle: bundle), inventory: bundle.inventory,
                caseSensitive: rules.caseSensitive)
            extra += prefs.violations
            report.preferences = prefs.observations
            report.unchecked += uncheckedPreferences(prefs.observations)
        }
        if !rules.backgroundTasks.isEmpty {
            let tasks = BackgroundTaskCheck.run(
                tasks: rules.backgroundTasks, infoPlist: bundle.appInfo, infoPlistProblem: bundle.appInfoPlistProblem,
                failures: bundle.failures)
            extra += tasks.violations
            report.backgroundTasks = tasks.assessment
            if let problem = tasks.assessment.infoPlistProblem {
                // A blocking check that could not be made: said once, under "not checked".
                let names = listed(rules.backgroundTasks.map { TerminalText.escape($0.identifier) })
                let n = rules.backgroundTasks.count
                report.unchecked.append(
                    UncheckedEvidence(
                        kind: .appInfoPlist,
                        reason: "\(problem): the background task\(n == 1 ? "" : "s") \(names) \(n == 1 ? "was" : "were") not checked against it"))
            }
        }
        // Classified again with the background-task verdict and whether there are results:
        // the tests may be explained by the app's configuration, or not known at all.
        report.violations += extra
        if !extra.isEmpty { sortInReportOrder(&report.violations) }
        report.proposal = Classifier.classify(
            violations: report.violations, failures: bundle.failures, backgroundTasks: report.backgroundTasks,
            hasTestResults: hasTestResults, containerRecorded: bundle.inventory != nil)
        sayWhatIsUndecided(&report)
        return report
    }

    /// The preference files whose contracts the evidence does not decide, one entry per
    /// file: where it stands, why it was not read, and which contracts it leaves undecided.
    static func uncheckedPreferences(_ observations: [PreferenceObservation]) -> [UncheckedEvidence] {
        var files: [String] = []
        var byFile: [String: [PreferenceObservation]] = [:]
        for o in observations where !o.isDecided {
            if byFile[o.file] == nil { files.append(o.file) }
            byFile[o.file, default: []].append(o)
        }
        return files.map { file in
            let undecided = byFile[file] ?? []
            let n = undecided.count
            let names = listed(undecided.map { TerminalText.escape($0.contract) })
            let problem = undecided.first?.problem ?? "its copy could not be read"
            return UncheckedEvidence(
                kind: .preferenceCopy,
                reason: "\(TerminalText.escape(file)): \(problem): the preference contract\(n == 1 ? "" : "s") \(names) \(n == 1 ? "was" : "were") not checked")
        }
    }

    /// `a`, `a and b`, `a, b and c`; beyond five, the first four and how many more.
    static func listed(_ names: [String]) -> String {
        let shown = names.count > 5 ? Array(names.prefix(4)) + ["\(names.count - 4) more"] : names
        guard shown.count > 1, let last = shown.last else { return shown.first ?? "" }
        return shown.dropLast().joined(separator: ", ") + " and " + last
    }

    /// With nothing known to block but rules undecided or parts of the container not
    /// seen, "no boundary failure" would claim more than the evidence shows: the
    /// rationale says what could not be decided. So does a proposal whose findings rest
    /// on a flag record that could not be read.
    static func sayWhatIsUndecided(_ report: inout CheckReport) {
        guard !report.findingsDecide, let why = report.whyNotDecided else { return }
        let noResults = report.proposal.confidence == .noTestResults
        report.proposal.confidence = .notDecided
        report.proposal.rationale =
            (noResults ? Classifier.noResultsRationale + " " : "")
            + (report.hasBlocking ? "The findings may be wrong: " : "No known violation blocks, but ") + why + "."
    }

    /// Kind (blocking kinds first, in `ViolationKind` order), then path bytes, then rule
    /// name (byte order, what `LC_ALL=C sort` gives); equal keys keep their order.
    static func inReportOrder(_ violations: [Violation]) -> [Violation] {
        var sorted = violations
        sortInReportOrder(&sorted)
        return sorted
    }

    /// The indices of `bounds` in key order: the kind's rank, then the key's bytes in
    /// `flat` (compared with `memcmp`). Stable (the standard library's sort is), so equal
    /// keys keep their order.
    static func orderByFlatKeys(_ flat: [UInt8], _ bounds: [(rank: Int, start: Int, end: Int)]) -> [Int] {
        var order = Array(bounds.indices)
        flat.withUnsafeBufferPointer { bytes in
            bounds.withUnsafeBufferPointer { keys in
                order.sort { i, j in
                    let a = keys[i]
                    let b = keys[j]
                    if a.rank != b.rank { return a.rank < b.rank }
                    return ByteCompare.compare(bytes, a.start..<a.end, b.start..<b.end) < 0
                }
            }
        }
        return order
    }

    /// `inReportOrder` in place. The keys are laid out once in one flat buffer and
    /// indices are sorted (keys compared with `memcmp`), then the violations are moved
    /// along the permutation's cycles: a container with 300,000 misplaced files sorts
    /// without touching reference counts or copying the array.
    static func sortInReportOrder(_ violations: inout [Violation]) {
        var flat: [UInt8] = []
        var bounds: [(rank: Int, start: Int, end: Int)] = []
        bounds.reserveCapacity(violations.count)
        for i in violations.indices {
            let start = flat.count
            appendUTF8(of: violations[i].path, to: &flat)
            flat.append(0)  // paths hold no NUL: "a" + rule sorts before "a/b"
            if let rule = violations[i].ruleName { appendUTF8(of: rule, to: &flat) }
            bounds.append((rank(violations[i].kind), start, flat.count))
        }
        let order = orderByFlatKeys(flat, bounds)
        // violations[i] becomes the old violations[order[i]], moved (not copied) cycle by cycle.
        var placed = [Bool](repeating: false, count: order.count)
        violations.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for start in order.indices where !placed[start] {
                placed[start] = true
                guard order[start] != start else { continue }
                let carried = (base + start).move()
                var i = start
                while order[i] != start {
                    let j = order[i]
                    (base + i).moveInitialize(from: base + j, count: 1)
                    placed[j] = true
                    i = j
                }
                (base + i).initialize(to: carried)
            }
        }
    }

    /// The string's UTF-8 from its own storage when it has one (no copy of the String).
    private static func appendUTF8(of s: String, to bytes: inout [UInt8]) {
        if s.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil { bytes.append(contentsOf: s.utf8) }
    }

    static func rank(_ kind: ViolationKind) -> Int {
        switch kind {
        case .unsetAttribute: 0
        case .misplacedFile: 1
        case .skippedCleanup: 2
        case .configuration: 3
        case .preference: 4
        case .volume: 5
        case .unruled: 6
        }
    }
}
