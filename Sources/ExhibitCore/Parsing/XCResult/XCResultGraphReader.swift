import Foundation

/// Reads the test results out of a result bundle's legacy object graph, the tree that
/// `xcresulttool get --legacy` prints, without xcresulttool:
///
///     root ActionsInvocationRecord → actions[] ActionRecord (title, startedTime, endedTime,
///       runDestination, actionResult {status, metrics, issues, testsRef})
///     testsRef → ActionTestPlanRunSummaries → summaries[].testableSummaries[].tests[]
///       (ActionTestSummaryGroup.subtests … ActionTestMetadata {identifier, testStatus, summaryRef})
///     summaryRef → ActionTestSummary {failureSummaries[], arguments[], repetitionPolicySummary,
///       activitySummaries[] (subactivities, attachments)}
///     diagnosticsRef → the Diagnostics folder (names and stored sizes)
///
/// Every `ActionTestMetadata` is one run of a test; runs with the same identifier
/// (retries, repetitions, parameterized arguments, repeated actions) are one test case
/// with several attempts. An object that is missing, truncated or malformed costs only
/// what hangs below it: it is reported with its id and what could not be read, and
/// the rest is read. References are followed only along this fixed shape (root, tests,
/// summaries), so a crafted graph with cycles cannot make the reader loop.
public enum XCResultGraphReader {
    ///
    /// - Parameter parallel: decode the runs' summaries (the bulk of the work: one object
    ///   per run) on every core; false reads them one by one. Both give the same results
    ///   and diagnostics in the same order (a test reads bundles both ways).
    public static func read<S: EvidenceSource>(
        _ store: inout XCResultStore<S>, rootID: String?,
        infoFile: String, parallel: Bool = true
    ) -> (results: TestResults?, diagnostics: [Diagnostic], xcodeVersion: String?) {
        var reader = Reading(store: store, parallel: parallel)
        let results = reader.read(rootID: rootID, infoFile: infoFile)
        store = reader.store
        return (results, reader.diagnostics, reader.xcodeVersion)
    }

    /// The state of one read: the store (for its decoding budget), what was said, and
    /// the runs as they are read.
    private struct Reading<S: EvidenceSource> {
        var store: XCResultStore<S>
        var diagnostics: [Diagnostic] = []
        /// From the first line of a session log in the Diagnostics folder.
        var xcodeVersion: String?
        /// The destination of the action being read.
        var currentDevice: TestDevice?
        /// Every run of every test, in the order the trees list them.
        var runs: [XCResultTestRun] = []
        var diagnosticsFiles: [DiagnosticsFile] = []
        /// The runs of the tests tree being read whose summary is still to be read.
        var pendingSummaries: [PendingSummary] = []
        let parallel: Bool

        init(store: XCResultStore<S>, parallel: Bool) {
            self.store = store
            self.parallel = parallel
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
                if let diagnostics = actionResult.referenceText("diagnosticsRef") {
                    readDiagnosticsFolder(diagnostics)
                }
                if let testsText = actionResult.referenceText("testsRef") {
                    if !readTests(testsText, place: "\(place).actionResult.testsRef") { testsMissing = true }
                }
            }
            results.diagnosticsFiles = diagnosticsFiles
            if runs.isEmpty {
                // No tests tree (pruned, trimmed, or a build-only action): what the
                // actions' own summaries say, as legacy.json gives it: no runs, so
                // retries are not recorded.
                results.recordsAttempts = false
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
                XCResultRunAssembly.assemble(runs, into: &results, fallback: summaryFailures)
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
            readPendingSummaries()
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
            let run = XCResultTestRun(
                name: name, identifier: identifier, target: target, device: currentDevice,
                outcome: metadata.string("testStatus").map(TestOutcome.init) ?? .unknown,
                durationSeconds: metadata.string("duration").flatMap(Double.init))
            if let summaryText = metadata.referenceText("summaryRef") {
                let id: Result<XCResultObjectID, XCResultObjectError>
                if let valid = XCResultObjectID(summaryText) {
                    id = .success(valid)
                } else {
                    id = Result { () throws(XCResultObjectError) in
                        try store.id(summaryText, namedBy: "the summaryRef of \(identifier ?? name)")
                    }
                }
                pendingSummaries.append(PendingSummary(run: runs.count, id: id))
            }
            runs.append(run)
        }

        /// Reads the summaries `addRun` left pending, decoded on every core when
        /// `parallel` (each one's file read, decompressed, parsed and turned into the
        /// run's messages, arguments and activities, independently of the others), then
        /// taken in run order: each is charged against the bundle's budget as `object`
        /// would have charged it, and one that failed on a thread, or would not have fit
        /// the budget left at its turn, is read again here, one by one, so the messages
        /// and what fits are exactly those of a read on one thread.
        mutating func readPendingSummaries() {
            let pending = pendingSummaries
            pendingSummaries = []
            guard !pending.isEmpty else { return }
            let decoded = SummaryDecoding.decode(pending, runs: runs, store: store, parallel: parallel)
            for (entry, outcome) in zip(pending, decoded) {
                let name = runs[entry.run].identifier ?? runs[entry.run].name
                let consequence = "the failure messages, arguments and activities of one run of \(name) could not be read"
                do throws(XCResultObjectError) {
                    let id = try entry.id.get()
                    if let outcome, outcome.decodedBytes <= store.nextObjectLimit {
                        store.charge(outcome.decodedBytes)
                        runs[entry.run] = outcome.run
                        continue
                    }
                    let summary = try typed(id, expected: "ActionTestSummary", strict: true)
                    SummaryDecoding.fill(&runs[entry.run], from: summary)
                } catch {
                    report(error, consequence)
                }
            }
        }

        /// The Diagnostics folder of one action (`actionResult.diagnosticsRef`): every
        /// file's path and stored size, and `Xcode version: 26.1.1 (17B100)` from the
        /// first line of the first xctest session log (`…/Session-<Target>-<date>.log`).
        /// Folders are walked breadth first, each once, at most 4,096 of them and 65,536
        /// files over the bundle (a log archive holds thousands); only folder listings and
        /// the first 200 bytes of that one log are decoded, so a 14 MB log costs a stat,
        /// not a decompression. A folder that cannot be read is skipped silently: the listing
        /// is a convenience, the tests do not depend on it.
        mutating func readDiagnosticsFolder(_ diagnosticsText: String) {
            guard let start = XCResultObjectID(diagnosticsText) else { return }
            var pending: [(id: XCResultObjectID, path: String)] = [(start, "")]
            var visited: Set<XCResultObjectID> = []
            var next = 0
            while next < pending.count, visited.count < 4096, diagnosticsFiles.count < 65_536 {
                let (id, path) = pending[next]
                next += 1
                guard visited.insert(id).inserted,
                    let children = try? store.refs(id), let content = try? store.object(id),
                    let folder = try? FolderObject.parse(content, children: children)
                else { continue }
                for entry in folder.entries {
                    let entryPath = path.isEmpty ? entry.name : path + "/" + entry.name
                    if entry.isFolder {
                        pending.append((entry.id, entryPath))
                        continue
                    }
                    diagnosticsFiles.append(DiagnosticsFile(path: entryPath, storedSize: store.storedSize(entry.id)))
                    if xcodeVersion == nil, entry.name.hasPrefix("Session-"), entry.name.hasSuffix(".log"),
                        let log = store.contentPrefix(entry.id, count: 200)
                    {
                        let firstLine = log.split(separator: 0x0A, maxSplits: 1, omittingEmptySubsequences: false).first ?? []
                        let text = String(decoding: firstLine, as: UTF8.self)
                        let marker = "Xcode version: "
                        if text.hasPrefix(marker) {
                            let version = text.dropFirst(marker.count).trimmingCharacters(in: .whitespaces)
                            if !version.isEmpty { xcodeVersion = version }
                        }
                    }
                }
            }
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
            if let full = record.string("operatingSystemVersionWithBuildNumber") { device.fillVersion(fromVersionWithBuild: full) }
            device.platform = record.object("platformRecord")?.string("userDescription")
            return device
        }
    }
}
