/// One run of a test case: a retry (`-retry-tests-on-failure`, test plan "retry on
/// failure"), a repetition, or one argument of a parameterized Swift Testing test.
/// A test that failed and then passed on a retry is flaky: its outcome is passed and
/// its attempts say what happened first.
public struct TestAttempt: Sendable, Equatable, Hashable {
    public var outcome: TestOutcome
    public var durationSeconds: Double?
    /// The arguments of a parameterized test, as the tool describes them (`value: false`).
    public var arguments: String?
    /// 1-based iteration within its repetition policy, when recorded.
    public var iteration: Int?
    /// What the run's failures said (file and line are on `TestResults.failures`).
    public var failureMessages: [String]

    public init(outcome: TestOutcome, durationSeconds: Double? = nil, arguments: String? = nil, iteration: Int? = nil,
                failureMessages: [String] = []) {
        self.outcome = outcome
        self.durationSeconds = durationSeconds
        self.arguments = arguments
        self.iteration = iteration
        self.failureMessages = failureMessages
    }
}
