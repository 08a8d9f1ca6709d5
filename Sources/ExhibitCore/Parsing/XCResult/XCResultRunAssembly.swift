/// One run of a test as a result bundle records it: an `ActionTestMetadata` with its
/// `ActionTestSummary` in `Data/`, a `TestCaseRuns` row in `database.sqlite3`. Both
/// readers produce these and `XCResultRunAssembly` alone turns them into test cases
/// and failures, so the two sources cannot disagree on how runs fold.
package struct XCResultTestRun: Sendable {
    package var name: String
    package var identifier: String?
    package var target: String?
    /// The run destination of the action it ran in.
    package var device: TestDevice?
    package var outcome: TestOutcome
    package var durationSeconds: Double?
    /// Swift Testing arguments (`value: false`), which group runs.
    package var arguments: String?
    /// `RunRetryOnFailure` (Data/), the database's `repetitionModeString`.
    package var policy: String?
    package var messages: [FailureMessage] = []
    package var activities: [TestActivity] = []

    package init(
        name: String, identifier: String?, target: String?, device: TestDevice?, outcome: TestOutcome,
        durationSeconds: Double?
    ) {
        self.name = name
        self.identifier = identifier
        self.target = target
        self.device = device
        self.outcome = outcome
        self.durationSeconds = durationSeconds
    }

    /// Under "retry on failure" a group's last run decides. Data/ spells it
    /// `RunRetryOnFailure`; the database's spelling is not measured, so any mode
    /// naming a retry counts [I].
    var retriesOnFailure: Bool { policy.map { $0 == "RunRetryOnFailure" || $0.lowercased().contains("retry") } ?? false }
}

/// Runs folded into test cases: runs with one identifier on one destination, across
/// actions too, are one test (DECISIONS.md, "One test case per identifier").
package enum XCResultRunAssembly {
    package struct Case {
        package var runs: [XCResultTestRun]
        package var first: XCResultTestRun { runs[0] }
    }

    /// The runs grouped by test, in order of first appearance.
    package static func cases(_ runs: [XCResultTestRun]) -> [Case] {
        var index: [String: Int] = [:]
        var out: [Case] = []
        for run in runs {
            // The same test on two destinations is two tests (as testsFailedCount counts).
            let key = (run.identifier ?? run.name) + "\u{0}" + (run.device.map(deviceKey) ?? "")
            if let i = index[key] {
                out[i].runs.append(run)
            } else {
                index[key] = out.count
                out.append(Case(runs: [run]))
            }
        }
        return out
    }

    /// Test cases, failures, counts and destinations into `results`. `fallback` holds
    /// the action's own failure summaries, for a failed test whose runs carried no message.
    package static func assemble(_ runs: [XCResultTestRun], into results: inout TestResults, fallback: [TestFailure] = []) {
        let cases = cases(runs)
        results.testCases = cases.map(testCase)
        results.failures = failures(cases, fallback: fallback)
        results.tallyOutcomes()
        destinations(cases, into: &results)
    }

    static func deviceKey(_ device: TestDevice) -> String { device.identifier ?? device.label }

    static func testCase(_ test: Case) -> TestCaseRecord {
        let durations = test.runs.compactMap(\.durationSeconds)
        // xcresulttool prints a retried test's duration as the mean of its runs.
        let duration = durations.count == test.runs.count && !durations.isEmpty ? durations.reduce(0, +) / Double(durations.count) : nil
        var activities: [TestActivity] = []
        for (number, run) in test.runs.enumerated() {
            for var activity in run.activities {
                if test.runs.count > 1 { activity.attempt = number + 1 }
                activities.append(activity)
            }
        }
        // The model lists attempts only for a test that ran more than once.
        return TestCaseRecord(
            name: test.first.name, identifier: test.first.identifier, outcome: outcome(of: test.runs), durationSeconds: duration,
            attempts: test.runs.count > 1 ? test.runs.map(\.outcome) : [], activities: activities)
    }

    /// Failed test cases, one entry each, with the messages of their failed runs (each
    /// once, by text and location; the first run's evidence kept) and how many runs
    /// failed; a failed case whose runs carried no message falls back to `fallback`.
    static func failures(_ cases: [Case], fallback: [TestFailure]) -> [TestFailure] {
        var out: [TestFailure] = []
        for test in cases where outcome(of: test.runs) == .failed {
            var messages: [FailureMessage] = []
            var seen: Set<FailureMessage> = []
            for run in test.runs where run.outcome == .failed {
                for message in run.messages where seen.insert(message.withoutEvidence).inserted { messages.append(message) }
            }
            if messages.isEmpty {
                messages = fallback.filter { $0.identifier == test.first.identifier }.flatMap(\.messages)
            }
            var failure = TestFailure(
                testName: test.first.name, identifier: test.first.identifier, targetName: test.first.target, messages: messages)
            if test.runs.count > 1 {
                failure.attempts = test.runs.count
                failure.failedAttempts = test.runs.filter { $0.outcome == .failed }.count
            }
            let failing = failingArguments(test.runs)
            if !failing.isEmpty { failure.failingArguments = failing }
            out.append(failure)
        }
        return out
    }

    /// Several destinations (one test action each): each with its own counts, and
    /// every failure named by where it happened.
    static func destinations(_ cases: [Case], into results: inout TestResults) {
        var order: [String] = []
        var byDevice: [String: (device: TestDevice, cases: [TestCaseRecord])] = [:]
        for (test, record) in zip(cases, results.testCases) {
            guard let device = test.first.device else { continue }
            let key = deviceKey(device)
            if byDevice[key] == nil { order.append(key) }
            byDevice[key, default: (device, [])].cases.append(record)
        }
        guard order.count > 1 else { return }
        results.destinations = order.map { key in
            var tally = TestResults(source: results.source, testCases: byDevice[key]!.cases)
            tally.tallyOutcomes()
            return TestDestination(
                device: byDevice[key]!.device, outcome: tally.outcome, totalCount: tally.totalCount,
                passedCount: tally.passedCount, failedCount: tally.failedCount,
                skippedCount: tally.skippedCount, expectedFailureCount: tally.expectedFailureCount)
        }
        let failedTests = cases.filter { outcome(of: $0.runs) == .failed }
        for (index, test) in zip(results.failures.indices, failedTests) {
            results.failures[index].destination = test.first.device?.label
        }
    }

    /// The arguments whose runs decide that a parameterised test failed (`value: false`),
    /// in the order they first ran; empty for a test without arguments.
    static func failingArguments(_ runs: [XCResultTestRun]) -> [String] {
        var order: [String] = []
        var groups: [String: [XCResultTestRun]] = [:]
        for run in runs {
            guard let key = run.arguments else { continue }
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(run)
        }
        return order.filter { outcome(of: groups[$0]!) == .failed }
    }

    /// A test's outcome from its runs. Runs are grouped by their arguments; under
    /// "retry on failure" a group's outcome is its last run (failed, then passed on
    /// a retry: passed, and flaky); under any other policy, or none (repetitions,
    /// repeated actions), the worst run. The test failed when any group failed.
    static func outcome(of runs: [XCResultTestRun]) -> TestOutcome {
        var groups: [String: [XCResultTestRun]] = [:]
        var order: [String] = []
        for run in runs {
            let key = run.arguments ?? ""
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(run)
        }
        let outcomes = order.map { key -> TestOutcome in
            let group = groups[key]!
            if group.allSatisfy(\.retriesOnFailure) { return group.last!.outcome }
            return worst(group.map(\.outcome))
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
}
