import ExhibitCore

/// The creation step of each inventory item as the run's timeline shows it, for what
/// shows a step: `check`, `summary`, the details pane, the note, the diff. Made once per
/// loaded run (the timeline and its indexes), then asked per node. A recorded step
/// (`steps.tsv`, the inventory's `x_step`) is never replaced: the inference is shown
/// beside it, and `agreement` counts how often the two agree.
public struct CreationSteps: Sendable {
    public let timeline: RunTimeline
    public let inference: CreationStepInference
    private let times: FileTimes?
    private let inventory: Inventory?

    public init(bundle: EvidenceBundle, tolerance: Double = CreationStepInference.defaultTolerance) {
        self.init(timeline: RunTimelineBuilder.timeline(for: bundle), times: bundle.fileTimes, inventory: bundle.inventory, tolerance: tolerance)
    }

    public init(timeline: RunTimeline, times: FileTimes?, inventory: Inventory?, tolerance: Double = CreationStepInference.defaultTolerance) {
        self.timeline = timeline
        self.inference = CreationStepInference(timeline: timeline, tolerance: tolerance)
        self.times = times
        self.inventory = inventory
    }

    /// Whether there is anything to infer with: some file time or some timeline. A run
    /// with neither shows no inferred steps at all rather than "none" on every line.
    public var isAvailable: Bool { inference.hasTimeline || !(times?.isEmpty ?? true) }

    /// The inferred step of one node; nil when nothing is available to infer with.
    public func step(for node: Int) -> InferredStep? {
        guard isAvailable else { return nil }
        return inference.infer(birth: times?.birth(node), modified: times?.modification(node))
    }

    /// The inferred step of a violation's node, and whether it should be shown beside the
    /// recorded step: always when none was recorded and the inference found something,
    /// and when both exist only where they disagree.
    public func shown(for violation: Violation) -> InferredStep? {
        guard let node = violation.node, let step = step(for: node) else { return nil }
        guard let recorded = violation.step else { return step.confidence == .none ? nil : step }
        return StepAgreement.verdict(recorded: recorded, inferred: step) == .disagrees ? step : nil
    }

    /// Descendants looked at for the steps that filled a directory: a directory of a
    /// million files is not walked.
    public static let fillLimit = 10_000

    /// The distinct named steps (exact or likely) inferred for the items below a
    /// directory other than `except`, first met first (depth first), at most `limit`:
    /// a directory made by one step and filled by another shows both.
    public func filling(_ dir: Int, except: String? = nil, limit: Int = 3) -> [InferredStep] {
        guard isAvailable, let inventory, dir >= 0, dir < inventory.count, inventory.isDirectory(dir) else { return [] }
        var out: [InferredStep] = []
        var pending = Array(inventory.children(dir).reversed())
        var seen = 0
        while let node = pending.popLast(), seen < Self.fillLimit, out.count < limit {
            seen += 1
            if let step = step(for: node), step.confidence == .exact || step.confidence == .likely, step.label != except,
                !out.contains(where: { $0.label == step.label })
            {
                out.append(step)
            }
            if inventory.isDirectory(node) { pending += inventory.children(node).reversed() }
        }
        return out
    }

    /// What `check` and the note add to a violation: `inferred step "…" (likely)`, or
    /// where the recorded step disagrees `inferred step differs: "…" (exact)`, and for a
    /// directory `filled by "…" (likely), "…" (exact)`; empty when there is nothing to add.
    public func phrases(for violation: Violation) -> [String] {
        var out: [String] = []
        let own = shown(for: violation)
        if let own {
            out.append((violation.step == nil ? "inferred step \"" : "inferred step differs: \"") + own.label + "\" (" + Self.confidenceText(own) + ")")
        }
        if let node = violation.node {
            let ownLabel = own?.label ?? violation.step
            // A filler the recorded step already names says nothing new.
            let fillers = filling(node, except: ownLabel).filter { f in
                violation.step.map { StepAgreement.verdict(recorded: $0, inferred: f) != .agrees } ?? true
            }
            if !fillers.isEmpty {
                out.append("filled by " + fillers.map { "\"" + $0.label + "\" (" + Self.confidenceText($0) + ")" }.joined(separator: ", "))
            }
        }
        return out
    }

    static func confidenceText(_ step: InferredStep) -> String {
        step.confidence.rawValue + (step.timeSource == .modification ? ", from mtime" : "")
    }

    /// Every item with a recorded step, held against the inference; nil when the run
    /// records no steps or has no timeline (file times alone name no step to compare).
    public func agreement() -> StepAgreement? {
        guard isAvailable, inference.hasTimeline, let inventory, !inventory.steps.isEmpty else { return nil }
        var agreement = StepAgreement()
        var any = false
        for node in 0..<inventory.count {
            guard let recorded = inventory.step(node), let step = step(for: node) else { continue }
            any = true
            agreement.count(path: inventory.path(node), recorded: recorded, inferred: step)
        }
        return any ? agreement : nil
    }
}

extension StepAgreement {
    /// `inferred steps agree with steps.tsv on 31 of 36 files (4 placed only between steps)`:
    /// the line `summary`, `check` and the note print.
    public var sentence: String {
        guard compared > 0 else {
            return "no recorded step could be held against an inferred one (\(notComparable) placed only by their neighbours or not at all)"
        }
        var text = "inferred steps agree with steps.tsv on \(agreeing) of \(compared) file\(compared == 1 ? "" : "s")"
        if notComparable > 0 { text += " (\(notComparable) more placed only by their neighbours or not at all)" }
        return text
    }
}
