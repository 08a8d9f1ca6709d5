/// How the results files of one run are put together (`EvidenceBundle.primaryResults`):
/// the counts are the richest file's, the failing tests every file's. A failing test
/// only a lesser file records is kept, marked with that file (`TestFailure.onlyIn`),
/// and where two files name the same test the richer record gives its identifier,
/// messages and locations. Files that disagree on counts or on which tests failed are
/// told apart here (`disagreements(in:)`), for the loader's warning and the header
/// lines of `summary` and the note.
public enum ResultsMerge {
    /// One failing test as a file names it, taken apart so the spellings of one test in
    /// different files meet: `BackupBoundaryTests/testA()` (tests.json, the bundle),
    /// `VaultTests.BackupBoundaryTests.testA` (JUnit), `BackupBoundaryTests.testA()`
    /// (legacy), `testA()` and its target (Xcode 16.0's summary). A Swift Testing test
    /// is also known by its display name (tests.json's `name`, trainer's testcase
    /// `name`), and a parameterised one by its name without the arguments, which JUnit
    /// lists one testcase each and tests.json as one test.
    struct TestKey: Equatable {
        /// The test's names without their argument lists: the method's, and the display
        /// name where the file gives one.
        var names: [String]
        var className: String?
        var target: String?
        var destination: String?

        init(_ failure: TestFailure) {
            let raw = failure.displayName
            let head = raw.firstIndex(of: "(").map { raw[..<$0] } ?? Substring(raw)
            let name: String
            if !raw.hasPrefix("-["), !raw.hasPrefix("+["), let slash = head.lastIndex(of: "/") {
                // `Class/test()` or `Target/Class/test()`: the component before the name is the class.
                name = String(raw[raw.index(after: slash)...])
                className = raw[..<slash].split(separator: "/").last.map(String.init)
            } else {
                let parts = TestNameParts(parsing: raw)
                name = parts.testName
                className = parts.className
            }
            names = [Self.base(name)]
            let display = Self.base(failure.testName)
            if !display.isEmpty, display != names[0] { names.append(display) }
            target = failure.targetName
            destination = failure.destination
        }

        /// `testA()` → `testA`, `flaky(value:)` → `flaky`, `Validate strings ("a")` → `Validate strings`.
        static func base(_ name: String) -> String {
            var head = name.firstIndex(of: "(").map { name[..<$0] } ?? Substring(name)
            while head.last == " " { head.removeLast() }
            return String(head)
        }

        /// The same test: a name in common, and the same class where both name one (else
        /// the same target where both name one), on the same destination where both name one.
        func isSameTest(as other: TestKey) -> Bool {
            guard names.contains(where: other.names.contains) else { return false }
            if let a = destination, let b = other.destination, a != b { return false }
            if let a = className, let b = other.className { return a == b }
            if let a = target, let b = other.target { return a == b }
            return true
        }
    }

    /// Failures looked up by name.
    struct Index {
        private(set) var keys: [TestKey] = []
        private var byName: [String: [Int]] = [:]

        init(_ failures: [TestFailure]) {
            for failure in failures { append(TestKey(failure)) }
        }

        mutating func append(_ key: TestKey) {
            for name in key.names { byName[name, default: []].append(keys.count) }
            keys.append(key)
        }

        /// The first failure that is the same test as `key`.
        func match(_ key: TestKey) -> Int? {
            key.names.compactMap { name in byName[name]?.first { keys[$0].isSameTest(as: key) } }.min()
        }
    }

    /// The failures of `shown`, completed from the same tests in `others`, then every
    /// failing test only one of `others` records (in their order), marked with its file.
    public static func failures(shown: TestResults, others: [TestResults]) -> [TestFailure] {
        var merged = shown.failures
        var index = Index(merged)
        for other in others {
            for failure in other.failures {
                let key = TestKey(failure)
                if let i = index.match(key) {
                    complete(&merged[i], from: failure)
                } else {
                    var added = failure
                    added.onlyIn = other.source
                    merged.append(added)
                    index.append(key)
                }
            }
        }
        return merged
    }

    /// Fills what `failure` lacks from another file's record of the same test: the full
    /// identifier where it has only a name or a database row id (Xcode 16.0's summary),
    /// the messages where the other's give locations and its own none (the summary's
    /// text is the tree's assertion without its `File.swift:38:`), the target, the attempts.
    static func complete(_ failure: inout TestFailure, from other: TestFailure) {
        if failure.displayName == failure.testName, other.displayName != other.testName, let identifier = other.identifier {
            failure.identifier = identifier
        }
        if failure.targetName == nil { failure.targetName = other.targetName }
        let located = failure.messages.contains { $0.sourceFile != nil }
        let otherLocated = other.messages.contains { $0.sourceFile != nil }
        let empty = failure.messages.allSatisfy { $0.text.isEmpty }
        if (!located && otherLocated) || (empty && !other.messages.allSatisfy { $0.text.isEmpty }) {
            failure.messages = other.messages
        }
        failure.attempts = failure.attempts ?? other.attempts
        failure.failedAttempts = failure.failedAttempts ?? other.failedAttempts
        failure.failingArguments = failure.failingArguments ?? other.failingArguments
    }

    /// One results file against the file whose counts are shown.
    public struct Disagreement: Sendable, Equatable {
        /// The file that disagrees, as read.
        public var other: TestResults
        /// The file whose counts are shown.
        public var shown: ResultsSource
        /// `3 failed where results/summary.json says 2`, `5 tests where … says 4`.
        public var counts: [String]
        /// Failing tests only `other` records, and only the shown file records.
        public var failedOnlyHere: [String]
        public var failedOnlyInShown: [String]

        /// The counts differ (not only which tests are named).
        public var countsDiffer: Bool { !counts.isEmpty }
    }

    /// How the shown file is named in a sentence.
    public static func name(of source: ResultsSource) -> String {
        source == .xcresultBundle ? "the result bundle" : source.rawValue
    }

    /// Every results file that disagrees with the shown one (the richest, as
    /// `primaryResults` chooses): on the failed or total count, where both record them,
    /// or on which tests failed, where both name their failing tests. legacy.json's
    /// counts are not compared (its metrics count runs, not tests); its failing tests are.
    /// Another file of the shown one's kind (a second result bundle) is not compared.
    public static func disagreements(in results: [TestResults]) -> [Disagreement] {
        guard let shown = results.min(by: { $0.source < $1.source }) else { return [] }
        let shownName = name(of: shown.source)
        let shownIndex = Index(shown.failures)
        var out: [Disagreement] = []
        for other in results.sorted(by: { $0.source < $1.source }) where other.source != shown.source {
            var counts: [String] = []
            if other.source != .legacyJSON, shown.source != .legacyJSON {
                if let theirs = other.failedCount, let ours = shown.failedCount, theirs != ours {
                    counts.append("\(theirs) failed where \(shownName) says \(ours)")
                }
                if let theirs = other.totalCount, let ours = shown.totalCount, theirs != ours {
                    counts.append("\(theirs) tests where \(shownName) says \(ours)")
                }
            }
            var onlyHere: [String] = []
            var onlyShown: [String] = []
            if namesItsFailures(other), namesItsFailures(shown) {
                let otherIndex = Index(other.failures)
                onlyHere = other.failures.filter { shownIndex.match(TestKey($0)) == nil }.map(\.displayName)
                onlyShown = shown.failures.filter { otherIndex.match(TestKey($0)) == nil }.map(\.displayName)
            }
            if !counts.isEmpty || !onlyHere.isEmpty || !onlyShown.isEmpty {
                out.append(
                    Disagreement(other: other, shown: shown.source, counts: counts, failedOnlyHere: onlyHere, failedOnlyInShown: onlyShown))
            }
        }
        return out
    }

    /// Whether a file says which tests failed: it lists failures, or records that none
    /// failed. A header with a failed count and no list (JUnit without test cases, a
    /// summary with an empty `testFailures`) names none, so it is not held against a list.
    static func namesItsFailures(_ results: TestResults) -> Bool {
        !results.failures.isEmpty || results.failedCount == 0 || (results.failedCount == nil && !results.testCases.isEmpty)
    }

    /// The loader's warning for one disagreement, against the file that disagrees:
    /// `disagrees with results/summary.json, whose counts are shown: 1 failed where
    /// results/summary.json says 0; failed only here (listed too): S.testB`.
    public static func warning(_ d: Disagreement) -> Diagnostic {
        let shownName = name(of: d.shown)
        var parts = d.counts
        if !d.failedOnlyHere.isEmpty { parts.append("failed only here (listed too): " + listed(d.failedOnlyHere)) }
        if !d.failedOnlyInShown.isEmpty { parts.append("failed only in \(shownName): " + listed(d.failedOnlyInShown)) }
        return .warning(d.other.source.rawValue, "disagrees with \(shownName), whose counts are shown: " + parts.joined(separator: "; "))
    }

    /// The first three names, then how many more.
    static func listed(_ names: [String]) -> String {
        // Names come from the evidence: escaped here, as a diagnostic is printed as it is.
        names.prefix(3).map { TerminalText.escape($0) }.joined(separator: ", ") + (names.count > 3 ? " and \(names.count - 3) more" : "")
    }
}
