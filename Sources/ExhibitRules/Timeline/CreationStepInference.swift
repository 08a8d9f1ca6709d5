import ExhibitCore

/// Places a file's birth on the run's timeline and names the step that created it,
/// deterministically, by the first rule that applies:
///
/// 1. the innermost named activity whose window holds the time — exact;
/// 2. the test whose window holds it (refined by XCTest's `Set Up`/`Tear Down`
///    activities where they exist) — likely;
/// 3. the neighbours: after test A and before test B, before the first test (fixture or
///    launch), after the last (collection), before the container was replaced, or
///    during tests whose windows overlap — boundary;
/// 4. nothing — none.
///
/// A window holds a time within `tolerance` seconds of its edges (the session log's
/// stamps are milliseconds written after the fact; file times are nanoseconds), and the
/// rule says when the tolerance was needed. Only when no birth time was recorded is the
/// modification time used, and a step found by it is at most likely: a later write
/// moves it.
public struct CreationStepInference: Sendable {
    public static let defaultTolerance = 1.0

    public let tolerance: Double
    private let tests: [TimelineTest]
    private let testWindows: [TimeWindow]
    private let testIndex: WindowIndex
    private let activities: [FlatActivity]
    private let activityWindows: [TimeWindow]
    private let activityIndex: WindowIndex
    /// The container as it is now was made (or last replaced) here; files born before
    /// came from a restore or were carried over.
    private let containerSince: ContainerEvent?

    private struct FlatActivity: Sendable {
        var test: Int
        var chain: [String]
        var depth: Int
        var isNamed: Bool
        var title: String
    }

    public init(timeline: RunTimeline, tolerance: Double = CreationStepInference.defaultTolerance) {
        self.tolerance = max(0, tolerance)
        tests = timeline.tests
        testWindows = tests.map(\.window)
        testIndex = WindowIndex(testWindows)
        var flat: [FlatActivity] = []
        var windows: [TimeWindow] = []
        func add(_ activity: TimelineActivity, test: Int, chain: [String], depth: Int) {
            let chain = chain + [activity.title]
            flat.append(FlatActivity(test: test, chain: chain, depth: depth, isNamed: activity.isNamed, title: activity.title))
            windows.append(activity.window)
            for child in activity.children { add(child, test: test, chain: chain, depth: depth + 1) }
        }
        for (i, test) in tests.enumerated() {
            for activity in test.activities { add(activity, test: i, chain: [test.identifier], depth: 1) }
        }
        activities = flat
        activityWindows = windows
        activityIndex = WindowIndex(windows)
        containerSince = timeline.containerEvents.last
    }

    public var hasTimeline: Bool { !tests.isEmpty || containerSince != nil }

    public func infer(birth: Double?, modified: Double?) -> InferredStep {
        let source: InferredStep.TimeSource
        let time: Double
        if let birth, birth.isFinite {
            (source, time) = (.birth, birth)
        } else if let modified, modified.isFinite {
            (source, time) = (.modification, modified)
        } else {
            return InferredStep(confidence: .none, label: "", rule: "no birth or modification time was recorded for it")
        }
        guard hasTimeline else {
            return InferredStep(
                confidence: .none, label: "", rule: "the result bundle has no test timeline to place its \(source.rawValue) on", timeSource: source)
        }
        var step = place(time, source: source)
        if source == .modification {
            if step.confidence == .exact { step.confidence = .likely }
            step.rule += "; from the modification time, as no birth time was recorded (a later write moves it)"
        }
        return step
    }

    private func place(_ time: Double, source: InferredStep.TimeSource) -> InferredStep {
        let when = "its \(source.rawValue) \(Timestamp.iso8601Precise(time))"
        if let since = containerSince, time < since.time - tolerance {
            return InferredStep(
                confidence: .boundary, label: "before the container was \(since.kind.rawValue)",
                rule:
                    "\(when) is before the container was \(since.kind.rawValue) at \(Timestamp.iso8601Precise(since.time)): restored or carried over, not made by a test",
                timeSource: source)
        }
        if let step = namedActivity(holding: time, when: when, source: source) { return step }
        if let step = test(holding: time, when: when, source: source) { return step }
        return between(time, when: when, source: source)
    }

    private func namedActivity(holding time: Double, when: String, source: InferredStep.TimeSource) -> InferredStep? {
        guard let holding = activityIndex.holding(time, tolerance: tolerance, windows: activityWindows) else {
            return InferredStep(
                confidence: .boundary, label: "during overlapping activities",
                rule: "\(when) falls in more than \(WindowIndex.visitLimit) overlapping activity windows; the timeline cannot tell them apart",
                timeSource: source)
        }
        let named = holding.filter { activities[$0].isNamed }
        guard let best = innermost(named, strictlyHolding: time) else { return nil }
        let activity = activities[best]
        let window = activityWindows[best]
        return InferredStep(
            confidence: .exact, label: activity.chain.joined(separator: " > "), chain: activity.chain,
            rule: "\(when) is inside the named activity \"\(activity.title)\" (\(span(window)))\(skew(time, window))",
            timeSource: source)
    }

    /// The deepest, then narrowest, of the windows; a window holding the time without the
    /// tolerance beats one that needs it.
    private func innermost(_ candidates: [Int], strictlyHolding time: Double) -> Int? {
        candidates.min { a, b in
            let strictA = activityWindows[a].contains(time)
            let strictB = activityWindows[b].contains(time)
            if strictA != strictB { return strictA }
            if activities[a].depth != activities[b].depth { return activities[a].depth > activities[b].depth }
            return (activityWindows[a].duration, a) < (activityWindows[b].duration, b)
        }
    }

    private func test(holding time: Double, when: String, source: InferredStep.TimeSource) -> InferredStep? {
        guard let holding = testIndex.holding(time, tolerance: tolerance, windows: testWindows) else {
            return InferredStep(
                confidence: .boundary, label: "during overlapping tests",
                rule: "\(when) falls in more than \(WindowIndex.visitLimit) overlapping test windows; the timeline cannot tell them apart",
                timeSource: source)
        }
        let strict = holding.filter { testWindows[$0].contains(time) }
        let chosen = strict.isEmpty ? holding : strict
        guard let first = chosen.first else { return nil }
        if chosen.count > 1 {
            let names = chosen.sorted().prefix(3).map { tests[$0].identifier }
            let more = chosen.count > 3 ? " and \(chosen.count - 3) more" : ""
            return InferredStep(
                confidence: .boundary, label: "during one of \(names.joined(separator: ", "))\(more)",
                rule: "\(when) is inside \(chosen.count) test windows that overlap (parallel tests sharing the container?); the timeline cannot tell which",
                timeSource: source)
        }
        let test = tests[first]
        let window = testWindows[first]
        var chain = [test.identifier]
        var label = test.identifier
        var phase = ""
        if let part = fixturePhase(of: first, holding: time) {
            label += " (\(part))"
            chain.append(part)
            phase = ", in its \(part)"
        }
        return InferredStep(
            confidence: .likely, label: label, chain: chain,
            rule:
                "\(when) is inside the window of test \(test.identifier) (\(span(window)), from the \(test.source.rawValue))\(phase)\(skew(time, window)); no named activity holds it",
            timeSource: source)
    }

    /// `setUp` or `tearDown` when XCTest's own `Set Up` / `Tear Down` activity of this test
    /// holds the time (UI tests record them; unit tests record no activities).
    private func fixturePhase(of test: Int, holding time: Double) -> String? {
        guard let holding = activityIndex.holding(time, tolerance: 0, windows: activityWindows) else { return nil }
        for i in holding where activities[i].test == test && activities[i].depth == 1 {
            switch activities[i].title.lowercased().filter({ $0 != " " }) {
            case "setup": return "setUp"
            case "teardown": return "tearDown"
            default: continue
            }
        }
        return nil
    }

    private func between(_ time: Double, when: String, source: InferredStep.TimeSource) -> InferredStep {
        guard !tests.isEmpty else {
            return InferredStep(confidence: .none, label: "", rule: "the timeline has no test windows to place \(when) between", timeSource: source)
        }
        let before = testIndex.latestEnded(before: time).map { tests[$0] }
        let after = testIndex.firstStarting(after: time).map { tests[$0] }
        switch (before, after) {
        case (let a?, let b?):
            return InferredStep(
                confidence: .boundary, label: "after \(a.identifier), before \(b.identifier)",
                rule:
                    "\(when) is between test \(a.identifier) (ended \(Timestamp.iso8601Precise(a.window.end))) and test \(b.identifier) (started \(Timestamp.iso8601Precise(b.window.start))); no test window holds it",
                timeSource: source)
        case (nil, let b?):
            return InferredStep(
                confidence: .boundary, label: "before the first test (fixture or launch)",
                rule: "\(when) is before the first test, \(b.identifier), started at \(Timestamp.iso8601Precise(b.window.start))",
                timeSource: source)
        case (let a?, nil):
            return InferredStep(
                confidence: .boundary, label: "after the last test (collection)",
                rule: "\(when) is after the last test, \(a.identifier), ended at \(Timestamp.iso8601Precise(a.window.end))",
                timeSource: source)
        case (nil, nil):
            return InferredStep(
                confidence: .boundary, label: "during overlapping tests",
                rule: "\(when) could not be placed among more than \(WindowIndex.visitLimit) overlapping test windows", timeSource: source)
        }
    }

    private func span(_ window: TimeWindow) -> String {
        "\(Timestamp.iso8601Precise(window.start)) to \(Timestamp.iso8601Precise(window.end))"
    }

    private func skew(_ time: Double, _ window: TimeWindow) -> String {
        if time < window.start { return ", \(seconds(window.start - time)) before it started (within the \(seconds(tolerance)) skew allowed)" }
        if time > window.end { return ", \(seconds(time - window.end)) after it ended (within the \(seconds(tolerance)) skew allowed)" }
        return ""
    }

    private func seconds(_ value: Double) -> String {
        let ms = Int((value * 1000).rounded())
        let whole = ms / 1000
        let fraction = ms % 1000
        return "\(whole).\(fraction < 10 ? "00" : fraction < 100 ? "0" : "")\(fraction) s"
    }
}
