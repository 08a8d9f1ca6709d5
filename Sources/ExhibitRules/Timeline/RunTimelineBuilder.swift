import ExhibitCore

/// Joins what a loaded bundle knows about time into the run's one UTC timeline: each
/// run of each test gets a window from the best source it has — the session log's
/// `testCaseWillStart:`/`testCaseDidFinish:` lines, else the first start and last finish
/// of its own activities, else its first failure's time minus its duration — with its
/// activities inside; failures and attachments become events; the container's events
/// come along. Every time is already UTC here: the loader placed the session log's
/// local stamps, the readers converted the legacy offsets, the database's Core Data
/// epoch and the JSON's Unix epoch.
public enum RunTimelineBuilder {
    public static func timeline(for bundle: EvidenceBundle) -> RunTimeline {
        timeline(results: bundle.results.first, failures: bundle.failures, sources: bundle.timelineSources)
    }

    public static func timeline(results: TestResults?, failures: [TestFailure], sources: TimelineSources) -> RunTimeline {
        var windowsByTest: [String: [TimelineTest]] = [:]
        var order: [String] = []
        for test in sources.sessionLogTests {
            let key = key(test.identifier)
            if windowsByTest[key] == nil { order.append(key) }
            windowsByTest[key, default: []].append(test)
        }
        var failureTimes: [String: [Double]] = [:]
        var events: [TimelineEvent] = []
        for failure in failures {
            let name = key(failure.displayName)
            for message in failure.messages {
                guard let time = message.timestamp, time.isFinite else { continue }
                failureTimes[name, default: []].append(time)
                let firstLine = message.text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
                events.append(TimelineEvent(time: time, kind: .failure, test: name, title: firstLine))
            }
        }

        var tests: [TimelineTest] = []
        var placedFromLog: Set<String> = []
        for record in results?.testCases ?? [] {
            let name = key(record.identifier ?? record.name)
            for activity in record.activities { events += attachments(of: activity, test: name) }
            if var windows = windowsByTest[name] {
                placedFromLog.insert(name)
                attach(record.activities, to: &windows)
                tests += windows
                continue
            }
            var byAttempt: [Int: [TestActivity]] = [:]
            for activity in record.activities { byAttempt[activity.attempt ?? 1, default: []].append(activity) }
            var fromActivities: [TimelineTest] = []
            for attempt in byAttempt.keys.sorted() {
                let activities = byAttempt[attempt]!.compactMap(timelineActivity)
                guard let start = activities.map(\.window.start).min(), let end = activities.map(\.window.end).max() else { continue }
                fromActivities.append(
                    TimelineTest(identifier: name, window: TimeWindow(start: start, end: end), source: .activityBounds, activities: activities))
            }
            if !fromActivities.isEmpty {
                tests += fromActivities
                continue
            }
            if let times = failureTimes[name], let first = times.min(), let last = times.max(), let duration = record.durationSeconds,
                duration.isFinite, duration >= 0
            {
                tests.append(TimelineTest(identifier: name, window: TimeWindow(start: first - duration, end: last), source: .failureMinusDuration))
            }
        }
        // Tests the log ran that the results do not list (a results print of another
        // action, a crash before the results were written) keep their log windows.
        for name in order where !placedFromLog.contains(name) { tests += windowsByTest[name] ?? [] }
        return RunTimeline(tests: tests, containerEvents: sources.containerEvents, events: events)
    }

    /// `VaultTests/testDownload()` and the log's `VaultTests/testDownload` are one test.
    static func key(_ identifier: String) -> String {
        identifier.hasSuffix("()") ? String(identifier.dropLast(2)) : identifier
    }

    /// Each top-level activity goes into the log window of its test that holds its start
    /// (a retry's activities into the retry's window); one that none holds goes into the
    /// nearest, since the activity's own window still places files inside it.
    private static func attach(_ activities: [TestActivity], to windows: inout [TimelineTest]) {
        guard !windows.isEmpty else { return }
        for activity in activities {
            guard let converted = timelineActivity(activity) else { continue }
            let start = converted.window.start
            let best = windows.indices.min { a, b in
                distance(start, windows[a].window) < distance(start, windows[b].window)
            }!
            windows[best].activities.append(converted)
        }
    }

    private static func distance(_ time: Double, _ window: TimeWindow) -> Double {
        window.contains(time) ? 0 : min(abs(time - window.start), abs(time - window.end))
    }

    /// An activity with a start; without a finish it is an instant. Children without
    /// times are dropped, their own children with them (nothing to place them by).
    static func timelineActivity(_ activity: TestActivity) -> TimelineActivity? {
        guard let start = activity.start, start.isFinite else { return nil }
        let end = activity.finish.flatMap { $0.isFinite ? $0 : nil } ?? start
        return TimelineActivity(
            title: activity.title, window: TimeWindow(start: start, end: end),
            isNamed: activity.activityType.map { $0.hasSuffix("userCreated") } ?? false,
            children: activity.children.compactMap(timelineActivity))
    }

    private static func attachments(of activity: TestActivity, test: String) -> [TimelineEvent] {
        var out: [TimelineEvent] = []
        for attachment in activity.attachments {
            guard let time = attachment.timestamp, time.isFinite else { continue }
            out.append(TimelineEvent(time: time, kind: .attachment, test: test, title: attachment.name ?? attachment.filename ?? "attachment"))
        }
        for child in activity.children { out += attachments(of: child, test: test) }
        return out
    }
}
