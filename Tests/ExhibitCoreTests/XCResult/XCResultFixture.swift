import ExhibitCore
import ExhibitTriageUI
import Foundation

/// A small test run written as the legacy graph real bundles hold: root →
/// action → tests tree → one `ActionTestSummary` per run of a test.
struct XCResultFixture {
    struct Run {
        var identifier: String
        var status: String
        var duration: Double = 0.01
        var failures: [(message: String, file: String, line: Int)] = []
        /// Swift Testing arguments, label and value.
        var arguments: [(String, String)] = []
        var iteration: Int?
        var policy: String?
        /// Written as `activitySummaries` (Data/) and `Activities` rows (database).
        var activities: [TestActivity] = []
        /// What only the database keeps, for each of `failures` (the database writer).
        var evidence: FailureEvidence?

        var name: String { String(identifier.split(separator: "/").last ?? Substring(identifier)) }
    }

    struct Action {
        var title: String? = "Testing workspace Vault with scheme Vault"
        var status = "failed"
        var started = "2026-11-03T10:00:05.109+0200"
        var ended = "2026-11-03T10:02:07.500+0200"
        var deviceID = "5E1A2B3C-0000-4000-8000-00000000ABCD"
        var deviceName = "iPhone 16"
        var runs: [Run] = []
        /// `issues.testFailureSummaries`: test case name, message, 0-based URL line.
        var issueFailures: [(testCaseName: String, message: String, file: String, urlLine: Int)] = []
        var metrics: (tests: Int, failed: Int, skipped: Int)? = nil
        /// `actionResult.diagnosticsRef`, a folder object the test wrote.
        var diagnosticsRef: XCResultObjectID?
    }

    var actions: [Action]
    var minor = 56
    var target = "VaultTests"

    /// Writes the bundle; returns the ids written, root first, then per action the
    /// tests tree id, then the summaries in run order.
    @discardableResult
    func write(into writer: inout XCResultWriter) -> (root: XCResultObjectID, tests: [XCResultObjectID], summaries: [XCResultObjectID]) {
        var actionValues: [TokenValue] = []
        var testsIDs: [XCResultObjectID] = []
        var summaryIDs: [XCResultObjectID] = []
        for action in actions {
            var metadata: [TokenValue] = []
            for run in action.runs {
                let summaryID = writer.add(summary(run))
                summaryIDs.append(summaryID)
                var fields: [(String, TokenValue)] = [
                    ("duration", .double(run.duration)), ("identifier", .string(run.identifier)),
                    ("name", .string(run.name)),
                    ("summaryRef", .reference(summaryID, to: "ActionTestSummary")), ("testStatus", .string(run.status)),
                ]
                if !run.failures.isEmpty { fields.insert(("failureSummariesCount", .int(run.failures.count)), at: 1) }
                metadata.append(.object("ActionTestMetadata", supertypes: ["ActionTestSummaryIdentifiableObject", "ActionAbstractTestSummary"], fields))
            }
            let group = TokenValue.object(
                "ActionTestSummaryGroup", supertypes: ["ActionTestSummaryIdentifiableObject", "ActionAbstractTestSummary"],
                [
                    ("identifier", .string("All tests")), ("name", .string("All tests")), ("subtests", .array(metadata)),
                ])
            let plan = TokenValue.object(
                "ActionTestPlanRunSummaries",
                [
                    (
                        "summaries",
                        .array([
                            .object(
                                "ActionTestPlanRunSummary", supertypes: ["ActionAbstractTestSummary"],
                                [
                                    ("name", .string("Test Scheme Action")),
                                    (
                                        "testableSummaries",
                                        .array([
                                            .object(
                                                "ActionTestableSummary", supertypes: ["ActionAbstractTestSummary"],
                                                [
                                                    ("name", .string(target)), ("targetName", .string(target)), ("tests", .array([group])),
                                                ])
                                        ])
                                    ),
                                ])
                        ])
                    )
                ])
            let testsID = writer.add(plan)
            testsIDs.append(testsID)
            actionValues.append(self.action(action, testsID: testsID))
        }
        let root = writer.add(.object("ActionsInvocationRecord", [("actions", .array(actionValues))]))
        writer.info(root: root, minor: minor)
        return (root, testsIDs, summaryIDs)
    }

    func summary(_ run: Run) -> TokenValue {
        var fields: [(String, TokenValue)] = []
        if !run.arguments.isEmpty && minor >= 56 {
            fields.append(
                (
                    "arguments",
                    .array(
                        run.arguments.map { label, value in
                            .object(
                                "TestArgument",
                                [
                                    ("identifier", .string(value)),
                                    ("parameter", .object("TestParameter", [("label", .string(label)), ("typeName", .string("Bool"))])),
                                    ("value", .object("TestValue", [("description", .string(value)), ("typeName", .string("Bool"))])),
                                ])
                        })
                ))
        }
        fields.append(("duration", .double(run.duration)))
        if !run.failures.isEmpty {
            fields.append(
                (
                    "failureSummaries",
                    .array(
                        run.failures.map { f in
                            .object(
                                "ActionTestFailureSummary",
                                [
                                    ("fileName", .string("/Users/ci/src/Tests/\(f.file)")), ("isTopLevelFailure", .scalar(type: "Bool", "true")),
                                    ("issueType", .string("Assertion Failure")), ("lineNumber", .int(f.line)), ("message", .string(f.message)),
                                ])
                        })
                ))
        }
        if !run.activities.isEmpty { fields.append(("activitySummaries", .array(run.activities.map(Self.activity)))) }
        fields += [("identifier", .string(run.identifier)), ("name", .string(run.name))]
        // Repetition policies appear with Xcode 13's test repetitions; older bundles
        // have none, and the fixture leaves them out below 3.53.
        if let policy = run.policy, minor >= 53 {
            fields.append(
                (
                    "repetitionPolicySummary",
                    .object(
                        "ActionTestRepetitionPolicySummary",
                        [
                            ("iteration", .int(run.iteration ?? 1)), ("repetitionMode", .string(policy)), ("totalIterations", .int(3)),
                        ])
                ))
        }
        fields.append(("testStatus", .string(run.status)))
        return .object("ActionTestSummary", supertypes: ["ActionTestSummaryIdentifiableObject", "ActionAbstractTestSummary"], fields)
    }

    /// An activity as `ActionTestActivitySummary`, dates written at UTC+05:00 as a
    /// Karachi CI host would (the reader must make them absolute).
    static func activity(_ activity: TestActivity) -> TokenValue {
        var fields: [(String, TokenValue)] = []
        if let type = activity.activityType { fields.append(("activityType", .string(type))) }
        if !activity.attachments.isEmpty {
            fields.append(
                (
                    "attachments",
                    .array(
                        activity.attachments.map { a in
                            var f: [(String, TokenValue)] = []
                            if let v = a.filename { f.append(("filename", .string(v))) }
                            if let v = a.lifetime { f.append(("lifetime", .string(v))) }
                            if let v = a.name { f.append(("name", .string(v))) }
                            if let v = a.payloadID { f.append(("payloadRef", .reference(text: v))) }
                            if let v = a.size { f.append(("payloadSize", .int(v))) }
                            if let v = a.timestamp { f.append(("timestamp", .date(offsetDate(v)))) }
                            if let v = a.uniformType { f.append(("uniformTypeIdentifier", .string(v))) }
                            return .object("ActionTestAttachment", f)
                        })
                ))
        }
        if let v = activity.finish { fields.append(("finish", .date(offsetDate(v)))) }
        if let v = activity.start { fields.append(("start", .date(offsetDate(v)))) }
        if !activity.children.isEmpty { fields.append(("subactivities", .array(activity.children.map(Self.activity)))) }
        fields.append(("title", .string(activity.title)))
        return .object("ActionTestActivitySummary", fields)
    }

    /// `2026-11-03T15:00:05.109+0500` for a time in seconds since 1970 (milliseconds kept).
    static func offsetDate(_ seconds: Double) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 5 * 3600)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSZ"
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    func action(_ action: Action, testsID: XCResultObjectID?) -> TokenValue {
        let device = TokenValue.object(
            "ActionDeviceRecord",
            [
                ("identifier", .string(action.deviceID)), ("modelName", .string(action.deviceName)), ("name", .string(action.deviceName)),
                ("operatingSystemVersion", .string("18.5")), ("operatingSystemVersionWithBuildNumber", .string("18.5 (22F77)")),
                (
                    "platformRecord",
                    .object(
                        "ActionPlatformRecord",
                        [
                            ("identifier", .string("com.apple.platform.iphonesimulator")),
                            ("userDescription", .string("iOS Simulator")),
                        ])
                ),
            ])
        var result: [(String, TokenValue)] = []
        if !action.issueFailures.isEmpty {
            result.append(
                (
                    "issues",
                    .object(
                        "ResultIssueSummaries",
                        [
                            (
                                "testFailureSummaries",
                                .array(
                                    action.issueFailures.map { f in
                                        .object(
                                            "TestFailureIssueSummary", supertypes: ["IssueSummary"],
                                            [
                                                (
                                                    "documentLocationInCreatingWorkspace",
                                                    .object(
                                                        "DocumentLocation",
                                                        [
                                                            ("concreteTypeName", .string("DVTTextDocumentLocation")),
                                                            (
                                                                "url",
                                                                .string(
                                                                    "file:///Users/ci/src/Tests/\(f.file)#EndingLineNumber=\(f.urlLine)&StartingLineNumber=\(f.urlLine)"
                                                                )
                                                            ),
                                                        ])
                                                ),
                                                ("issueType", .string("Uncategorized")), ("message", .string(f.message)),
                                                ("testCaseName", .string(f.testCaseName)),
                                            ])
                                    })
                            )
                        ])
                ))
        }
        if let m = action.metrics {
            result.append(
                (
                    "metrics",
                    .object(
                        "ResultMetrics",
                        [
                            ("testsCount", .int(m.tests)), ("testsFailedCount", .int(m.failed)),
                            ("testsSkippedCount", .int(m.skipped)),
                        ])
                ))
        }
        result.append(("resultName", .string("action")))
        result.append(("status", .string(action.status)))
        if let testsID { result.append(("testsRef", .reference(testsID, to: "ActionTestPlanRunSummaries"))) }
        if let folder = action.diagnosticsRef { result.insert(("diagnosticsRef", .reference(folder)), at: 0) }
        var fields: [(String, TokenValue)] = [
            ("actionResult", .object("ActionResult", result)), ("endedTime", .date(action.ended)),
            (
                "runDestination",
                .object(
                    "ActionRunDestinationRecord",
                    [
                        ("displayName", .string("iPhone 16")), ("targetArchitecture", .string("arm64")), ("targetDeviceRecord", device),
                    ])
            ),
            ("schemeCommandName", .string("Test")), ("startedTime", .date(action.started)),
        ]
        if let title = action.title { fields.append(("title", .string(title))) }
        return .object("ActionRecord", fields)
    }
}
