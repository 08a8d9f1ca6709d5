/// Which part of one result bundle gives its test results: the one place that decides.
///
/// - `Data/` read: its results are shown, since they are what `xcodebuild test` wrote;
///   `database.sqlite3` is a cache some later xcresulttool read derived from them (a
///   2023 bundle may carry a 2026 database). When the database was read too, what only
///   it keeps (each failure's call stack, a failed `#expect`'s captured values, and
///   activities where `Data/` has none) is added to the failure with the same test,
///   text and location, and where the two disagree on tests, counts or failures a
///   warning names both.
/// - No `Data/` (fastlane trims it) or one that could not be read: the database alone.
/// - Neither: no results from this bundle (the files' states say why).
///
/// Whenever the database takes part, a note on the bundle says which source was read.
struct ResultBundleReadPlan {
    static let databaseName = "database.sqlite3"

    var results: TestResults?
    var note: Diagnostic?
    var disagreements: [Diagnostic] = []

    init(data: TestResults?, database: XCResultDatabaseContents?, databaseFile: String) {
        let bundlePath = String(databaseFile.dropLast(Self.databaseName.count + 1))
        switch (data, database) {
        case (let data?, let database?):
            let fromDatabase = database.results()
            results = Self.adding(fromDatabase, to: data)
            note = .note(
                bundlePath, "test results read from Data/; \(Self.databaseName) (\(database.schema) schema) read too, for call stacks and captured values")
            let differences = Self.differences(data, fromDatabase)
            if !differences.isEmpty {
                disagreements.append(.warning(databaseFile, "disagrees with Data/, which is shown: " + differences.joined(separator: "; ")))
            }
        case (let data?, nil):
            results = data
        case (nil, let database?):
            results = database.results()
            note = .note(bundlePath, "test results read from \(Self.databaseName) (\(database.schema) schema) alone: Data/ is absent or could not be read")
        case (nil, nil):
            results = nil
        }
    }

    /// `data` with the database's evidence on the matching messages, and its
    /// activities where `data` has none for a test.
    static func adding(_ database: TestResults, to data: TestResults) -> TestResults {
        var out = data
        var failureIndex: [String: Int] = [:]
        for (i, failure) in database.failures.enumerated() { failureIndex[failureKey(failure)] = failureIndex[failureKey(failure)] ?? i }
        for i in out.failures.indices {
            guard let j = failureIndex[failureKey(out.failures[i])] else { continue }
            let theirs = database.failures[j].messages
            for m in out.failures[i].messages.indices where out.failures[i].messages[m].evidence == nil {
                let plain = out.failures[i].messages[m].withoutEvidence
                out.failures[i].messages[m].evidence = theirs.first { $0.withoutEvidence == plain }?.evidence
            }
        }
        var caseIndex: [String: [Int]] = [:]
        for (i, test) in database.testCases.enumerated() { caseIndex[test.identifier ?? test.name, default: []].append(i) }
        for i in out.testCases.indices where out.testCases[i].activities.isEmpty {
            let key = out.testCases[i].identifier ?? out.testCases[i].name
            guard var candidates = caseIndex[key], !candidates.isEmpty else { continue }
            out.testCases[i].activities = database.testCases[candidates.removeFirst()].activities
            caseIndex[key] = candidates
        }
        return out
    }

    static func failureKey(_ failure: TestFailure) -> String {
        failure.displayName + "\u{0}" + (failure.destination ?? "")
    }

    /// Where the two readings of one bundle say different things, in words.
    static func differences(_ data: TestResults, _ database: TestResults) -> [String] {
        var out: [String] = []
        let counts: [(String, Int?, Int?)] = [
            ("tests", data.totalCount, database.totalCount), ("passed", data.passedCount, database.passedCount),
            ("failed", data.failedCount, database.failedCount), ("skipped", data.skippedCount, database.skippedCount),
            ("expected failures", data.expectedFailureCount, database.expectedFailureCount),
        ]
        for (name, ours, theirs) in counts where ours != theirs {
            out.append("\(theirs.map(String.init) ?? "no") \(name) where Data/ says \(ours.map(String.init) ?? "none")")
        }
        let ourTests = data.testCases.map { $0.identifier ?? $0.name }
        let theirTests = database.testCases.map { $0.identifier ?? $0.name }
        if Set(ourTests) != Set(theirTests) {
            let onlyTheirs = Set(theirTests).subtracting(ourTests).sorted()
            let onlyOurs = Set(ourTests).subtracting(theirTests).sorted()
            if !onlyTheirs.isEmpty { out.append("tests only in the database: " + onlyTheirs.prefix(3).joined(separator: ", ")) }
            if !onlyOurs.isEmpty { out.append("tests only in Data/: " + onlyOurs.prefix(3).joined(separator: ", ")) }
        }
        var theirFailures: [String: TestFailure] = [:]
        for failure in database.failures { theirFailures[failureKey(failure)] = theirFailures[failureKey(failure)] ?? failure }
        for failure in data.failures {
            guard let theirs = theirFailures[failureKey(failure)] else { continue }
            if failure.messages.map(\.withoutEvidence) != theirs.messages.map(\.withoutEvidence) {
                out.append("the failure messages of \(failure.displayName) differ")
            } else if (failure.attempts, failure.failedAttempts) != (theirs.attempts, theirs.failedAttempts) {
                out.append("the attempts of \(failure.displayName) differ")
            }
        }
        return out
    }
}

extension ResultDatabaseReading {
    /// The file is there, whether or not it could be read.
    var isPresent: Bool {
        if case .absent = self { return false }
        return true
    }
}
