/// A span on a run's timeline, in UTC seconds since 1970. Every source converts to this
/// clock before it gets here: the session log's local `HH:mm:ss.SSS` stamps (placed with
/// the action's date and UTC offset), the database's Core Data epoch, the JSON's Unix epoch.
public struct TimeWindow: Sendable, Equatable, Hashable {
    public var start: Double
    public var end: Double

    /// An end before the start (clock steps, a hand-edited log) is taken as an instant at
    /// the start: the window then still places what was born at that moment.
    public init(start: Double, end: Double) {
        self.start = start
        self.end = max(start, end)
    }

    public var duration: Double { end - start }

    public func contains(_ time: Double, tolerance: Double = 0) -> Bool {
        time >= start - tolerance && time <= end + tolerance
    }
}

/// Where a test's window came from, best first. The inference states it, since a window
/// rebuilt from a failure time and a duration is only as good as those two numbers.
public enum TestWindowSource: String, Sendable, Equatable, Hashable, CaseIterable {
    /// `testCaseWillStart:` / `testCaseDidFinish:` lines of the session log.
    case sessionLog = "session log"
    /// The first start and last finish of the test's own activities.
    case activityBounds = "activity bounds"
    /// The first failure's time minus the test's duration, up to the last failure.
    case failureMinusDuration = "failure time minus duration"
}

/// One activity of a test: an `XCTContext.runActivity(named:)` step, a UI action, or one of
/// XCTest's own (`Set Up`, `Tear Down`, attachments). Only `isNamed` ones (activity type
/// `userCreated`) name a step of the team's own; XCTest's internal ones only refine a test.
public struct TimelineActivity: Sendable, Equatable, Hashable {
    public var title: String
    public var window: TimeWindow
    public var isNamed: Bool
    public var children: [TimelineActivity]

    public init(title: String, window: TimeWindow, isNamed: Bool, children: [TimelineActivity] = []) {
        self.title = title
        self.window = window
        self.isNamed = isNamed
        self.children = children
    }
}

/// One run of one test (an iteration or a retry is a run of its own) on the timeline.
public struct TimelineTest: Sendable, Equatable, Hashable {
    /// `Class/method` as results name tests (`XCTestTests/test_async`), without `()`.
    public var identifier: String
    public var window: TimeWindow
    public var source: TestWindowSource
    public var activities: [TimelineActivity]

    public init(identifier: String, window: TimeWindow, source: TestWindowSource, activities: [TimelineActivity] = []) {
        self.identifier = identifier
        self.window = window
        self.source = source
        self.activities = activities
    }
}

/// Something that happened to the app's container itself, from the simulator's
/// `mobile_installation.log`: the container was made, or replaced on a reinstall.
public struct ContainerEvent: Sendable, Equatable, Hashable {
    public enum Kind: String, Sendable, Equatable, Hashable {
        case created, replaced
    }

    public var time: Double
    public var kind: Kind
    /// The app whose data container it was, and the container's path, as the log names
    /// them (nil when the event was not read from a log).
    public var bundleID: String?
    public var path: String?

    public init(time: Double, kind: Kind, bundleID: String? = nil, path: String? = nil) {
        self.time = time
        self.kind = kind
        self.bundleID = bundleID
        self.path = path
    }
}

/// An instant a test recorded: a failure (an issue) or an attachment. They do not name
/// steps, but they are evidence a person reads beside a window ("the failure at 09:14:02
/// came 0.4 s after the file was born"), and a failure time dates a test that left no
/// other window.
public struct TimelineEvent: Sendable, Equatable, Hashable {
    public enum Kind: String, Sendable, Equatable, Hashable {
        case failure, attachment
    }

    public var time: Double
    public var kind: Kind
    /// `Class/method` of the test that recorded it, without `()`.
    public var test: String
    /// The failure message's first line or the attachment's name, as written.
    public var title: String

    public init(time: Double, kind: Kind, test: String, title: String) {
        self.time = time
        self.kind = kind
        self.test = test
        self.title = title
    }
}

/// Everything the result bundle says about when things happened, on one UTC clock: the
/// material for inferring which step created each file.
public struct RunTimeline: Sendable, Equatable {
    public var tests: [TimelineTest]
    public var containerEvents: [ContainerEvent]
    /// Failures and attachments, in time order.
    public var events: [TimelineEvent]

    public init(tests: [TimelineTest] = [], containerEvents: [ContainerEvent] = [], events: [TimelineEvent] = []) {
        self.tests = tests.sorted { ($0.window.start, $0.window.end) < ($1.window.start, $1.window.end) }
        self.containerEvents = containerEvents.sorted { $0.time < $1.time }
        self.events = events.sorted { ($0.time, $0.test) < ($1.time, $1.test) }
    }

    public var isEmpty: Bool { tests.isEmpty && containerEvents.isEmpty }
}

/// What the loader read for the timeline that the results model does not carry: the
/// session logs' test windows (one list per log, already on UTC) and the container's
/// events. `RunTimelineBuilder` (ExhibitRules) joins them with the results' activities,
/// failures and attachments.
public struct TimelineSources: Sendable, Equatable {
    public var sessionLogTests: [TimelineTest] = []
    public var containerEvents: [ContainerEvent] = []
    /// The session logs read (bundle-relative names), for the rule text and the account.
    public var sessionLogs: [String] = []
    /// The `mobile_installation.log.*` files read (bundle-relative names).
    public var installationLogs: [String] = []

    public init(
        sessionLogTests: [TimelineTest] = [], containerEvents: [ContainerEvent] = [], sessionLogs: [String] = [], installationLogs: [String] = []
    ) {
        self.sessionLogTests = sessionLogTests
        self.containerEvents = containerEvents
        self.sessionLogs = sessionLogs
        self.installationLogs = installationLogs
    }
}
