import Foundation

/// A test outcome as the results tools spell it. Open: unknown future values are kept
/// verbatim (`.other`) rather than rejected, since new Xcodes add values.
public enum TestOutcome: Sendable, Equatable, Hashable, CustomStringConvertible {
    case passed, failed, skipped, expectedFailure, unknown
    case other(String)

    /// Accepts the new JSON vocabulary (`Passed`, `Expected Failure`), the legacy one
    /// (`Success`, `Failure`) and lower-case variants.
    public init(_ text: String) {
        switch text.lowercased() {
        case "passed", "success", "succeeded": self = .passed
        case "failed", "failure": self = .failed
        case "skipped": self = .skipped
        case "expected failure", "expectedfailure": self = .expectedFailure
        case "unknown", "": self = .unknown
        default: self = .other(text)
        }
    }

    public var description: String {
        switch self {
        case .passed: "Passed"
        case .failed: "Failed"
        case .skipped: "Skipped"
        case .expectedFailure: "Expected Failure"
        case .unknown: "unknown"
        case .other(let s): s
        }
    }
}

/// Which artifact a set of results came from. Order is richness for display: when a
/// bundle holds several, the first in this order wins, the others fill gaps.
public enum ResultsSource: String, Sendable, CaseIterable, Codable, Comparable {
    /// The result bundle itself (`results/*.xcresult`, its `Data/` store): the source
    /// every xcresulttool print is made from, so it ranks first.
    case xcresultBundle = "xcresult bundle"
    case summaryJSON = "results/summary.json"
    case testsJSON = "results/tests.json"
    case legacyJSON = "results/legacy.json"
    case junitXML = "results/junit.xml"

    private var rank: Int { ResultsSource.allCases.firstIndex(of: self)! }
    public static func < (a: ResultsSource, b: ResultsSource) -> Bool { a.rank < b.rank }
}

/// One thing a tool said about why a test failed: an assertion, a thrown error, a
/// crash report. A test may have several (tests.json lists one Failure Message per
/// failed expectation; JUnit one `<failure>`/`<error>` each).
public struct FailureMessage: Sendable, Equatable, Hashable {
    /// The text without its location; may hold arbitrary bytes from the app (show it
    /// escaped). Line breaks are kept.
    public var text: String
    /// Source file (last path component) and line when the tool gives them.
    public var sourceFile: String?
    public var line: Int?
    /// The call stack and captured values, which only a result bundle's database
    /// keeps; nil from every other reader.
    public var evidence: FailureEvidence?
    /// When it was recorded, seconds since 1970 (UTC): a result bundle's failure summary
    /// `timestamp` or `TestIssues.timestamp`; nil from the printed forms. Used only to
    /// place the test on the run's timeline, so it takes no part in equality: two retries
    /// failing alike are one message, and the bundle's message equals the one
    /// xcresulttool printed of it (`==` and `hash` leave it out).
    public var timestamp: Double?

    public static func == (a: FailureMessage, b: FailureMessage) -> Bool {
        a.text == b.text && a.sourceFile == b.sourceFile && a.line == b.line && a.evidence == b.evidence
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(sourceFile)
        hasher.combine(line)
        hasher.combine(evidence)
    }

    public init(text: String, sourceFile: String? = nil, line: Int? = nil, evidence: FailureEvidence? = nil, timestamp: Double? = nil) {
        self.text = text
        self.sourceFile = sourceFile
        self.line = line
        self.evidence = evidence
        self.timestamp = timestamp
    }

    /// The message as every reader can give it (text and location): what tells two
    /// messages apart when one source adds evidence the other lacks.
    public var withoutEvidence: FailureMessage { FailureMessage(text: text, sourceFile: sourceFile, line: line) }
}

/// One failing (or erroring) test with everything the tool said about it: one entry
/// per test (per destination, when the run had several), however many messages.
public struct TestFailure: Sendable, Equatable, Hashable {
    /// Test name as printed, e.g. `testCacheNotInDocuments()`.
    public var testName: String
    /// Stable identifier, e.g. `BackupBoundaryTests/testCacheNotInDocuments()` or a JUnit `classname.name`.
    public var identifier: String?
    public var targetName: String?
    /// Every failure message, in the order the tool gave them; never empty.
    public var messages: [FailureMessage]
    /// The destination the test failed on (`TestDestination.label`), when the artifact
    /// covers several; nil for a single-destination run.
    public var destination: String?
    /// How many times the test ran and how many of those runs failed, when the
    /// artifact records retries (JUnit repeats, tests.json Repetition nodes).
    public var attempts: Int?
    public var failedAttempts: Int?
    /// The Swift Testing arguments a parameterised test failed with, as the file
    /// prints them (`value: false`; tests.json's `Arguments` nodes, a result bundle's
    /// run arguments), in the order they ran; nil where the test is not parameterised
    /// or the file does not record its arguments (summary.json, legacy.json, JUnit).
    public var failingArguments: [String]?
    /// The results file that alone records this failing test, when it is not the file
    /// whose counts are shown (set by `ResultsMerge`; nil from every reader).
    public var onlyIn: ResultsSource?

    public init(
        testName: String, identifier: String? = nil, targetName: String? = nil, failureText: String,
        sourceFile: String? = nil, line: Int? = nil
    ) {
        self.init(
            testName: testName, identifier: identifier, targetName: targetName,
            messages: [FailureMessage(text: failureText, sourceFile: sourceFile, line: line)])
    }

    public init(
        testName: String, identifier: String? = nil, targetName: String? = nil, messages: [FailureMessage],
        destination: String? = nil
    ) {
        self.testName = testName
        self.identifier = identifier
        self.targetName = targetName
        self.messages = messages.isEmpty ? [FailureMessage(text: "")] : messages
        self.destination = destination
    }

    /// Every message's text, one after another (what the classifier and the note search).
    public var failureText: String { messages.map(\.text).joined(separator: "\n") }
    /// The first location any message gives.
    public var sourceFile: String? { messages.first(where: { $0.sourceFile != nil })?.sourceFile }
    public var line: Int? { messages.first(where: { $0.sourceFile != nil })?.line ?? messages.first?.line }

    /// The name shown for the test: its identifier when the tool gave a real one, else
    /// the test name (Xcode 16.0's summary gives only a numeric database row id, which
    /// means nothing to a reader).
    public var displayName: String {
        guard let identifier, !identifier.isEmpty, !identifier.allSatisfy(\.isNumber) else { return testName }
        return identifier
    }

    /// Entries for the same test (identifier or name, target, destination) folded into
    /// one listing all their messages (an identical message is kept once), first
    /// appearance first. Every reader ends with this, so "Failing tests (N)" counts tests.
    public static func grouped(_ failures: [TestFailure]) -> [TestFailure] {
        struct Key: Hashable {
            var name: String
            var target: String?
            var destination: String?
        }
        var order: [Key: Int] = [:]
        var out: [TestFailure] = []
        for failure in failures {
            let key = Key(name: failure.displayName, target: failure.targetName, destination: failure.destination)
            guard let index = order[key] else {
                order[key] = out.count
                out.append(failure)
                continue
            }
            for message in failure.messages where !out[index].messages.contains(message) {
                out[index].messages.append(message)
            }
            if out[index].attempts == nil { out[index].attempts = failure.attempts }
            if out[index].failedAttempts == nil { out[index].failedAttempts = failure.failedAttempts }
            if out[index].failingArguments == nil { out[index].failingArguments = failure.failingArguments }
        }
        return out
    }
}

/// The device and OS a run's tests executed on.
public struct TestDevice: Sendable, Equatable, Hashable {
    public var identifier: String?
    public var name: String?
    public var modelName: String?
    public var architecture: String?
    public var osVersion: String?
    public var osBuildNumber: String?
    public var platform: String?

    public init(
        identifier: String? = nil, name: String? = nil, modelName: String? = nil, architecture: String? = nil,
        osVersion: String? = nil, osBuildNumber: String? = nil, platform: String? = nil
    ) {
        self.identifier = identifier
        self.name = name
        self.modelName = modelName
        self.architecture = architecture
        self.osVersion = osVersion
        self.osBuildNumber = osBuildNumber
        self.platform = platform
    }
}

extension TestDevice {
    /// `26.1 (23B86)` (`operatingSystemVersionWithBuildNumber`): the build number is the
    /// parenthesised part; the version fills `osVersion` when that is not known.
    package mutating func fillVersion(fromVersionWithBuild full: String) {
        guard let open = full.lastIndex(of: "("), full.hasSuffix(")") else { return }
        let build = full[full.index(after: open)..<full.index(before: full.endIndex)]
        if !build.isEmpty { osBuildNumber = String(build) }
        if osVersion == nil { osVersion = String(full[..<open]).trimmingCharacters(in: .whitespaces) }
    }

    /// `iPhone 8 · iOS Simulator 14.0 (18A372)`: what tells two destinations of one run apart.
    public var label: String {
        var parts: [String] = []
        if let name = name ?? modelName { parts.append(name) }
        var os = [platform, osVersion].compactMap { $0 }.joined(separator: " ")
        if let build = osBuildNumber { os += os.isEmpty ? build : " (\(build))" }
        if !os.isEmpty { parts.append(os) }
        if parts.isEmpty, let identifier { parts.append(identifier) }
        return parts.joined(separator: " · ")
    }
}

/// One run destination and its own results, for an artifact that covers several
/// (legacy `actions[]`, summary `devicesAndConfigurations[]`).
public struct TestDestination: Sendable, Equatable {
    public var device: TestDevice
    /// `testPlanConfiguration.configurationName`, when given.
    public var configuration: String?
    public var outcome: TestOutcome
    public var totalCount: Int?
    public var passedCount: Int?
    public var failedCount: Int?
    public var skippedCount: Int?
    public var expectedFailureCount: Int?

    public init(
        device: TestDevice, configuration: String? = nil, outcome: TestOutcome = .unknown, totalCount: Int? = nil,
        passedCount: Int? = nil, failedCount: Int? = nil, skippedCount: Int? = nil, expectedFailureCount: Int? = nil
    ) {
        self.device = device
        self.configuration = configuration
        self.outcome = outcome
        self.totalCount = totalCount
        self.passedCount = passedCount
        self.failedCount = failedCount
        self.skippedCount = skippedCount
        self.expectedFailureCount = expectedFailureCount
    }
}

/// One test case as listed by a test tree (tests.json, legacy tests, JUnit testcase).
public struct TestCaseRecord: Sendable, Equatable, Hashable {
    public var name: String
    public var identifier: String?
    public var outcome: TestOutcome
    public var durationSeconds: Double?
    /// Each run's outcome, first run first, when the test was retried (JUnit repeats of
    /// one classname and name, tests.json Repetition nodes); empty for a single run.
    /// `outcome` is then the last run's: failed every time, or passed on retry.
    public var attempts: [TestOutcome]
    /// The top-level activities of every run, first run first (a result bundle's
    /// `activitySummaries` or `Activities` rows); empty elsewhere and for unit tests,
    /// which record none unless they create them.
    public var activities: [TestActivity]

    public init(
        name: String, identifier: String? = nil, outcome: TestOutcome, durationSeconds: Double? = nil,
        attempts: [TestOutcome] = [], activities: [TestActivity] = []
    ) {
        self.name = name
        self.identifier = identifier
        self.outcome = outcome
        self.durationSeconds = durationSeconds
        self.attempts = attempts
        self.activities = activities
    }

    /// Failed at least once, then passed on a retry.
    public var isFlaky: Bool { outcome == .passed && attempts.contains(.failed) }
}

/// The results of a test run as one artifact reported them.
public struct TestResults: Sendable, Equatable {
    public var source: ResultsSource
    public var title: String?
    public var outcome: TestOutcome
    public var totalCount: Int?
    public var passedCount: Int?
    public var failedCount: Int?
    public var skippedCount: Int?
    public var expectedFailureCount: Int?
    /// Seconds since 1970, as xcresulttool prints them.
    public var startTime: Double?
    public var finishTime: Double?
    /// The scheme, when the artifact names it (summary `environmentDescription`, legacy action title).
    public var scheme: String?
    public var devices: [TestDevice]
    /// Results per destination, when the artifact reports them separately (a legacy
    /// record with several `actions[]`, a summary's `devicesAndConfigurations[]`).
    public var destinations: [TestDestination]
    public var failures: [TestFailure]
    /// Individual test cases, when the artifact lists them (tests.json, JUnit).
    public var testCases: [TestCaseRecord]
    /// The files of a result bundle's Diagnostics folders, every action's, in order.
    public var diagnosticsFiles: [DiagnosticsFile] = []

    /// Whether the artifact records every run of a retried test, so that no test
    /// passing on a retry is itself a fact: true for tests.json (Repetition nodes) and a
    /// result bundle (one run summary per run), for JUnit only when the file shows
    /// retries (trainer's `repetition` property, or repeats folded into attempts). The
    /// counts-only forms (summary.json, legacy.json) do not record retries.
    public var recordsAttempts: Bool

    /// Tests that failed and then passed on a retry (counted as passed).
    public var flakyCount: Int { testCases.reduce(0) { $0 + ($1.isFlaky ? 1 : 0) } }

    /// `flakyCount` where the artifact records retries; nil (unknown, not zero) where it
    /// does not.
    public var passedOnRetryCount: Int? { recordsAttempts ? flakyCount : nil }

    public init(
        source: ResultsSource, title: String? = nil, outcome: TestOutcome = .unknown,
        totalCount: Int? = nil, passedCount: Int? = nil, failedCount: Int? = nil, skippedCount: Int? = nil,
        expectedFailureCount: Int? = nil, startTime: Double? = nil, finishTime: Double? = nil,
        scheme: String? = nil, devices: [TestDevice] = [], failures: [TestFailure] = [],
        testCases: [TestCaseRecord] = []
    ) {
        self.source = source
        self.title = title
        self.outcome = outcome
        self.totalCount = totalCount
        self.passedCount = passedCount
        self.failedCount = failedCount
        self.skippedCount = skippedCount
        self.expectedFailureCount = expectedFailureCount
        self.startTime = startTime
        self.finishTime = finishTime
        self.scheme = scheme
        self.devices = devices
        self.destinations = []
        self.failures = failures
        self.testCases = testCases
        self.recordsAttempts = source == .testsJSON || source == .xcresultBundle
    }
}

/// What the xcresult bundle's Info.plist says about its format.
public struct XCResultInfo: Sendable, Equatable {
    public var formatMajor: Int?
    public var formatMinor: Int?
    /// `dateCreated`, as seconds since 1970.
    public var dateCreated: Double?
    public var storageBackend: String?
    public var storageCompression: String?
    /// `rootId.hash`: the id of the bundle's root object in `Data/`, as written.
    public var rootID: String?
    /// Bundle-relative path of the Info.plist it came from.
    public var file: String

    public init(
        file: String, formatMajor: Int? = nil, formatMinor: Int? = nil, dateCreated: Double? = nil,
        storageBackend: String? = nil, storageCompression: String? = nil
    ) {
        self.file = file
        self.formatMajor = formatMajor
        self.formatMinor = formatMinor
        self.dateCreated = dateCreated
        self.storageBackend = storageBackend
        self.storageCompression = storageCompression
    }

    public var formatVersion: String? {
        guard let formatMajor else { return nil }
        return formatMinor.map { "\(formatMajor).\($0)" } ?? "\(formatMajor)"
    }
}
