import ExhibitCore
import ExhibitRules
import Foundation
import Testing

/// Whole generated runs with known answers: a result bundle in the real on-disk format
/// (a session log in its Diagnostics folder, a named activity, a failure with its time),
/// a container inventory with `times.txt` and `steps.tsv`, loaded as `exhibit` loads a run;
/// each file's birth time is chosen to land on one rule of the inference.
@Suite struct CreationStepBundleTests {
    /// 2026-11-03 08:00:00 UTC; the action ran at +0200, so the log says 10:00:00.
    static let t0 = 1_793_692_800.0

    static func date(_ seconds: Double) -> String {
        // Local +0200 wall-clock, as legacy Dates are written.
        let whole = Int(seconds.rounded(.down))
        let ms = Int(((seconds - Double(whole)) * 1000).rounded())
        let s = whole % 60
        let m = (whole / 60) % 60
        return "2026-11-03T10:\(pad(m)):\(pad(s)).\(ms < 10 ? "00" : ms < 100 ? "0" : "")\(ms)+0200"
    }

    static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    static func stamp(_ seconds: Int) -> String { "10:\(pad(seconds / 60)):\(pad(seconds % 60)).000" }

    /// The session log: testDownload 2–12 s, testExport 20–30 s; testCleanup is in the
    /// results only (its window comes from its failure time minus its duration).
    static func sessionLog() -> String {
        let obs = "-[XCTRunnerIDESession(_XCTestObservationInternal)"
        return """
            Xcode version: 26.1.1 (17B100)
            10:00:01.000 xcodebuild[500:1] Beginning test session VaultTests-1 at 2026-11-03 10:00:01.000 on target <DVTiPhoneSimulator: 0x1> {
            \(stamp(2)) Vault[600:7] \(obs) testCaseWillStart:] VaultTests.BackupTests testDownload
            \(stamp(12)) Vault[600:7] \(obs) testCaseDidFinish:]
            \(stamp(20)) Vault[600:7] \(obs) testCaseWillStart:] VaultTests.BackupTests testExport
            \(stamp(30)) Vault[600:7] \(obs) testCaseDidFinish:]

            """
    }

    static func resultBundle(into writer: inout XCResultWriter, installationLog: String? = nil) {
        let log = writer.add(Array(sessionLog().utf8))
        let iteration = writer.add(Array(#"[{"name":"Session-VaultTests-2026-11-03_100001-aBcDeF.log","type":1}]"#.utf8), children: [log])
        let diagnostics: XCResultObjectID
        if let installationLog {
            // Xcode 26+ on failure: simctl_diagnostics/<UDID>/logs/MobileInstallation/.
            let file = writer.add(Array(installationLog.utf8))
            let installation = writer.add(Array(#"[{"name":"mobile_installation.log.0","type":1}]"#.utf8), children: [file])
            let logs = writer.add(Array(#"[{"name":"MobileInstallation","type":2}]"#.utf8), children: [installation])
            let device = writer.add(Array(#"[{"name":"logs","type":2}]"#.utf8), children: [logs])
            let simctl = writer.add(Array(#"[{"name":"5B1C0A7E-3D2F-4C61-9E8A-0F4B7C2D1E93","type":2}]"#.utf8), children: [device])
            diagnostics = writer.add(
                Array(#"[{"name":"VaultTests-Iteration-1","type":2},{"name":"simctl_diagnostics","type":2}]"#.utf8), children: [iteration, simctl])
        } else {
            diagnostics = writer.add(Array(#"[{"name":"VaultTests-Iteration-1","type":2}]"#.utf8), children: [iteration])
        }
        func summary(_ name: String, _ fields: [(String, TokenValue)]) -> XCResultObjectID {
            writer.add(
                .object(
                    "ActionTestSummary", supertypes: ["ActionTestSummaryIdentifiableObject", "ActionAbstractTestSummary"],
                    [("identifier", .string("BackupTests/\(name)()")), ("name", .string("\(name)()"))] + fields))
        }
        let download = summary(
            "testDownload",
            [
                (
                    "activitySummaries",
                    .array([
                        .object(
                            "ActionTestActivitySummary",
                            [
                                ("activityType", .string("com.apple.dt.xctest.activity-type.userCreated")),
                                ("finish", .date(date(8))), ("start", .date(date(4))), ("title", .string("Download pack")),
                            ])
                    ])
                )
            ])
        let export = summary("testExport", [])
        let cleanup = summary(
            "testCleanup",
            [
                (
                    "failureSummaries",
                    .array([
                        .object(
                            "ActionTestFailureSummary",
                            [
                                ("message", .string("tmp is not empty")), ("timestamp", .date(date(45))),
                            ])
                    ])
                )
            ])
        func metadata(_ name: String, _ status: String, _ duration: Double, _ ref: XCResultObjectID) -> TokenValue {
            .object(
                "ActionTestMetadata", supertypes: ["ActionTestSummaryIdentifiableObject", "ActionAbstractTestSummary"],
                [
                    ("duration", .double(duration)), ("identifier", .string("BackupTests/\(name)()")), ("name", .string("\(name)()")),
                    ("summaryRef", .reference(ref, to: "ActionTestSummary")), ("testStatus", .string(status)),
                ])
        }
        let tests = writer.add(
            .testPlan(
                [
                    metadata("testDownload", "Success", 10, download),
                    metadata("testExport", "Success", 10, export),
                    metadata("testCleanup", "Failure", 5, cleanup),
                ], target: "VaultTests"))
        let root = writer.add(
            .object(
                "ActionsInvocationRecord",
                [
                    (
                        "actions",
                        .array([
                            .object(
                                "ActionRecord",
                                [
                                    (
                                        "actionResult",
                                        .object(
                                            "ActionResult",
                                            [
                                                ("diagnosticsRef", .reference(diagnostics)), ("status", .string("failed")),
                                                ("testsRef", .reference(tests, to: "ActionTestPlanRunSummaries")),
                                            ])
                                    ),
                                    ("endedTime", .date(date(50))), ("startedTime", .date(date(0))),
                                    ("title", .string("Testing workspace Vault with scheme Vault")),
                                ])
                        ])
                    )
                ]))
        writer.info(root: root)
    }

    /// path, birth (seconds after t0, nil: not recorded), recorded step (nil: none).
    static let files: [(path: String, birth: Double?, step: String?)] = [
        ("Documents/pack.bin", 5, "Download pack"),  // exact
        ("Documents/export.pdf", 25, "testExport"),  // likely
        ("tmp/between.tmp", 15, "sync"),  // boundary: between the two tests
        ("Library/old.db", -60, nil),  // boundary: before the first test
        ("tmp/edge.tmp", 30.6, nil),  // likely, 0.6 s after testExport ended (skew)
        ("Documents/undated", nil, nil),  // none: no time recorded
        ("Library/Caches/late.bin", 42, "seed: create vault"),  // likely testCleanup (failure minus duration); disagrees
    ]

    static func run(id: String = "generated", without: Set<String> = [], installationLog: String? = nil) -> EvidenceBundle {
        var writer = XCResultWriter()
        resultBundle(into: &writer, installationLog: installationLog)
        var files = writer.files
        if installationLog != nil { files["run.json"] = Array(#"{"bundleIdentifier":"com.example.vault"}"#.utf8) }
        let chosen = Self.files.filter { !without.contains($0.path) }
        files["container/files.txt"] = Array(chosen.map { "./\($0.path)\n" }.joined().utf8)
        files["container/times.txt"] = Array(
            chosen.map { f in "\(f.birth.map { String(t0 + $0) } ?? "-")\t\(String(t0 + (f.birth ?? 40) + 3))\t\(f.path)\n" }.joined().utf8)
        files["steps.tsv"] = Array(chosen.compactMap { f in f.step.map { "\($0)\t\(f.path)\n" } }.joined().utf8)
        return BundleLoader.load(runID: id, from: MemoryEvidenceSource(files))
    }

    static func inferred(_ steps: CreationSteps, _ bundle: EvidenceBundle, _ path: String) -> InferredStep? {
        bundle.inventory?.lookup(path).flatMap { steps.step(for: $0) }
    }

    @Test func theTimelineHasEachTestFromItsBestSource() throws {
        let bundle = Self.run()
        #expect(bundle.timelineSources.sessionLogs == ["VaultTests-Iteration-1/Session-VaultTests-2026-11-03_100001-aBcDeF.log"])
        let timeline = RunTimelineBuilder.timeline(for: bundle)
        let byName = Dictionary(timeline.tests.map { ($0.identifier, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byName["BackupTests/testDownload"]?.source == .sessionLog)
        #expect(byName["BackupTests/testDownload"]?.window == TimeWindow(start: Self.t0 + 2, end: Self.t0 + 12))
        #expect(byName["BackupTests/testDownload"]?.activities.map(\.title) == ["Download pack"])
        #expect(byName["BackupTests/testExport"]?.source == .sessionLog)
        let cleanup = try #require(byName["BackupTests/testCleanup"])
        #expect(cleanup.source == .failureMinusDuration)
        #expect(cleanup.window == TimeWindow(start: Self.t0 + 40, end: Self.t0 + 45))
        #expect(timeline.events.map(\.kind) == [.failure])
        #expect(timeline.events.first?.time == Self.t0 + 45)
    }

    @Test func eachFileGetsTheStepItsBirthLandsOn() throws {
        let bundle = Self.run()
        let steps = CreationSteps(bundle: bundle)
        let exact = try #require(Self.inferred(steps, bundle, "Documents/pack.bin"))
        #expect(exact.confidence == .exact)
        #expect(exact.label == "BackupTests/testDownload > Download pack")
        #expect(exact.timeSource == .birth)
        let likely = try #require(Self.inferred(steps, bundle, "Documents/export.pdf"))
        #expect(likely.confidence == .likely)
        #expect(likely.label == "BackupTests/testExport")
        #expect(likely.rule.contains("from the session log"))
        let between = try #require(Self.inferred(steps, bundle, "tmp/between.tmp"))
        #expect(between.confidence == .boundary)
        #expect(between.label == "after BackupTests/testDownload, before BackupTests/testExport")
        let before = try #require(Self.inferred(steps, bundle, "Library/old.db"))
        #expect(before.label == "before the first test (fixture or launch)")
        let edge = try #require(Self.inferred(steps, bundle, "tmp/edge.tmp"))
        #expect(edge.confidence == .likely)
        #expect(edge.label == "BackupTests/testExport")
        #expect(edge.rule.contains("0.600 s after it ended (within the 1.000 s skew allowed)"))
        let late = try #require(Self.inferred(steps, bundle, "Library/Caches/late.bin"))
        #expect(late.label == "BackupTests/testCleanup")
        #expect(late.rule.contains("failure time minus duration"))
    }

    /// Without a birth time the modification time places it, and the rule says so; with
    /// neither, none.
    @Test func aFileWithoutABirthTimeFallsBackToItsModificationTime() throws {
        let bundle = Self.run()
        let steps = CreationSteps(bundle: bundle)
        // Documents/undated: modification t0 + 43, inside testCleanup's window.
        let undated = try #require(Self.inferred(steps, bundle, "Documents/undated"))
        #expect(undated.timeSource == .modification)
        #expect(undated.rule.contains("from the modification time"))
        let bare = CreationSteps(timeline: RunTimelineBuilder.timeline(for: bundle), times: nil, inventory: bundle.inventory)
        let undatedNode = try #require(bundle.inventory?.lookup("Documents/undated"))
        let none = try #require(bare.step(for: undatedNode))
        #expect(none.confidence == .none)
    }

    @Test func theRecordedStepsAreHeldAgainstTheInference() throws {
        let bundle = Self.run()
        let agreement = try #require(CreationSteps(bundle: bundle).agreement())
        #expect(agreement.agreeing == 2)
        #expect(agreement.disagreeing == 1)
        #expect(agreement.notComparable == 1)
        #expect(agreement.examples.map(\.path) == ["Library/Caches/late.bin"])
        #expect(agreement.sentence.hasPrefix("inferred steps agree with steps.tsv on 2 of 3 files"))
        // File times without a timeline name no step: nothing to hold the recorded ones against.
        let timesOnly = CreationSteps(timeline: RunTimeline(), times: bundle.fileTimes, inventory: bundle.inventory)
        #expect(timesOnly.isAvailable)
        #expect(timesOnly.agreement() == nil)
    }

    /// A container replaced after the file was born: the file came from before (a
    /// restore or a carried-over container), whatever test window holds it.
    @Test func aFileBornBeforeTheContainerWasReplacedIsNotATestsStep() throws {
        let bundle = Self.run()
        var sources = bundle.timelineSources
        sources.containerEvents = [ContainerEvent(time: Self.t0 + 18, kind: .replaced)]
        let timeline = RunTimelineBuilder.timeline(results: bundle.results.first, failures: bundle.failures, sources: sources)
        let steps = CreationSteps(timeline: timeline, times: bundle.fileTimes, inventory: bundle.inventory)
        let node = try #require(bundle.inventory?.lookup("Documents/pack.bin"))
        let step = try #require(steps.step(for: node))
        #expect(step.confidence == .boundary)
        #expect(step.label == "before the container was replaced")
        let exportNode = try #require(bundle.inventory?.lookup("Documents/export.pdf"))
        let after = try #require(steps.step(for: exportNode))
        #expect(after.label == "BackupTests/testExport")
    }

    /// From the log's bytes to the verdict: the simulator's `mobile_installation.log` in
    /// the bundle's diagnostics says the app's data container was replaced (destroyed, a
    /// new install, a new container made live) 17 s into the run; another app's container
    /// made live later is not the run's app's.
    @Test func theInstallationLogsReplacementPlacesAFileBornBeforeIt() throws {
        let container = "/Users/ci/Library/Developer/CoreSimulator/Devices/5B1C0A7E-3D2F-4C61-9E8A-0F4B7C2D1E93/data/Containers/Data/Application/"
        let prefix = "[812] <notice> (0x16b48f000)"
        let log = """
            Tue Nov  3 09:59:50 2026 \(prefix) -[MIContainer makeContainerLiveReplacingContainer:reason:waitForDeletion:withError:]: Made container live for com.example.vault at \(container)0A1B2C3D-1111-4222-8333-944455556666
            Tue Nov  3 10:00:16 2026 [901] <err> (0x16fc9b000) -[MIUninstaller _uninstallBundleWithIdentity:linkedToChildren:waitForDeletion:uninstallReason:temporaryReference:wasLastReference:error:]: Destroying container com.example.vault with persona (null) at \(container)0A1B2C3D-1111-4222-8333-944455556666
            Tue Nov  3 10:00:17 2026 \(prefix) -[MIInstaller _installInstallable:containingSymlink:error:]: Installing <MIInstallableBundle ID=com.example.vault; Version=7, ShortVersion=2.4.1>
            Tue Nov  3 10:00:18 2026 \(prefix) -[MIContainer makeContainerLiveReplacingContainer:reason:waitForDeletion:withError:]: Made container live for com.example.vault at \(container)7F6E5D4C-AAAA-4BBB-8CCC-DDDDEEEEFFFF
            Tue Nov  3 10:00:40 2026 \(prefix) -[MIContainer makeContainerLiveReplacingContainer:reason:waitForDeletion:withError:]: Made container live for com.apple.Health at \(container)99999999-0000-4000-8000-000000000000

            """
        let bundle = Self.run(installationLog: log)
        let logPath = "simctl_diagnostics/5B1C0A7E-3D2F-4C61-9E8A-0F4B7C2D1E93/logs/MobileInstallation/mobile_installation.log.0"
        #expect(bundle.timelineSources.installationLogs == [logPath])
        #expect(bundle.timelineSources.containerEvents.map(\.kind) == [.created, .replaced])
        #expect(bundle.timelineSources.containerEvents.last?.time == Self.t0 + 17)
        let steps = CreationSteps(bundle: bundle)
        let pack = try #require(Self.inferred(steps, bundle, "Documents/pack.bin"))
        #expect(pack.confidence == .boundary)
        #expect(pack.label == "before the container was replaced")
        let export = try #require(Self.inferred(steps, bundle, "Documents/export.pdf"))
        #expect(export.label == "BackupTests/testExport")
        // Without the log, the same file is the named activity's.
        let plain = Self.run()
        #expect(Self.inferred(CreationSteps(bundle: plain), plain, "Documents/pack.bin")?.confidence == .exact)
    }

    /// No timeline and no times: nothing is shown rather than "none" everywhere.
    @Test func aRunWithoutTimesOrTimelineInfersNothing() {
        let bundle = BundleLoader.load(runID: "bare", from: MemoryEvidenceSource(text: ["container/files.txt": "./Documents/a\n"]))
        let steps = CreationSteps(bundle: bundle)
        #expect(!steps.isAvailable)
        #expect(steps.step(for: 1) == nil)
        #expect(steps.agreement() == nil)
    }

    /// `check`'s violation line names the inferred step where none was recorded, and the
    /// JSON gives every violation its step object; the agreement line follows the evidence.
    @Test func checkShowsTheInferredStepBesideTheRecordedOne() throws {
        let bundle = Self.run()
        let report = RulesEngine.check(
            bundle: bundle, compiled: RulesEngine.compile(RulesInventory.builtInDefaults), rulesSource: "built-in defaults", rulesDiagnostics: [])
        let steps = CreationSteps(bundle: bundle)
        let text = CheckReportFormatter.text(report, runID: "generated", steps: steps)
        // Both files of tmp break the cleanup rule alike: one line for tmp, which has no
        // time of its own; the step that filled it shows.
        let tmp = try #require(text.split(separator: "\n").first { $0.contains("] tmp (") }, "\(text)")
        #expect(tmp.hasSuffix(#" — filled by "BackupTests/testExport" (likely)"#), "\(text)")
        #expect(text.contains("creation steps: inferred steps agree with steps.tsv on 2 of 3 files"))
        #expect(!CheckReportFormatter.text(report, runID: "generated").contains("inferred"))
        // A file's own line: the inferred step where none was recorded.
        let old = Violation(kind: .unruled, node: bundle.inventory?.lookup("Library/old.db"), path: "Library/old.db", size: 0, reason: "test")
        #expect(steps.phrases(for: old) == [#"inferred step "before the first test (fixture or launch)" (boundary)"#])
        let late = Violation(
            kind: .unruled, node: bundle.inventory?.lookup("Library/Caches/late.bin"), path: "Library/Caches/late.bin", size: 0,
            step: "seed: create vault", reason: "test")
        #expect(steps.phrases(for: late) == [#"inferred step differs: "BackupTests/testCleanup" (likely)"#])

        let json = CheckReportFormatter.json(report, runID: "generated", steps: steps)
        #expect(json.contains(#""filledBy": ["#))
        #expect(json.contains(#""name": "BackupTests/testExport","#))
        #expect(json.contains(#""confidence": "likely""#))
        #expect(json.contains(#""agreeing": 2,"#))
    }
}
