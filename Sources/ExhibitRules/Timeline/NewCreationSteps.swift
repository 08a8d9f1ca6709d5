import ExhibitCore

/// The steps that created the run's added files and created nothing in the base: what
/// `diff` lists as "created by a new step". A file's step is its recorded one
/// (`steps.tsv`, `x_step`), else the inferred one when the timeline names it (exact or
/// likely; a boundary names no step). The base's steps are every recorded step and every
/// step inferred for its items, so a step that only moved its files is not new.
public struct NewCreationStep: Sendable, Equatable {
    public var step: String
    /// "recorded", or the inference's confidence (`exact`, `likely`).
    public var basis: String
    public var fileCount: Int
    /// The first added file it created, in the diff's order.
    public var example: String
}

extension NewCreationStep {
    public static func find(base: EvidenceBundle, run: EvidenceBundle, added: [String]) -> [NewCreationStep] {
        guard !added.isEmpty, let runInventory = run.inventory, let baseInventory = base.inventory else { return [] }
        let runSteps = CreationSteps(bundle: run)
        let baseSteps = CreationSteps(bundle: base)
        func named(_ step: InferredStep?) -> InferredStep? {
            guard let step, step.confidence == .exact || step.confidence == .likely else { return nil }
            return step
        }
        var known = Set(baseInventory.steps.map(StepAgreement.normalized))
        if baseSteps.isAvailable {
            for node in 0..<baseInventory.count { if let step = named(baseSteps.step(for: node)) { known.insert(StepAgreement.normalized(step.label)) } }
        }
        var order: [String] = []
        var found: [String: NewCreationStep] = [:]
        for path in added {
            guard let node = runInventory.lookup(path) else { continue }
            let recorded = runInventory.step(node)
            guard let step = recorded ?? named(runSteps.step(for: node))?.label else { continue }
            let key = StepAgreement.normalized(step)
            guard !known.contains(key) else { continue }
            if found[key] == nil {
                order.append(key)
                let basis = recorded != nil ? "recorded" : named(runSteps.step(for: node))?.confidence.rawValue ?? "recorded"
                found[key] = NewCreationStep(step: step, basis: basis, fileCount: 0, example: path)
            }
            found[key]?.fileCount += 1
        }
        return order.compactMap { found[$0] }
    }
}
