import ExhibitCore
import ExhibitRules

/// The details pane's lines about which step created an item, as the run's timeline
/// shows it: the inferred step and its confidence, the rule that placed it, and the
/// evidence (the item's times, the window that held it, what the test recorded nearby).
/// A directory also names the steps that filled it when they differ from its own. The
/// recorded step (the `Step` line above) is never replaced; a disagreement is said.
enum CreationStepDetails {
    static func lines(_ node: Inventory.NodeID, inventory: Inventory, data: TriageData, glyphs: Glyphs) -> [StyledLine] {
        let steps = data.creationSteps
        guard let step = steps.step(for: node) else { return [] }
        var lines: [StyledLine] = []
        var inferred = step.confidence == .none ? "none" : glyphs.safe(step.label) + " (" + step.confidence.rawValue + ")"
        if let recorded = inventory.step(node), StepAgreement.verdict(recorded: recorded, inferred: step) == .disagrees {
            inferred += " — differs from the recorded step"
        }
        lines.append(field("Inferred", inferred, step.confidence == .none ? .dim : .plain))
        lines.append(field("", glyphs.safe(step.rule), .dim))
        let times = data.bundle.fileTimes
        if let birth = times?.birth(node) { lines.append(field("Born", Timestamp.iso8601Precise(birth), .dim)) }
        if let modified = times?.modification(node) { lines.append(field("Modified", Timestamp.iso8601Precise(modified), .dim)) }
        if let time = times?.birth(node) ?? times?.modification(node), let test = holdingTest(step, time: time, timeline: steps.timeline) {
            lines.append(
                field(
                    "Window",
                    "test " + glyphs.safe(test.identifier) + " " + Timestamp.iso8601Precise(test.window.start) + " to "
                        + Timestamp.iso8601Precise(test.window.end) + " (" + test.source.rawValue + ")", .dim))
            for event in steps.timeline.events where event.test == test.identifier && test.window.contains(event.time, tolerance: 1) {
                lines.append(
                    field("Event", event.kind.rawValue + " \"" + glyphs.safe(event.title) + "\" at " + Timestamp.iso8601Precise(event.time), .dim))
            }
        }
        if inventory.isDirectory(node) {
            let fillers = steps.filling(node, except: step.label)
            if !fillers.isEmpty {
                lines.append(field("Filled by", fillers.map { glyphs.safe($0.label) + " (" + $0.confidence.rawValue + ")" }.joined(separator: "; ")))
            }
        }
        return lines
    }

    private static func field(_ name: String, _ value: String, _ role: Role = .plain) -> StyledLine {
        [Segment(" " + TextFit.padRight(name, to: 10), .dim), Segment(value, role)]
    }

    /// The test run (of the inferred test) whose window holds the time.
    private static func holdingTest(_ step: InferredStep, time: Double, timeline: RunTimeline) -> TimelineTest? {
        guard step.confidence == .exact || step.confidence == .likely, let name = step.chain.first else { return nil }
        return timeline.tests.first { $0.identifier == name && $0.window.contains(time, tolerance: CreationStepInference.defaultTolerance) }
    }
}
