import Foundation
import Testing

@testable import ExhibitCore

/// The session log's test windows, from small logs written the way the real ones are
/// (each quirk its own case), and from the two real result bundles when present.
@Suite struct SessionLogTimelineReaderTests {
    static let observation = "-[XCTRunnerIDESession(_XCTestObservationInternal)"
    static let begin =
        "11:52:27.127 xcodebuild[84306:1833818] Beginning test session ExamplesTests-F7996013 at 2025-11-24 11:52:27.127 on target <DVTiPhoneSimulator: 0xca6bc4280> {\n"
    /// The action's `startedTime` was `2025-11-24T11:52:25.472+0500`.
    static let clock = SessionLogTimelineReader.Clock(utcOffsetSeconds: 18_000)

    static func read(_ text: String, clock: SessionLogTimelineReader.Clock = clock) -> ([TimelineTest], [Diagnostic]) {
        var warnings: [Diagnostic] = []
        let tests = SessionLogTimelineReader.read(Array(text.utf8), file: "Session.log", clock: clock, warnings: &warnings)
        return (tests, warnings)
    }

    /// 2025-11-24 06:52 UTC plus the seconds given.
    static func utc(_ hms: String) -> Double {
        ISO8601Timestamp.secondsSince1970("2025-11-24T\(hms)Z")!
    }

    @Test func startAndFinishMakeAWindowOnTheUTCClock() {
        let (tests, warnings) = Self.read(
            Self.begin + """
                11:52:33.736 xctest[84397:1834652] \(Self.observation) testCaseWillStart:] ExamplesTests.XCTestTests test_async
                11:52:33.750 xctest[84397:1834652] \(Self.observation) testCaseDidFinish:]
                11:52:33.790 xcodebuild[84306:1833818] _XCT_testCaseWithIdentifier:<XCTTestIdentifier leaf, method, swift ["XCTestTests", "test_async"]> didFinishWithStatus:passed duration:0.0138

                """)
        #expect(warnings.isEmpty)
        #expect(tests.count == 1)
        #expect(tests.first?.identifier == "XCTestTests/test_async")
        #expect(tests.first?.source == .sessionLog)
        #expect(abs((tests.first?.window.start ?? 0) - Self.utc("06:52:33.736")) < 0.0005)
        #expect(abs((tests.first?.window.end ?? 0) - Self.utc("06:52:33.750")) < 0.0005)
    }

    /// The runner's console is glued into the stream: the stamp starts mid-line.
    @Test func aStampInTheMiddleOfALineIsFound() {
        let (tests, _) = Self.read(
            Self.begin + """
                Test Case '-[test_repeatTests.test_repeatTests test_random]' started.14:37:51.152 test_repeat[1816:33161428] \(Self.observation) testCaseWillStart:] test_repeatTests.test_repeatTests test_random
                \t Executed 1 test, with 1 failure (0 unexpected) in 0.078 (0.089) second14:37:51.241 test_repeat[1816:33161428] \(Self.observation) testCaseDidFinish:]

                """)
        #expect(tests.map(\.identifier) == ["test_repeatTests/test_random"])
        #expect(abs((tests.first?.window.duration ?? 0) - 0.089) < 0.0005)
    }

    /// A host app's name has spaces; two processes (parallel clones) interleave.
    @Test func processesArePairedByTheirOwnLines() {
        let (tests, warnings) = Self.read(
            Self.begin + """
                11:52:33.000 My Vault[100:1] \(Self.observation) testCaseWillStart:] VaultTests.SyncTests testA
                11:52:33.100 My Vault[200:1] \(Self.observation) testCaseWillStart:] VaultTests.SyncTests testB
                11:52:33.500 My Vault[100:1] \(Self.observation) testCaseDidFinish:]
                11:52:34.000 My Vault[200:1] \(Self.observation) testCaseDidFinish:]

                """)
        #expect(warnings.isEmpty)
        let byName = Dictionary(uniqueKeysWithValues: tests.map { ($0.identifier, $0.window.duration) })
        #expect(abs((byName["SyncTests/testA"] ?? 0) - 0.5) < 0.0005)
        #expect(abs((byName["SyncTests/testB"] ?? 0) - 0.9) < 0.0005)
    }

    @Test func pastMidnightIsTheNextDay() {
        let (tests, _) = Self.read(
            """
            23:59:59.000 xcodebuild[1:1] Beginning test session T-1 at 2025-11-24 23:59:59.000 on target <x> {
            23:59:59.500 xctest[2:2] \(Self.observation) testCaseWillStart:] M.T late
            00:00:00.250 xctest[2:2] \(Self.observation) testCaseDidFinish:]

            """)
        #expect(tests.count == 1)
        #expect(abs((tests.first?.window.duration ?? 0) - 0.75) < 0.0005)
    }

    @Test func unmatchedAndUnfinishedTestsAreSaid() {
        let (tests, warnings) = Self.read(
            Self.begin + """
                11:52:30.000 xctest[2:2] \(Self.observation) testCaseDidFinish:]
                11:52:31.000 xctest[2:2] \(Self.observation) testCaseWillStart:] M.T crashes
                11:52:35.000 xcodebuild[1:1] Test runner exited
                11:52:36.000 xcodebuild[1:1] \(Self.observation) testSuiteDidFinish:]

                """)
        #expect(tests.map(\.identifier) == ["T/crashes"])
        #expect(warnings.contains { $0.message.contains("no test started before them") && $0.position?.line == 2 })
        #expect(warnings.contains { $0.message.contains("never finished") && $0.position?.line == 3 })
        // The last stamp the reader placed is the observation line at :36.
        #expect(abs((tests.first?.window.end ?? 0) - Self.utc("06:52:36.000")) < 0.0005)
    }

    @Test func withoutAnOffsetTheZoneComesFromTheActionStartOrNothingIsPlaced() {
        let log =
            Self.begin
            + "11:52:33.736 xctest[1:1] \(Self.observation) testCaseWillStart:] M.T a\n11:52:33.750 xctest[1:1] \(Self.observation) testCaseDidFinish:]\n"
        let (none, warned) = Self.read(log, clock: .init())
        #expect(none.isEmpty)
        #expect(warned.contains { $0.message.contains("no UTC offset was recorded") })
        let (derived, noted) = Self.read(log, clock: .init(actionStartUTC: Self.utc("06:52:25.472")))
        #expect(abs((derived.first?.window.start ?? 0) - Self.utc("06:52:33.736")) < 0.0005)
        #expect(noted.contains { $0.severity == .note && $0.message.contains("UTC+05:00") })
    }

    @Test func aLineWithoutAStampIsSkippedWithItsPosition() {
        let (tests, warnings) = Self.read(Self.begin + "\(Self.observation) testCaseWillStart:] M.T a\n")
        #expect(tests.isEmpty)
        #expect(warnings.first?.position?.line == 2)
    }

    @Test func theOffsetOfAnActionTimeIsRead() {
        #expect(ISO8601Timestamp.utcOffsetSeconds("2025-11-24T11:52:25.472+0500") == 18_000)
        #expect(ISO8601Timestamp.utcOffsetSeconds("2025-03-17T14:37:48.100-04:30") == -16_200)
        #expect(ISO8601Timestamp.utcOffsetSeconds("2025-03-17T14:37:48Z") == 0)
        #expect(ISO8601Timestamp.utcOffsetSeconds("2025-03-17T14:37:48") == nil)
    }

    /// The session log of each real bundle: every window lies inside the action, every
    /// name is a test the bundle's oracle lists, and iterations are windows of their own.
    @Test(.enabled(if: RealEvidence.isPresent, RealEvidence.absent))
    func realSessionLogsReadAsTheBundlesSay() throws {
        // dodo: the action record's start and end (SOURCES.md), with their offset.
        // repeated: no action time at hand; the zone is derived from Info.plist's
        // `dateCreated` (2025-03-17T18:40:35Z, written when the run ended), within the hour before it.
        let created = ISO8601Timestamp.secondsSince1970("2025-03-17T18:40:35Z")!
        let cases: [(bundle: String, clock: SessionLogTimelineReader.Clock, start: Double, end: Double, minimumWindows: Int, names: Set<String>)] = [
            (
                RealXCResult.dodo, .init(utcOffsetSeconds: ISO8601Timestamp.utcOffsetSeconds("2025-11-24T11:52:25.472+0500")),
                ISO8601Timestamp.secondsSince1970("2025-11-24T11:52:25.472+0500")!, ISO8601Timestamp.secondsSince1970("2025-11-24T11:52:35.106+0500")!,
                10, Set(try oracleIdentifiers("tests/dodo-SPM-26.1.1-iOS.tests.json"))
            ),
            (RealXCResult.repeated, .init(actionStartUTC: created), created - 3600, created, 1, ["test_repeatTests/test_random"]),
        ]
        for c in cases {
            let logs = try sessionLogs(c.bundle)
            #expect(!logs.isEmpty, "\(c.bundle): a session log")
            var windows: [TimelineTest] = []
            for log in logs {
                var warnings: [Diagnostic] = []
                windows += SessionLogTimelineReader.read(log, file: "Session.log", clock: c.clock, warnings: &warnings)
                #expect(!warnings.contains { $0.severity != .note }, "\(c.bundle): \(warnings)")
            }
            #expect(windows.count >= c.minimumWindows, "\(c.bundle)")
            for w in windows {
                #expect(c.names.contains(w.identifier), "\(c.bundle): \(w.identifier) is not a test of the oracle")
                #expect(w.window.start >= c.start - 1 && w.window.end <= c.end + 1, "\(c.bundle): \(w.identifier) outside the action")
                #expect(w.window.duration < 60)
            }
        }
    }

    /// Test identifiers of a tests.json oracle, without `()`, computed with Foundation.
    private func oracleIdentifiers(_ relative: String) throws -> [String] {
        let json = try JSONSerialization.jsonObject(with: Data(try RealEvidence.bytes(relative)))
        var out: [String] = []
        func walk(_ node: Any) {
            if let d = node as? [String: Any] {
                if d["nodeType"] as? String == "Test Case", let id = d["nodeIdentifier"] as? String {
                    out.append(id.hasSuffix("()") ? String(id.dropLast(2)) : id)
                }
                d.values.forEach(walk)
            } else if let a = node as? [Any] {
                a.forEach(walk)
            }
        }
        walk(json)
        return out
    }

    /// Every `Data/` object of the bundle whose bytes open like a session log.
    private func sessionLogs(_ bundle: String) throws -> [[UInt8]] {
        let source = try RealXCResult.load(bundle)
        var store = XCResultStore(source: source, bundlePath: "")
        var logs: [[UInt8]] = []
        for path in source.files.keys.sorted() where path.hasPrefix("Data/data.") {
            guard let id = try? store.id(String(path.dropFirst("Data/data.".count)), namedBy: path),
                let bytes = try? store.object(id), bytes.starts(with: Array("Xcode version:".utf8)),
                ByteSearch.firstIndex(of: Array("Beginning test session".utf8), in: bytes, from: 0) != nil
            else { continue }
            logs.append(bytes)
        }
        return logs
    }
}
