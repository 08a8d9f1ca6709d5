import ExhibitCore
import ExhibitSynthetic
import Testing

@testable import ExhibitRules

/// Generated timelines with known answers, one per rule of the inference.
@Suite struct CreationStepInferenceTests {
    /// Two tests 10 s apart; the first has a named activity with a nested one, and XCTest's
    /// own Set Up; the second has none (a unit test).
    static let timeline = RunTimeline(
        tests: [
            TimelineTest(
                identifier: "VaultTests/testDownloadModel", window: TimeWindow(start: 1000, end: 1010), source: .sessionLog,
                activities: [
                    TimelineActivity(title: "Set Up", window: TimeWindow(start: 1000, end: 1001), isNamed: false),
                    TimelineActivity(
                        title: "Download model", window: TimeWindow(start: 1002, end: 1008), isNamed: true,
                        children: [TimelineActivity(title: "Write to disk", window: TimeWindow(start: 1005, end: 1006), isNamed: true)]),
                ]),
            TimelineTest(identifier: "VaultTests/testExport", window: TimeWindow(start: 1020, end: 1030), source: .sessionLog),
        ])

    let inference = CreationStepInference(timeline: timeline, tolerance: 0.5)

    @Test func theInnermostNamedActivityIsExact() {
        let step = inference.infer(birth: 1005.5, modified: nil)
        #expect(step.confidence == .exact)
        #expect(step.label == "VaultTests/testDownloadModel > Download model > Write to disk")
        #expect(step.chain == ["VaultTests/testDownloadModel", "Download model", "Write to disk"])
        #expect(step.rule.contains("inside the named activity \"Write to disk\""))
        #expect(step.timeSource == .birth)
        let outer = inference.infer(birth: 1003, modified: nil)
        #expect(outer.label == "VaultTests/testDownloadModel > Download model")
    }

    @Test func aTestWindowWithoutANamedActivityIsLikely() {
        let step = inference.infer(birth: 1025, modified: nil)
        #expect(step.confidence == .likely)
        #expect(step.label == "VaultTests/testExport")
        #expect(step.rule.contains("from the session log"))
        #expect(step.rule.contains("no named activity holds it"))
        let afterActivity = inference.infer(birth: 1009, modified: nil)
        #expect(afterActivity.confidence == .likely)
        #expect(afterActivity.label == "VaultTests/testDownloadModel")
    }

    @Test func setUpRefinesATest() {
        let step = inference.infer(birth: 1000.5, modified: nil)
        #expect(step.confidence == .likely)
        #expect(step.label == "VaultTests/testDownloadModel (setUp)")
        #expect(step.chain == ["VaultTests/testDownloadModel", "setUp"])
    }

    @Test func betweenTestsBeforeTheFirstAndAfterTheLastAreBoundaries() {
        let between = inference.infer(birth: 1015, modified: nil)
        #expect(between.confidence == .boundary)
        #expect(between.label == "after VaultTests/testDownloadModel, before VaultTests/testExport")
        #expect(between.chain.isEmpty)
        let before = inference.infer(birth: 900, modified: nil)
        #expect(before.confidence == .boundary)
        #expect(before.label == "before the first test (fixture or launch)")
        let after = inference.infer(birth: 2000, modified: nil)
        #expect(after.label == "after the last test (collection)")
    }

    @Test func nothingToPlaceItWithIsNone() {
        #expect(inference.infer(birth: nil, modified: nil).confidence == .none)
        let noTimeline = CreationStepInference(timeline: RunTimeline()).infer(birth: 1005, modified: nil)
        #expect(noTimeline.confidence == .none)
        #expect(noTimeline.rule.contains("no test timeline"))
        #expect(inference.infer(birth: .nan, modified: nil).confidence == .none)
    }

    @Test func skewAtTheEdgeIsAllowedAndSaid() {
        // 0.4 s after "Write to disk" ended: within the 0.5 s tolerance.
        let inside = inference.infer(birth: 1006.4, modified: nil)
        #expect(inside.label == "VaultTests/testDownloadModel > Download model")  // Download model holds it strictly
        let edge = inference.infer(birth: 1008.4, modified: nil)
        #expect(edge.confidence == .exact)
        #expect(edge.label == "VaultTests/testDownloadModel > Download model")
        #expect(edge.rule.contains("0.400 s after it ended (within the 0.500 s skew allowed)"))
        // 0.6 s after: beyond the tolerance, so only the test holds it.
        let beyond = inference.infer(birth: 1008.6, modified: nil)
        #expect(beyond.confidence == .likely)
        // Just before the second test starts: placed in it, with the skew said.
        let early = inference.infer(birth: 1019.7, modified: nil)
        #expect(early.confidence == .likely)
        #expect(early.label == "VaultTests/testExport")
        #expect(early.rule.contains("before it started"))
        let tooEarly = inference.infer(birth: 1019.4, modified: nil)
        #expect(tooEarly.confidence == .boundary)
    }

    @Test func aFileBornBeforeTheContainerWasReplacedIsNotATestsWork() {
        var timeline = Self.timeline
        timeline.containerEvents = [ContainerEvent(time: 1015, kind: .replaced)]
        let inference = CreationStepInference(timeline: timeline, tolerance: 0.5)
        let step = inference.infer(birth: 1005.5, modified: nil)
        #expect(step.confidence == .boundary)
        #expect(step.label == "before the container was replaced")
        #expect(step.rule.contains("restored or carried over"))
        #expect(inference.infer(birth: 1025, modified: nil).confidence == .likely)
    }

    @Test func theModificationTimeIsUsedOnlyWithoutABirthTimeAndIsNeverExact() {
        let fallback = inference.infer(birth: nil, modified: 1005.5)
        #expect(fallback.timeSource == .modification)
        #expect(fallback.confidence == .likely)
        #expect(fallback.label == "VaultTests/testDownloadModel > Download model > Write to disk")
        #expect(fallback.rule.contains("from the modification time"))
        let birthWins = inference.infer(birth: 1025, modified: 1005.5)
        #expect(birthWins.timeSource == .birth)
        #expect(birthWins.label == "VaultTests/testExport")
    }

    @Test func overlappingTestsAreNotTold() {
        let timeline = RunTimeline(tests: [
            TimelineTest(identifier: "A/a", window: TimeWindow(start: 0, end: 10), source: .sessionLog),
            TimelineTest(identifier: "B/b", window: TimeWindow(start: 5, end: 15), source: .activityBounds),
        ])
        let step = CreationStepInference(timeline: timeline, tolerance: 0).infer(birth: 7, modified: nil)
        #expect(step.confidence == .boundary)
        #expect(step.label == "during one of A/a, B/b")
        #expect(CreationStepInference(timeline: timeline, tolerance: 0).infer(birth: 12, modified: nil).label == "B/b")
    }

    /// A crafted timeline of windows that all span each other: each query stops at the
    /// visit limit instead of scanning them all, and says it could not tell.
    @Test func thousandsOfOverlappingWindowsAreBounded() {
        let tests = (0..<5_000).map { TimelineTest(identifier: "T/t\($0)", window: TimeWindow(start: Double($0), end: 1e6), source: .sessionLog) }
        let inference = CreationStepInference(timeline: RunTimeline(tests: tests), tolerance: 0)
        let step = inference.infer(birth: 9_000, modified: nil)
        #expect(step.confidence == .boundary)
        #expect(step.rule.contains("more than \(WindowIndex.visitLimit) overlapping"))
    }

    /// Against a brute-force reading of the same rules over random timelines.
    @Test func agreesWithABruteForcePlacement() {
        var rng = SplitMix64(seed: 20_261_201)
        for _ in 0..<200 {
            var tests: [TimelineTest] = []
            var clock = 0.0
            for t in 0..<Int(rng.next() % 6) + 1 {
                clock += Double(rng.next() % 5)
                let start = clock
                clock += Double(rng.next() % 10) + 1
                var activities: [TimelineActivity] = []
                var inner = start
                for a in 0..<Int(rng.next() % 3) {
                    inner += Double(rng.next() % 3)
                    let end = min(clock, inner + Double(rng.next() % 3) + 0.5)
                    activities.append(TimelineActivity(title: "step \(t).\(a)", window: TimeWindow(start: inner, end: end), isNamed: true))
                    inner = end
                }
                tests.append(TimelineTest(identifier: "S/t\(t)", window: TimeWindow(start: start, end: clock), source: .sessionLog, activities: activities))
            }
            let inference = CreationStepInference(timeline: RunTimeline(tests: tests), tolerance: 0)
            for _ in 0..<20 {
                let time = Double(rng.next() % UInt64(clock * 4 + 8)) / 4 - 1
                let step = inference.infer(birth: time, modified: nil)
                let activity = tests.flatMap { test in test.activities.map { (test, $0) } }.filter { $0.1.window.contains(time) }
                    .min { ($0.1.window.duration, $0.1.title) < ($1.1.window.duration, $1.1.title) }
                let holding = tests.filter { $0.window.contains(time) }
                if let (test, a) = activity {
                    #expect(step.confidence == .exact)
                    #expect(step.chain.first == test.identifier)
                    #expect(step.chain.last == a.title || activityTie(tests, time))
                } else if holding.count == 1 {
                    #expect(step.confidence == .likely)
                    #expect(step.label == holding[0].identifier)
                } else if holding.count > 1 {
                    #expect(step.confidence == .boundary)
                    #expect(step.label.hasPrefix("during one of"))
                } else {
                    #expect(step.confidence == .boundary)
                    let before = tests.filter { $0.window.end < time }.max { $0.window.end < $1.window.end }
                    let after = tests.filter { $0.window.start > time }.min { $0.window.start < $1.window.start }
                    switch (before, after) {
                    case (let a?, let b?): #expect(step.label == "after \(a.identifier), before \(b.identifier)")
                    case (nil, _?): #expect(step.label == "before the first test (fixture or launch)")
                    case (_?, nil): #expect(step.label == "after the last test (collection)")
                    case (nil, nil): Issue.record("a time outside every window has a neighbour")
                    }
                }
            }
        }
    }

    /// Two activities touching at one instant both hold it; either answer is right.
    private func activityTie(_ tests: [TimelineTest], _ time: Double) -> Bool {
        tests.flatMap(\.activities).filter { $0.window.contains(time) }.count > 1
    }
}
