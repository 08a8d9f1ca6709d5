import ExhibitCore
import ExhibitRules

/// `diff`: what a run started writing since a base run, with the run's steps and
/// violations beside each file.
public struct DiffRuns: Sendable {
    public let base: EvidenceBundle
    public let run: EvidenceBundle
    public let diff: InventoryDiff

    /// Both runs need a container inventory; the run is held against its rules (or `rulesOverride`).
    public init(basePath: String, runPath: String, rulesOverride: String?) throws(InputError) {
        base = try RunInput.loadRun(basePath)
        run = try RunInput.loadRun(runPath)
        guard let baseInventory = base.inventory else { throw InputError(description: "\(basePath): no container inventory") }
        guard let runInventory = run.inventory else { throw InputError(description: "\(runPath): no container inventory") }
        let report = try RulesInput.check(run, override: rulesOverride)
        diff = InventoryDiff(base: baseInventory, run: runInventory, report: report)
    }

    public var text: String { diff.text(base: base.runID, run: run.runID) }
    public var json: String { diff.json(base: base.runID, run: run.runID) }
}
