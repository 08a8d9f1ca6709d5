import Testing

@testable import ExhibitCore
@testable import ExhibitTriageUI

@Suite struct XCResultGraphReaderTests {
    typealias Run = XCResultFixture.Run

    static let retry = "RunRetryOnFailure"

    func load(_ writer: XCResultWriter) -> EvidenceBundle {
        BundleLoader.load(runID: "run", from: writer.source)
    }

    func results(_ bundle: EvidenceBundle) throws -> TestResults {
        try #require(bundle.results.first(where: { $0.source == .xcresultBundle }), "\(bundle.diagnostics)")
    }

    static let basicRuns = [
        Run(identifier: "BackupBoundaryTests/testDocumentsHoldUserDataOnly()", status: "Success", duration: 0.5),
        Run(
            identifier: "BackupBoundaryTests/testCacheNotInDocuments()", status: "Failure", duration: 0.25,
            failures: [("XCTAssertFalse failed - Documents/ModelCache.bin must be excluded", "BackupBoundaryTests.swift", 41)]),
        Run(identifier: "BackupBoundaryTests/testSkipped()", status: "Skipped"),
    ]

    @Test func readsTheActionDestinationCountsAndFailures() throws {
        var writer = XCResultWriter()
        XCResultFixture(actions: [.init(runs: Self.basicRuns)]).write(into: &writer)
        let bundle = load(writer)
        let r = try results(bundle)
        #expect(bundle.status(of: "results/Run.xcresult/Data") == .loaded)
        #expect(r.title == "Testing workspace Vault with scheme Vault")
        #expect(r.scheme == "Vault")
        // 10:00:05.109+0200 is 08:00:05.109 UTC.
        #expect(r.startTime == ISO8601Timestamp.secondsSince1970("2026-11-03T08:00:05.109Z"))
        #expect(r.finishTime == ISO8601Timestamp.secondsSince1970("2026-11-03T08:02:07.500Z"))
        #expect(
            r.devices == [
                TestDevice(
                    identifier: "5E1A2B3C-0000-4000-8000-00000000ABCD", name: "iPhone 16", modelName: "iPhone 16",
                    architecture: "arm64", osVersion: "18.5", osBuildNumber: "22F77", platform: "iOS Simulator")
            ])
        #expect((r.totalCount, r.passedCount, r.failedCount, r.skippedCount) == (3, 1, 1, 1))
        #expect(r.outcome == .failed)
        #expect(
            r.failures == [
                TestFailure(
                    testName: "testCacheNotInDocuments()", identifier: "BackupBoundaryTests/testCacheNotInDocuments()",
                    targetName: "VaultTests", failureText: "XCTAssertFalse failed - Documents/ModelCache.bin must be excluded",
                    sourceFile: "BackupBoundaryTests.swift", line: 41)
            ])
        #expect(r.testCases.map(\.durationSeconds) == [0.5, 0.25, 0.01])
        // What fills the run's metadata when run.json is absent.
        #expect(bundle.metadata.deviceIdentifier == "5E1A2B3C-0000-4000-8000-00000000ABCD")
        #expect(bundle.metadata.runtimeBuild == "22F77")
        #expect(bundle.xcresultInfo.first?.formatVersion == "3.56")
        #expect(!bundle.diagnostics.contains { $0.file.hasPrefix("results/Run.xcresult") }, "\(bundle.diagnostics)")
    }

    /// Retry on failure: failed then passed is passed (flaky) with both attempts; failed
    /// every time is failed with the message once; a duration is the mean of the runs.
    @Test func retriesBecomeAttemptsOfOneTest() throws {
        let flaky = "VaultTests/testFlaky()"
        let broken = "VaultTests/testBroken()"
        let failure = [("failed - 2 files left in tmp", "CleanupTests.swift", 12)]
        var writer = XCResultWriter()
        XCResultFixture(actions: [
            .init(runs: [
                Run(identifier: flaky, status: "Failure", duration: 0.3, failures: failure, iteration: 1, policy: Self.retry),
                Run(identifier: flaky, status: "Success", duration: 0.1, iteration: 2, policy: Self.retry),
                Run(identifier: broken, status: "Failure", failures: failure, iteration: 1, policy: Self.retry),
                Run(identifier: broken, status: "Failure", failures: failure, iteration: 2, policy: Self.retry),
                Run(identifier: broken, status: "Failure", failures: failure, iteration: 3, policy: Self.retry),
            ])
        ]).write(into: &writer)
        let r = try results(load(writer))
        #expect(r.testCases.map(\.identifier) == [flaky, broken])
        #expect(r.testCases.map(\.outcome) == [.passed, .failed])
        #expect(r.testCases[0].attempts == [.failed, .passed])
        #expect(r.testCases[0].isFlaky && r.flakyCount == 1)
        #expect(abs((r.testCases[0].durationSeconds ?? 0) - 0.2) < 1e-9)
        #expect(r.testCases[1].attempts == [.failed, .failed, .failed])
        #expect(r.failures.map(\.identifier) == [broken])
        #expect(r.failures.first?.messages == [FailureMessage(text: "failed - 2 files left in tmp", sourceFile: "CleanupTests.swift", line: 12)])
        #expect((r.failures.first?.attempts, r.failures.first?.failedAttempts) == (3, 3))
        #expect((r.failedCount, r.passedCount) == (1, 1))
    }

    /// Parameterized runs are grouped by their arguments: one argument failing on every
    /// retry fails the test even though another passed.
    @Test func parameterizedArgumentsAreGroupedBeforeRetriesDecide() throws {
        let id = "ExampleSUITests/flaky(value:)"
        let failure = [("Expectation failed: (result → 4.0) == 5.0", "SwiftTestingTests.swift", 66)]
        var writer = XCResultWriter()
        XCResultFixture(actions: [
            .init(runs: [
                Run(identifier: id, status: "Failure", failures: failure, arguments: [("value", "false")], iteration: 1, policy: Self.retry),
                Run(identifier: id, status: "Success", arguments: [("value", "true")], iteration: 1, policy: Self.retry),
                Run(identifier: id, status: "Failure", failures: failure, arguments: [("value", "false")], iteration: 2, policy: Self.retry),
                Run(identifier: id, status: "Success", arguments: [("value", "true")], iteration: 2, policy: Self.retry),
            ])
        ]).write(into: &writer)
        let r = try results(load(writer))
        #expect(r.testCases.count == 1)
        #expect(r.testCases[0].outcome == .failed)
        #expect(r.testCases[0].attempts == [.failed, .passed, .failed, .passed])
        #expect(r.failures.count == 1)
        #expect(r.failures.first?.line == 66)
        #expect((r.failures.first?.attempts, r.failures.first?.failedAttempts) == (4, 2))
    }

    /// Repeated actions (test repetitions, no retry policy): the worst run decides.
    /// The first and last actions' trees are byte-identical, hence one object: both count.
    @Test func repeatedActionsMergeIntoAttempts() throws {
        let id = "RepeatTests/testRandom()"
        var writer = XCResultWriter()
        XCResultFixture(
            actions: (0..<3).map { i in
                XCResultFixture.Action(
                    title: nil,
                    runs: [
                        Run(
                            identifier: id, status: i == 1 ? "Failure" : "Success",
                            failures: i == 1 ? [("failed - number 61", "RepeatTests.swift", 15)] : [])
                    ])
            }
        ).write(into: &writer)
        let r = try results(load(writer))
        #expect(r.testCases.count == 1)
        #expect(r.testCases[0].attempts == [.passed, .failed, .passed])
        #expect(r.testCases[0].outcome == .failed)
        #expect(r.scheme == nil && r.title == nil)
    }

    /// Two destinations (one test action each): the same test is one test per
    /// destination, each destination has its counts, failures say where.
    @Test func severalDestinationsAreReportedApart() throws {
        let id = "VaultTests/testCache()"
        var writer = XCResultWriter()
        XCResultFixture(actions: [
            .init(deviceID: "UDID-A", deviceName: "iPhone 16", runs: [Run(identifier: id, status: "Success")]),
            .init(deviceID: "UDID-B", deviceName: "iPad Air", runs: [Run(identifier: id, status: "Failure", failures: [("boom", "V.swift", 9)])]),
        ]).write(into: &writer)
        let r = try results(load(writer))
        #expect(r.devices.map(\.identifier) == ["UDID-A", "UDID-B"])
        #expect(r.testCases.map(\.outcome) == [.passed, .failed])
        #expect(r.destinations.map(\.device.identifier) == ["UDID-A", "UDID-B"])
        #expect(r.destinations.map(\.failedCount) == [0, 1])
        #expect(r.failures.map(\.destination) == [r.devices[1].label])
        #expect(r.failures.first?.attempts == nil)
    }

    /// A bundle cut down to its root object (xcresultparser's session_level_failure
    /// fixture): the tests tree is missing, named by id, and the action's own
    /// metrics and failure summaries still give counts and failures. The document
    /// URL's line is 0-based, so StartingLineNumber=40 is line 41.
    @Test func aTrimmedBundleWithOnlyTheRootStillGivesCountsAndFailures() throws {
        var writer = XCResultWriter()
        let ids = XCResultFixture(actions: [
            .init(
                runs: Self.basicRuns,
                issueFailures: [("BackupBoundaryTests.testCacheNotInDocuments()", "XCTAssertFalse failed", "BackupBoundaryTests.swift", 40)],
                metrics: (3, 1, 1))
        ]).write(into: &writer)
        for key in writer.files.keys where !key.contains(ids.root.text) && !key.hasSuffix("Info.plist") { writer.files[key] = nil }
        let bundle = load(writer)
        let r = try results(bundle)
        #expect((r.totalCount, r.failedCount, r.skippedCount, r.passedCount) == (3, 1, 1, 1))
        #expect(r.outcome == .failed)
        #expect(
            r.failures == [
                TestFailure(
                    testName: "testCacheNotInDocuments()", identifier: "BackupBoundaryTests/testCacheNotInDocuments()",
                    failureText: "XCTAssertFalse failed", sourceFile: "BackupBoundaryTests.swift", line: 41)
            ])
        let missing = try #require(bundle.diagnostics.first { $0.message.contains("pruned from the artifact?") })
        #expect(missing.file == "results/Run.xcresult/Data/data.\(ids.tests[0].text)")
        #expect(missing.message.contains("the tests of actions[0]"))
    }

    /// One run's summary truncated: that run loses its message, named by id; the
    /// other tests, the counts and the outcome load.
    @Test func aTruncatedSummaryCostsOnlyThatRun() throws {
        var writer = XCResultWriter()
        let ids = XCResultFixture(actions: [.init(runs: Self.basicRuns)]).write(into: &writer)
        let path = writer.path(ids.summaries[1].dataPath)
        writer.files[path] = Array(writer.files[path]!.dropLast(8))
        let bundle = load(writer)
        let r = try results(bundle)
        #expect((r.totalCount, r.failedCount) == (3, 1))
        #expect(r.failures.map(\.identifier) == ["BackupBoundaryTests/testCacheNotInDocuments()"])
        let warning = try #require(bundle.diagnostics.first { $0.file == path })
        #expect(warning.message.hasPrefix("truncated zstd frame") || warning.message.hasPrefix("malformed typed object"))
        #expect(warning.message.contains("testCacheNotInDocuments()"))
    }

    /// A crafted graph (ids chosen, not hashed) where the tests tree's run names the
    /// root as its summary and a second action names the root as its tests: each
    /// wrong reference is refused by type and the read ends.
    @Test func aCycleInACraftedGraphEnds() throws {
        let rootID = XCResultObjectID(digest: [UInt8](repeating: 1, count: 64))
        let planID = XCResultObjectID(digest: [UInt8](repeating: 2, count: 64))
        var writer = XCResultWriter()
        let loopRun = TokenValue.object(
            "ActionTestMetadata",
            [
                ("identifier", .string("Loop/test()")), ("testStatus", .string("Failure")), ("summaryRef", .reference(rootID)),
            ])
        writer.put(.testPlan([loopRun, loopRun]), as: planID)
        writer.put(
            .object(
                "ActionsInvocationRecord",
                [
                    (
                        "actions",
                        .array([
                            .object(
                                "ActionRecord", [("actionResult", .object("ActionResult", [("status", .string("failed")), ("testsRef", .reference(planID))]))]),
                            .object("ActionRecord", [("actionResult", .object("ActionResult", [("testsRef", .reference(rootID))]))]),
                            .object("ActionRecord", [("actionResult", .object("ActionResult", [("testsRef", .reference(planID))]))]),
                        ])
                    )
                ]), as: rootID)
        writer.info(root: rootID)
        let bundle = load(writer)
        let r = try results(bundle)
        #expect(r.testCases.map(\.identifier) == ["Loop/test()"])
        #expect(r.testCases.first?.attempts.count == 4, "a tree named by two actions counts for both")
        #expect(bundle.diagnostics.contains { $0.message.contains("expected type ActionTestSummary, found type ActionsInvocationRecord") })
        #expect(bundle.diagnostics.contains { $0.message.contains("expected type ActionTestPlanRunSummaries, found type ActionsInvocationRecord") })
    }

    @Test func unknownTypesAndKeysAreIgnored() throws {
        var writer = XCResultWriter()
        let summary = writer.add(
            .object(
                "ActionTestSummaryFromXcode30", supertypes: ["ActionTestSummary"],
                [
                    ("testStatus", .string("Failure")), ("quantumFlux", .object("FluxCapacitor", [("gigawatts", .double(1.21))])),
                    (
                        "failureSummaries",
                        .array([
                            .object(
                                "ActionTestFailureSummaryV9",
                                [
                                    ("message", .string("boom")), ("lineNumber", .int(3)),
                                    ("fileName", .string("/x/A.swift")), ("newKey", .raw([0, 1])),
                                ])
                        ])
                    ),
                ]))
        let plan = writer.add(
            .testPlan([
                .object(
                    "ActionTestSummaryGroup",
                    [
                        (
                            "subtests",
                            .array([
                                .object(
                                    "ActionTestMetadata",
                                    [
                                        ("identifier", .string("A/test()")), ("name", .string("test()")),
                                        ("testStatus", .string("Failure")), ("summaryRef", .reference(summary)),
                                        ("futureField", .string("x")),
                                    ])
                            ])
                        )
                    ])
            ]))
        let root = writer.add(
            .object(
                "ActionsInvocationRecord",
                [
                    ("newTopLevel", .int(1)),
                    (
                        "actions",
                        .array([
                            .object("ActionRecord", [("actionResult", .object("ActionResult", [("testsRef", .reference(plan))]))])
                        ])
                    ),
                ]))
        writer.info(root: root, minor: 99)
        let bundle = load(writer)
        let r = try results(bundle)
        #expect(r.failures == [TestFailure(testName: "test()", identifier: "A/test()", failureText: "boom", sourceFile: "A.swift", line: 3)])
    }

    /// An id that is not one (a path, a traversal) is reported and never read.
    @Test func aHostileReferenceIsNeverFollowed() throws {
        var writer = XCResultWriter()
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
                                                ("status", .string("failed")),
                                                ("testsRef", .reference(text: "../../../../etc/passwd")),
                                            ])
                                    )
                                ])
                        ])
                    )
                ]))
        writer.info(root: root)
        let source = RecordingSource(writer.files)
        let bundle = BundleLoader.load(runID: "run", from: source)
        #expect(try results(bundle).outcome == .failed)
        #expect(!source.requested.contains { $0.contains("passwd") })
        #expect(source.requested.allSatisfy { !$0.contains("..") })
        #expect(bundle.diagnostics.contains { $0.message.contains("which is not an object id") })
    }

    @Test func aMissingRootLeavesTheBundleMalformedAndTheRestLoads() throws {
        var writer = XCResultWriter()
        let ids = XCResultFixture(actions: [.init(runs: Self.basicRuns)]).write(into: &writer)
        writer.files[writer.path(ids.root.dataPath)] = nil
        writer.files["results/tests.json"] = Array(#"{"devices": [], "testNodes": []}"#.utf8)
        let bundle = load(writer)
        guard case .malformed(let why)? = bundle.status(of: "results/Run.xcresult/Data") else {
            Issue.record("\(bundle.files)")
            return
        }
        #expect(why.message.contains("pruned from the artifact?"))
        #expect(bundle.status(of: "results/tests.json") == .loaded)
        #expect(bundle.primaryResults?.source == .testsJSON)
    }

    /// Each format version's shape as the reference describes it: no repetition
    /// policies or arguments before Swift Testing (3.20–3.44), actions without a
    /// title (3.53), arguments and retry policies (3.56+), `directoryImportMode`
    /// in Info.plist (3.60). Every one reads to the same tests.
    @Test(arguments: [20, 24, 26, 34, 39, 44, 53, 56, 58, 60])
    func everyFormatVersionReads(_ minor: Int) throws {
        let id = "VaultTests/testFlaky()"
        var writer = XCResultWriter()
        XCResultFixture(
            actions: [
                .init(
                    title: minor == 53 ? nil : "Testing project Vault with scheme Vault",
                    runs: [
                        Run(
                            identifier: id, status: "Failure", failures: [("failed", "A.swift", 1)], arguments: [("value", "1")], iteration: 1,
                            policy: Self.retry),
                        Run(
                            identifier: id, status: "Failure", failures: [("failed", "A.swift", 1)], arguments: [("value", "1")], iteration: 2,
                            policy: Self.retry),
                    ])
            ], minor: minor
        ).write(into: &writer)
        let bundle = load(writer)
        let r = try results(bundle)
        #expect(bundle.xcresultInfo.first?.formatMinor == minor)
        #expect(r.testCases.count == 1 && r.testCases[0].attempts.count == 2)
        #expect(r.testCases[0].outcome == .failed)
        #expect(r.failures.count == 1)
        #expect(r.scheme == (minor == 53 ? nil : "Vault"))
    }
}
