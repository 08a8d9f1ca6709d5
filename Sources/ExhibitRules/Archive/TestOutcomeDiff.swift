import ExhibitCore

/// Test outcomes of two runs: tests failing now that did not fail in the base, tests that
/// failed in the base and do not now, and tests that failed and then passed on a retry in
/// the run. A test is the same when its class and method (`TestKey`, so xcresulttool's
/// `BackupBoundaryTests/testA()` is JUnit's `VaultTests.BackupBoundaryTests.testA`) and
/// destination are. Nothing is compared when either run has no test results: a test
/// missing from results that were never read is not fixed, nor new.
public struct TestOutcomeDiff: Sendable, Equatable {
    public struct Change: Sendable, Equatable {
        /// The test's shown name (`TestFailure.displayName`).
        public var test: String
        public var destination: String?
        /// What the other run says of the test, in words: "passed in base",
        /// "not listed in base", "passed", "not failing", "also flaky in base".
        public var other: String
        /// Each attempt's outcome, first first, for a flaky test.
        public var attempts: [TestOutcome]
    }

    /// Why the outcomes were not compared, or nil when they were.
    public var notCompared: String?
    public var newFailing: [Change]
    public var fixed: [Change]
    /// Passed on a retry in the run, after failing.
    public var flaky: [Change]

    struct Key: Hashable {
        var name: TestKey
        var destination: String?

        init(_ f: TestFailure) {
            name = TestKey(f.displayName)
            destination = f.destination
        }
    }

    /// A test's name as the formats agree on it: the last component of its class (a
    /// JUnit `classname` carries the module, `Module.Class`) and the method without a
    /// trailing `()`. A name with neither separator is kept whole.
    struct TestKey: Hashable {
        var suite: Substring
        var method: Substring

        init(_ name: String) {
            var method = Substring(name)
            var suite = Substring("")
            if let slash = name.lastIndex(of: "/") {
                suite = name[..<slash]
                method = name[name.index(after: slash)...]
            } else if let dot = name.lastIndex(of: ".") {
                suite = name[..<dot]
                method = name[name.index(after: dot)...]
            }
            if let dot = suite.lastIndex(of: ".") { suite = suite[suite.index(after: dot)...] }
            if method.hasSuffix("()") { method = method.dropLast(2) }
            self.suite = suite
            self.method = method
        }
    }

    public init(base: TestResults?, run: TestResults?) {
        newFailing = []
        fixed = []
        flaky = []
        guard let base, let run else {
            notCompared = base == nil ? "no test results in the base run" : "no test results in this run"
            return
        }
        notCompared = nil
        let failedBefore = Set(base.failures.map(Key.init))
        let failedNow = Set(run.failures.map(Key.init))
        let baseCases = Self.outcomes(base.testCases)
        let runCases = Self.outcomes(run.testCases)
        for f in run.failures where !failedBefore.contains(Key(f)) {
            let other = baseCases[TestKey(f.displayName)].map { "\($0.description.lowercased()) in base" } ?? "not listed in base"
            newFailing.append(Change(test: f.displayName, destination: f.destination, other: other, attempts: []))
        }
        for f in base.failures where !failedNow.contains(Key(f)) {
            // The run's results were read and do not list the test as failing; "passed"
            // only when they list it as passing.
            let other = runCases[TestKey(f.displayName)].map { $0.description.lowercased() } ?? "not failing"
            fixed.append(Change(test: f.displayName, destination: f.destination, other: other, attempts: []))
        }
        let flakyBefore = Set(base.testCases.filter(\.isFlaky).map { TestKey(Self.name($0)) })
        for t in run.testCases where t.isFlaky {
            let other = flakyBefore.contains(TestKey(Self.name(t))) ? "also flaky in base" : "not flaky in base"
            flaky.append(Change(test: Self.name(t), destination: nil, other: other, attempts: t.attempts))
        }
    }

    /// A test case's shown name, as `TestFailure.displayName` makes it.
    static func name(_ t: TestCaseRecord) -> String {
        guard let id = t.identifier, !id.isEmpty, !id.allSatisfy(\.isNumber) else { return t.name }
        return id
    }

    /// Each listed test's outcome, by name (the first listing wins).
    static func outcomes(_ cases: [TestCaseRecord]) -> [TestKey: TestOutcome] {
        var out: [TestKey: TestOutcome] = [:]
        for t in cases {
            let key = TestKey(name(t))
            if out[key] == nil { out[key] = t.outcome }
        }
        return out
    }
}
