import Foundation

/// Reads the test results out of a result bundle's legacy object graph, the tree that
/// `xcresulttool get --legacy` prints, without xcresulttool:
///
///     root ActionsInvocationRecord → actions[] ActionRecord (title, startedTime, endedTime,
///       runDestination, actionResult {status, metrics, issues, testsRef})
///     testsRef → ActionTestPlanRunSummaries → summaries[].testableSummaries[].tests[]
///       (ActionTestSummaryGroup.subtests … ActionTestMetadata {identifier, testStatus, summaryRef})
///     summaryRef → ActionTestSummary {failureSummaries[], arguments[], repetitionPolicySummary}
///
/// Every `ActionTestMetadata` is one run of a test; runs with the same identifier
/// (retries, repetitions, parameterized arguments, repeated actions) are one test case
/// with several attempts. An object that is missing, truncated or malformed costs only
/// what hangs below it: it is reported with its id and what could not be read, and
/// the rest is read. References are followed only along this fixed shape (root, tests,
/// summaries), so a crafted graph with cycles cannot make the reader loop.
public enum XCResultGraphReader {
    public static func read<S: EvidenceSource>(
        _ store: inout XCResultStore<S>, rootID: String?,
        infoFile: String
    ) -> (results: TestResults?, diagnostics: [Diagnostic], xcodeVersion: String?) {
        var reader = Reading(store: store)
        let results = reader.read(rootID: rootID, infoFile: infoFile)
        store = reader.store
        return (results, reader.diagnostics, reader.xcodeVersion)
    }

    /// The state of one read: the store (for its decoding budget), what was said, and
    /// test cases as they are gathered.
    private struct Reading<S: EvidenceSource> {
        var store: XCResultStore<S>
        var diagnostics: [Diagnostic] = []
        var cases: [String: Int] = [:]
        /// From the first line of a session log in the Diagnostics folder.
        var xcodeVersion: String?
        /// The destination of the action being read.
        var currentDevice: TestDevice?
        var gathered: [GatheredCase] = []

        init(store: XCResultStore<S>) { self.store = store }

        struct GatheredCase {
            var name: String
            var identifier: String?
            var target: String?
            /// The run destination of the action it ran in.
            var device: TestDevice?
            var attempts: [GatheredAttempt] = []
        }

        /// One run of a test as read; the model keeps its outcome (`TestCaseRecord.attempts`)
        /// and its messages (`TestFailure.messages`).
        struct GatheredAttempt {
            var outcome: TestOutcome
            var durationSeconds: Double?
            /// Swift Testing arguments (`value: false`), which group runs.
            var arguments: String?
            var policy: String?
            var messages: [FailureMessage] = []
        }

        mutating func report(_ error: XCResultObjectError, _ consequence: String, severity: Diagnostic.Severity = .warning) {
            diagnostics.append(Diagnostic(severity, file: error.file, "\(error.message); \(consequence)"))
        }

        mutating func read(rootID: String?, infoFile: String) -> TestResults? {
            guard let rootText = rootID else {
                diagnostics.append(.error(infoFile, "no rootId.hash: the bundle's objects cannot be found; no test results from Data/"))
                return nil
            }
            let root: XCResultObject
            do throws(XCResultObjectError) {
                let id = try store.id(rootText, namedBy: "rootId.hash in \(infoFile)")
                root = try typed(id, expected: "ActionsInvocationRecord", strict: false)
            } catch {
                report(error, "no test results from Data/", severity: .error)
                return nil
            }
            var results = TestResults(source: .xcresultBundle)
            var anyActionFailed = false
            var anyActionSucceeded = false
            var metricTotals: (tests: Int, failed: Int, skipped: Int)?
            var summaryFailures: [TestFailure] = []
            var testsMissing = false
            for (index, action) in root.objects("actions").enumerated() {
                let place = "actions[\(index)]"
                currentDevice = nil
                if let title = action.string("title") {
                    if results.title == nil { results.title = title }
                    if results.scheme == nil { results.scheme = LegacyJSONReader.scheme(fromActionTitle: title) }
                }
                if let started = action.string("startedTime").flatMap(ISO8601Timestamp.secondsSince1970) {
                    results.startTime = min(results.startTime ?? started, started)
                }
                if let ended = action.string("endedTime").flatMap(ISO8601Timestamp.secondsSince1970) {
                    results.finishTime = max(results.finishTime ?? ended, ended)
                }
                if let destination = action.object("runDestination"), let record = destination.object("targetDeviceRecord") {
                    var device = Self.device(record)
                    device.architecture = destination.string("targetArchitecture")
                    if !results.devices.contains(device) { results.devices.append(device) }
                    currentDevice = device
                }
                guard let actionResult = action.object("actionResult") else { continue }
                switch actionResult.string("status").map(TestOutcome.init) {
                case .failed?: anyActionFailed = true
                case .passed?: anyActionSucceeded = true
                default: break
                }
                if let metrics = actionResult.object("metrics"), let tests = metrics.string("testsCount").flatMap(Int.init) {
                    var totals = metricTotals ?? (0, 0, 0)
                    totals.tests += tests
                    totals.failed += metrics.string("testsFailedCount").flatMap(Int.init) ?? 0
                    totals.skipped += metrics.string("testsSkippedCount").flatMap(Int.init) ?? 0
                    metricTotals = totals
                }
                for summary in actionResult.object("issues")?.objects("testFailureSummaries") ?? [] {
                    summaryFailures.append(Self.issueFailure(summary))
                }
                if xcodeVersion == nil, let diagnostics = actionResult.referenceText("diagnosticsRef") {
                    xcodeVersion = findXcodeVersion(diagnostics)
                }
                if let testsText = actionResult.referenceText("testsRef") {
                    if !readTests(testsText, place: "\(place).actionResult.testsRef") { testsMissing = true }
                }
            }
            if gathered.isEmpty {
                // No tests tree (pruned, trimmed, or a build-only action): what the
                // actions' own summaries say, as legacy.json gives it.
                results.failures = TestFailure.grouped(summaryFailures)
                if let totals = metricTotals {
                    results.totalCount = totals.tests
                    results.failedCount = totals.failed
                    results.skippedCount = totals.skipped
                    results.passedCount = max(0, totals.tests - totals.failed - totals.skipped)
                }
                if (results.failedCount ?? 0) > 0 || anyActionFailed || !results.failures.isEmpty {
                    results.outcome = .failed
                } else if anyActionSucceeded || (results.totalCount ?? 0) > 0 {
                    results.outcome = .passed
                }
            } else {
                results.testCases = gathered.map(Self.testCase)
                results.failures = failures(fallback: summaryFailures)
                results.tallyOutcomes()
                destinations(into: &results)
                // An action that failed with every test read passing (a crash after the
                // tests, a tests tree that could not be read): the run failed all the same.
                if anyActionFailed || testsMissing && !summaryFailures.isEmpty { results.outcome = .failed }
            }
            return results
        }

        /// A typed object that should be `expected`. With `strict`, another type is an
        /// error (a crafted reference to the wrong object); otherwise a warning.
        mutating func typed(_ id: XCResultObjectID, expected: String, strict: Bool) throws(XCResultObjectError) -> XCResultObject {
            let value = try store.typedObject(id)
            guard let object = value.object else {
                throw XCResultObjectError(
                    id: id, file: store.path(id.dataPath), problem: .unexpectedType(expected: "type \(expected)", found: "an array or scalar"))
            }
            if object.typeName != expected && !object.supertypes.contains(expected) {
                let error = XCResultObjectError(
                    id: id, file: store.path(id.dataPath),
                    problem: .unexpectedType(expected: "type \(expected)", found: "type \(object.typeName)"))
                if strict { throw error }
                diagnostics.append(.warning(error.file, "\(error.message); reading what matches"))
            }
            return object
        }

        /// One action's tests tree; false when it could not be read.
        mutating func readTests(_ text: String, place: String) -> Bool {
            let plan: XCResultObject
            do throws(XCResultObjectError) {
                // Two actions may name the same tree: content addressing gives identical
                // runs (Swift Testing records durations of 0) one id, and each counts.
                let id = try store.id(text, namedBy: place)
                plan = try typed(id, expected: "ActionTestPlanRunSummaries", strict: true)
            } catch {
                report(error, "the tests of \(place) could not be read; counts and failures come from the action's summary")
                return false
            }
            for summary in plan.objects("summaries") {
                for testable in summary.objects("testableSummaries") {
                    let target = testable.string("targetName") ?? testable.string("name")
                    for test in testable.objects("tests") { walk(test, target: target, depth: 0) }
                }
            }
            return true
        }

        mutating func walk(_ node: XCResultObject, target: String?, depth: Int) {
            if node.typeName == "ActionTestMetadata" || node["testStatus"] != nil && node["subtests"] == nil {
                addRun(node, target: target)
                return
            }
            // The typed-object parser bounds nesting, so this recursion is bounded too.
            for child in node.objects("subtests") { walk(child, target: target, depth: depth + 1) }
        }

        mutating func addRun(_ metadata: XCResultObject, target: String?) {
            let name = metadata.string("name") ?? metadata.string("identifier") ?? ""
            let identifier = metadata.string("identifier")
            var gatheredAttempt = GatheredAttempt(
                outcome: metadata.string("testStatus").map(TestOutcome.init) ?? .unknown,
                durationSeconds: metadata.string("duration").flatMap(Double.init))
            if let summaryText = metadata.referenceText("summaryRef") {
                let place = "the summaryRef of \(identifier ?? name)"
                do throws(XCResultObjectError) {
                    let id = try store.id(summaryText, namedBy: place)
                    let summary = try typed(id, expected: "ActionTestSummary", strict: true)
                    let arguments = summary.objects("arguments").map { argument -> String in
                        let value = argument.object("value")?.string("description") ?? argument.string("identifier") ?? ""
                        return argument.object("parameter")?.string("label").map { "\($0): \(value)" } ?? value
                    }
                    if !arguments.isEmpty { gatheredAttempt.arguments = arguments.joined(separator: ", ") }
                    gatheredAttempt.policy = summary.object("repetitionPolicySummary")?.string("repetitionMode")
                    for failure in summary.objects("failureSummaries") {
                        gatheredAttempt.messages.append(
                            FailureMessage(
                                text: failure.string("message") ?? "", sourceFile: failure.string("fileName").map(FailureLocation.lastPathComponent),
                                line: failure.string("lineNumber").flatMap(Int.init)))
                    }
                } catch {
                    report(error, "the failure messages and arguments of one run of \(identifier ?? name) could not be read")
                }
            }
            // The same test on two destinations is two tests (as testsFailedCount counts).
            let key = (identifier ?? name) + "\u{0}" + (currentDevice.map(Self.deviceKey) ?? "")
            if let index = cases[key] {
                gathered[index].attempts.append(gatheredAttempt)
            } else {
                cases[key] = gathered.count
                gathered.append(
                    GatheredCase(
                        name: name, identifier: identifier, target: target, device: currentDevice,
                        attempts: [gatheredAttempt]))
            }
        }

        /// Failed test cases, one entry each, with the messages of their failed runs
        /// (each once) and how many runs failed; a failed case whose runs carried no
        /// message falls back to the action's failure summaries for that test.
        func failures(fallback: [TestFailure]) -> [TestFailure] {
            var out: [TestFailure] = []
            for test in gathered where Self.outcome(of: test.attempts) == .failed {
                var messages: [FailureMessage] = []
                for attempt in test.attempts where attempt.outcome == .failed {
                    for message in attempt.messages where !messages.contains(message) { messages.append(message) }
                }
                if messages.isEmpty {
                    messages = fallback.filter { $0.identifier == test.identifier }.flatMap(\.messages)
                }
                var failure = TestFailure(
                    testName: test.name, identifier: test.identifier, targetName: test.target,
                    messages: messages)
                if test.attempts.count > 1 {
                    failure.attempts = test.attempts.count
                    failure.failedAttempts = test.attempts.filter { $0.outcome == .failed }.count
                }
                out.append(failure)
            }
            return out
        }

        /// `Xcode version: 26.1.1 (17B100)`, the first line of the xctest session log
        /// (`…/Session-<Target>-<date>.log` below the Diagnostics folder). Folders are
        /// walked breadth first, at most 64 of them; a folder that cannot be read is
        /// skipped silently (the version is a convenience, the tests do not depend on it).
        mutating func findXcodeVersion(_ diagnosticsText: String) -> String? {
            guard let start = XCResultObjectID(diagnosticsText) else { return nil }
            var pending = [start]
            var visited: Set<XCResultObjectID> = []
            while !pending.isEmpty, visited.count < 64 {
                let id = pending.removeFirst()
                guard visited.insert(id).inserted,
                    let children = try? store.refs(id), let content = try? store.object(id),
                    let folder = try? FolderObject.parse(content, children: children)
                else { continue }
                for entry in folder.entries {
                    if entry.isFolder {
                        pending.append(entry.id)
                    } else if entry.name.hasPrefix("Session-"), entry.name.hasSuffix(".log"),
                        let log = try? store.object(entry.id)
                    {
                        let firstLine = log.prefix(200).split(separator: 0x0A, maxSplits: 1, omittingEmptySubsequences: false).first ?? []
                        let text = String(decoding: firstLine, as: UTF8.self)
                        let marker = "Xcode version: "
                        if text.hasPrefix(marker) {
                            let version = text.dropFirst(marker.count).trimmingCharacters(in: .whitespaces)
                            if !version.isEmpty { return version }
                        }
                    }
                }
            }
            return nil
        }

        static func deviceKey(_ device: TestDevice) -> String { device.identifier ?? device.label }

        /// Several destinations (one test action each): each with its own counts, and
        /// every failure named by where it happened.
        func destinations(into results: inout TestResults) {
            var order: [String] = []
            var byDevice: [String: (device: TestDevice, cases: [TestCaseRecord])] = [:]
            for (test, record) in zip(gathered, results.testCases) {
                guard let device = test.device else { continue }
                let key = Self.deviceKey(device)
                if byDevice[key] == nil { order.append(key) }
                byDevice[key, default: (device, [])].cases.append(record)
            }
            guard order.count > 1 else { return }
            results.destinations = order.map { key in
                var tally = TestResults(source: .xcresultBundle, testCases: byDevice[key]!.cases)
                tally.tallyOutcomes()
                return TestDestination(
                    device: byDevice[key]!.device, outcome: tally.outcome, totalCount: tally.totalCount,
                    passedCount: tally.passedCount, failedCount: tally.failedCount,
                    skippedCount: tally.skippedCount, expectedFailureCount: tally.expectedFailureCount)
            }
            let failedTests = gathered.filter { Self.outcome(of: $0.attempts) == .failed }
            for (index, test) in zip(results.failures.indices, failedTests) {
                results.failures[index].destination = test.device?.label
            }
        }

        static func testCase(_ test: GatheredCase) -> TestCaseRecord {
            let durations = test.attempts.compactMap(\.durationSeconds)
            // xcresulttool prints a retried test's duration as the mean of its runs.
            let duration =
                durations.count == test.attempts.count && !durations.isEmpty
                ? durations.reduce(0, +) / Double(durations.count) : nil
            // The model lists attempts only for a test that ran more than once.
            return TestCaseRecord(
                name: test.name, identifier: test.identifier, outcome: outcome(of: test.attempts),
                durationSeconds: duration,
                attempts: test.attempts.count > 1 ? test.attempts.map(\.outcome) : [])
        }

        /// A test's outcome from its runs. Runs are grouped by their arguments; under
        /// "retry on failure" a group's outcome is its last run (failed, then passed on
        /// a retry: passed, and flaky); under any other policy, or none (repetitions,
        /// repeated actions), the worst run. The test failed when any group failed.
        static func outcome(of attempts: [GatheredAttempt]) -> TestOutcome {
            var groups: [String: [GatheredAttempt]] = [:]
            var order: [String] = []
            for attempt in attempts {
                let key = attempt.arguments ?? ""
                if groups[key] == nil { order.append(key) }
                groups[key, default: []].append(attempt)
            }
            let outcomes = order.map { key -> TestOutcome in
                let runs = groups[key]!
                if runs.allSatisfy({ $0.policy == "RunRetryOnFailure" }) { return runs.last!.outcome }
                return worst(runs.map(\.outcome))
            }
            return worst(outcomes)
        }

        static func worst(_ outcomes: [TestOutcome]) -> TestOutcome {
            func rank(_ o: TestOutcome) -> Int {
                switch o {
                case .failed: 0
                case .other, .unknown: 1
                case .passed: 2
                case .expectedFailure: 3
                case .skipped: 4
                }
            }
            return outcomes.min(by: { rank($0) < rank($1) }) ?? .unknown
        }

        /// An `issues.testFailureSummaries` entry. Its document URL counts lines from
        /// 0 (`StartingLineNumber=20` where the failure summary and xcresulttool's
        /// tests.json say line 21, in every bundle checked); `fromDocumentURL` adds one.
        static func issueFailure(_ summary: XCResultObject) -> TestFailure {
            let caseName = summary.string("testCaseName")
            let parts = TestNameParts(parsing: caseName ?? "")
            var message = FailureMessage(text: summary.string("message") ?? "")
            if let url = summary.object("documentLocationInCreatingWorkspace")?.string("url"),
                let location = FailureLocation.fromDocumentURL(url)
            {
                message.sourceFile = location.file
                message.line = location.line
            }
            return TestFailure(
                testName: parts.testName, identifier: caseName == nil ? nil : parts.identifier,
                targetName: summary.string("producingTarget") ?? parts.moduleName, messages: [message])
        }

        static func device(_ record: XCResultObject) -> TestDevice {
            var device = TestDevice(
                identifier: record.string("identifier"), name: record.string("name"),
                modelName: record.string("modelName"), osVersion: record.string("operatingSystemVersion"))
            // "26.1 (23B86)": the build number is the parenthesised part.
            if let full = record.string("operatingSystemVersionWithBuildNumber"), let open = full.lastIndex(of: "("),
                full.hasSuffix(")")
            {
                let build = full[full.index(after: open)..<full.index(before: full.endIndex)]
                if !build.isEmpty { device.osBuildNumber = String(build) }
                if device.osVersion == nil {
                    device.osVersion = String(full[..<open]).trimmingCharacters(in: .whitespaces)
                }
            }
            device.platform = record.object("platformRecord")?.string("userDescription")
            return device
        }
    }
}
