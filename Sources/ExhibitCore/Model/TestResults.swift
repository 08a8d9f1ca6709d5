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

/// One failing (or erroring) test with what the tool said about it.
public struct TestFailure: Sendable, Equatable, Hashable {
    /// Test name as printed, e.g. `testCacheNotInDocuments()`.
    public var testName: String
    /// Stable identifier, e.g. `BackupBoundaryTests/testCacheNotInDocuments()` or a JUnit `classname.name`.
    public var identifier: String?
    public var targetName: String?
    /// The assertion text; may hold arbitrary bytes from the app (show it escaped).
    public var failureText: String
    /// Source file and line when the tool gives them (legacy JSON, JUnit messages).
    public var sourceFile: String?
    public var line: Int?

    public init(testName: String, identifier: String? = nil, targetName: String? = nil, failureText: String,
                sourceFile: String? = nil, line: Int? = nil) {
        self.testName = testName
        self.identifier = identifier
        self.targetName = targetName
        self.failureText = failureText
        self.sourceFile = sourceFile
        self.line = line
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

    public init(identifier: String? = nil, name: String? = nil, modelName: String? = nil, architecture: String? = nil,
                osVersion: String? = nil, osBuildNumber: String? = nil, platform: String? = nil) {
        self.identifier = identifier
        self.name = name
        self.modelName = modelName
        self.architecture = architecture
        self.osVersion = osVersion
        self.osBuildNumber = osBuildNumber
        self.platform = platform
    }
}

/// One test case as listed by a test tree (tests.json, legacy tests, JUnit testcase).
public struct TestCaseRecord: Sendable, Equatable, Hashable {
    public var name: String
    public var identifier: String?
    public var outcome: TestOutcome
    public var durationSeconds: Double?
    /// Each run of the test (retries, repetitions, parameterized arguments), in the
    /// order they ran, when the artifact records them; empty otherwise.
    public var attempts: [TestAttempt]

    public init(name: String, identifier: String? = nil, outcome: TestOutcome, durationSeconds: Double? = nil,
                attempts: [TestAttempt] = []) {
        self.name = name
        self.identifier = identifier
        self.outcome = outcome
        self.durationSeconds = durationSeconds
        self.attempts = attempts
    }
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
    public var failures: [TestFailure]
    /// Individual test cases, when the artifact lists them (tests.json, JUnit).
    public var testCases: [TestCaseRecord]

    public init(source: ResultsSource, title: String? = nil, outcome: TestOutcome = .unknown,
                totalCount: Int? = nil, passedCount: Int? = nil, failedCount: Int? = nil, skippedCount: Int? = nil,
                expectedFailureCount: Int? = nil, startTime: Double? = nil, finishTime: Double? = nil,
                scheme: String? = nil, devices: [TestDevice] = [], failures: [TestFailure] = [],
                testCases: [TestCaseRecord] = []) {
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
        self.failures = failures
        self.testCases = testCases
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

    public init(file: String, formatMajor: Int? = nil, formatMinor: Int? = nil, dateCreated: Double? = nil,
                storageBackend: String? = nil, storageCompression: String? = nil) {
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
