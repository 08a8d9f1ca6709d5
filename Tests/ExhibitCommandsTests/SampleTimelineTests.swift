import ExhibitCore
import ExhibitRules
import Foundation
import Testing

@testable import ExhibitIO

/// The sample runs that keep their result bundle have a timeline: a session log with
/// every test's window and each storage step wrapped in a named activity. The inference
/// must agree with steps.tsv wherever the timeline allows, and `summary`, `check` and
/// the note must say how often. The expected figure is worked out here from the
/// scenario itself (steps.tsv's lines and what the timeline holds), not copied from
/// the output.
@Suite struct SampleTimelineTests {
    static let samples = SampleArchiveCommandTests.samples
    /// Every sample run whose results hold a result bundle.
    static let timelineRuns: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: samples)) ?? []
        return names.filter { name in
            name.hasPrefix("run-")
                && ((try? FileManager.default.contentsOfDirectory(atPath: samples + "/" + name + "/results")) ?? []).contains {
                    $0.hasSuffix(".xcresult")
                }
        }.sorted()
    }()

    /// What the scenario says the figure must be: a step.tsv line is comparable when
    /// the file's birth falls inside a test of the session log, and it agrees when a
    /// named activity of that test carries the recorded step's name and holds the birth.
    struct Expected: Equatable, CustomStringConvertible {
        var agreeing = 0, compared = 0, notComparable = 0
        var description: String { "\(agreeing) of \(compared), \(notComparable) not comparable" }
    }

    static func expected(_ bundle: EvidenceBundle, steps: String) throws -> Expected {
        let timeline = RunTimelineBuilder.timeline(for: bundle)
        let inventory = try #require(bundle.inventory)
        let times = try #require(bundle.fileTimes)
        var out = Expected()
        for line in steps.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let node = try #require(inventory.lookup(fields[1]), "\(fields[1]) of steps.tsv in the inventory")
            let birth = try #require(times.birth(node), "the birth time of \(fields[1])")
            let tolerance = CreationStepInference.defaultTolerance
            let holding = timeline.tests.filter { $0.window.start - tolerance <= birth && birth <= $0.window.end + tolerance }
            guard holding.count == 1 else {
                out.notComparable += 1
                continue
            }
            out.compared += 1
            if holding[0].activities.contains(where: { $0.isNamed && $0.title == fields[0] && $0.window.contains(birth) }) {
                out.agreeing += 1
            }
        }
        return out
    }

    static func load(_ run: String) -> EvidenceBundle {
        RunLocator.loadRun(at: URL(fileURLWithPath: samples + "/" + run))
    }

    @Test func theTriageSamplesHaveATimeline() {
        for run in ["run-2026-11-03-unset-attribute", "run-2026-11-04-misplaced-file", "run-2026-11-05-skipped-cleanup"] {
            #expect(Self.timelineRuns.contains(run), "\(run) keeps its result bundle")
        }
    }

    @Test(arguments: timelineRuns) func theTimelineComesFromTheSessionLogAndNamedActivities(run: String) throws {
        let bundle = Self.load(run)
        #expect(!bundle.diagnostics.contains { $0.severity == .error || $0.message.contains("disagrees") }, "\(bundle.diagnostics)")
        #expect(bundle.timelineSources.sessionLogs.count == 1)
        let timeline = RunTimelineBuilder.timeline(for: bundle)
        let total = try #require(bundle.results.first?.testCases.count)
        #expect(timeline.tests.count == total, "every test has a window")
        #expect(timeline.tests.allSatisfy { $0.source == .sessionLog })
        #expect(timeline.tests.contains { $0.activities.contains(where: \.isNamed) })
    }

    /// The rendered bundles are whole: every id is the BLAKE2b of its refs and bytes.
    @Test(arguments: timelineRuns) func theSampleBundlesVerifyIntact(run: String) {
        let r = CollectRunner.exhibit(["verify", Self.samples + "/" + run])
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("results/Vault.xcresult: intact"), "\(r.out)")
    }

    @Test(arguments: timelineRuns) func theInferenceAgreesWithStepsTsvWhereTheTimelineAllows(run: String) throws {
        let bundle = Self.load(run)
        let steps = try String(contentsOfFile: Self.samples + "/" + run + "/steps.tsv", encoding: .utf8)
        let want = try Self.expected(bundle, steps: steps)
        let agreement = try #require(CreationSteps(bundle: bundle).agreement())
        #expect(Expected(agreeing: agreement.agreeing, compared: agreement.compared, notComparable: agreement.notComparable) == want)
        // The scenario: every step the timeline can see is wrapped in its activity, so
        // all comparable files agree, and the install files before the first test are
        // what the timeline cannot decide.
        #expect(want.compared > 0 && want.agreeing == want.compared)
        #expect(want.notComparable > 0)
    }

    @Test(arguments: timelineRuns) func summaryCheckAndTheNoteShowTheFigure(run: String) throws {
        let bundle = Self.load(run)
        let steps = try String(contentsOfFile: Self.samples + "/" + run + "/steps.tsv", encoding: .utf8)
        let want = try Self.expected(bundle, steps: steps)
        let sentence =
            "inferred steps agree with steps.tsv on \(want.agreeing) of \(want.compared) files (\(want.notComparable) more placed only by their neighbours or not at all)"
        let path = Self.samples + "/" + run
        let summary = CollectRunner.exhibit(["summary", path])
        #expect(summary.out.contains("Steps      " + sentence), "\(summary.out)")
        let check = CollectRunner.exhibit(["check", path])
        #expect(check.out.contains("creation steps: " + sentence), "\(check.out)")
        let notes = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-sample-timeline-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: notes) }
        let note = CollectRunner.exhibit(["note", path, "--notes", notes])
        #expect(note.out.contains("- Creation steps: " + sentence), "\(note.out)")
    }
}
