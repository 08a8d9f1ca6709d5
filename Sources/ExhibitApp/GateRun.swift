import ExhibitCore

/// `check`: holding a run against its rules as a pre-merge gate. The report is made
/// first (the command prints it whatever the verdict), then the verdict: a gate never
/// passes on evidence it could not read.
public struct GateRun: Sendable {
    public let bundle: EvidenceBundle
    public let report: CheckReport

    public init(path: String, rulesOverride: String?, watching: (any LoadWatching)? = nil) throws(InputError) {
        bundle = try RunInput.loadRun(path, watching: watching)
        report = try RulesInput.check(bundle, override: rulesOverride)
    }

    /// The gate's outcome, and for an outcome other than a pass or a blocking
    /// violation why the run was not checked (one line, for standard error).
    public var verdict: (outcome: Outcome, refusal: String?) {
        // Without a container inventory there is nothing to hold against the rules,
        // and a broken inventory.json (the one the bundle meant) is not replaced by files.txt.
        guard bundle.inventory != nil else {
            let why = bundle.inventoryProblems
            return (
                .notChecked,
                "\(TerminalText.escape(bundle.runID)): no container inventory could be read, so the backup boundary was not checked"
                    + (why.isEmpty
                        ? " (container/inventory.json and container/files.txt are missing)"
                        : ": " + TerminalText.sanitized(why.joined(separator: "; ")))
            )
        }
        let run = TerminalText.escape(bundle.runID)
        if let problem = report.evidence?.authoritativeInventoryProblem {
            return (
                .notChecked,
                TerminalText.sanitized(
                    "\(run): \(problem); the run was not checked against it, so the gate fails closed"
                        + " (the findings above are from \(bundle.inventorySource ?? "?"))")
            )
        }
        // Flags that could not be read may have made the findings, blocking ones included.
        if report.findingsVoided, let why = report.whyNotDecided {
            return (.notChecked, TerminalText.sanitized("\(run): the gate fails closed: \(why)"))
        }
        if report.hasBlocking { return (.blockingViolation, nil) }
        // Nothing known blocks, but a blocking rule could not be decided or part of the
        // container was not seen: not a pass.
        if let why = report.whyNotDecided {
            return (.notChecked, TerminalText.sanitized("\(run): nothing known blocks, but \(why)"))
        }
        return (.success, nil)
    }
}
