import ExhibitCore

/// Holds the rules' background tasks against the built app's Info.plist and tells
/// which of three failures the evidence points to (`BackgroundTaskCause`):
///
/// 1. configuration regression: a task identifier missing from
///    `BGTaskSchedulerPermittedIdentifiers`, or `UIBackgroundModes` without `fetch`
///    (refresh tasks) or `processing` (processing tasks); also a failing test quoting
///    BGTaskScheduler's "not permitted" error;
/// 2. wrong expectation about scheduling: the configuration is right and a failing
///    test about a task complains that it did not run (in time);
/// 3. business-logic error: the configuration is right and a failing test about a
///    task fails on what the task did.
///
/// Without an Info.plist it could read (none in the bundle, unreadable, malformed) the
/// configuration is unknown: no finding, and no cause that presumes the configuration
/// right; only BGTaskScheduler's own "not permitted" error in a failing test still
/// names a configuration regression. The verdict is then not decided, and the rules
/// engine lists the file under "not checked".
package enum BackgroundTaskCheck {
    package static let permittedKey = "BGTaskSchedulerPermittedIdentifiers"
    package static let modesKey = "UIBackgroundModes"

    struct Result {
        var violations: [Violation] = []
        var assessment: BackgroundTaskAssessment
    }

    /// Phrases of a test that expected the system to run a task by some time.
    static let schedulingPhrases = [
        "not run", "did not run", "didn't run", "never ran", "never run", "not launched", "never launched",
        "not scheduled", "was not executed", "not executed", "timed out", "timeout", "earliestbegindate",
        "expected to run", "should have run", "not called", "handler was not",
    ]
    /// What BGTaskScheduler says when the Info.plist does not permit a task
    /// (`BGTaskSchedulerErrorCodeNotPermitted` = 3).
    static let notPermittedPhrases = ["notpermitted", "not permitted", "bgtaskschedulererrordomain code=3", "bgtaskschedulererrordomain error 3"]

    /// - Parameter infoPlistProblem: why `infoPlist` is nil, for the rationale
    ///   (`EvidenceBundle.appInfoPlistProblem`).
    static func run(
        tasks: [BackgroundTaskRule], infoPlist: PropertyListValue?, infoPlistProblem: String? = nil, failures: [TestFailure]
    ) -> Result {
        let permitted = infoPlist?[permittedKey]?.array?.compactMap(\.string)
        let modes = infoPlist?[modesKey]?.array?.compactMap(\.string)
        var violations: [Violation] = []
        var statuses: [BackgroundTaskStatus] = []
        for task in tasks {
            var status = BackgroundTaskStatus(identifier: task.identifier, kind: task.kind, permitted: nil, backgroundModePresent: nil)
            if infoPlist != nil {
                status.permitted = permitted?.contains(task.identifier) ?? false
                status.backgroundModePresent = modes?.contains(task.kind.backgroundMode) ?? false
                if status.permitted == false {
                    let why = permitted == nil ? "Info.plist has no \(permittedKey) array" : "not listed in \(permittedKey)"
                    violations.append(violation(task, "\(task.kind.rawValue) task \(why): the system refuses to schedule it"))
                }
                if status.backgroundModePresent == false {
                    let why = modes == nil ? "Info.plist has no \(modesKey) array" : "\(modesKey) lacks \"\(task.kind.backgroundMode)\""
                    violations.append(violation(task, "\(why), needed by \(task.kind.rawValue) tasks"))
                }
            }
            statuses.append(status)
        }
        let related = relatedTests(failures, tasks: tasks)
        let problem = infoPlist == nil ? (infoPlistProblem ?? "the bundle has no readable \(EvidenceLayout.appInfoPlist)") : nil
        let (cause, rationale) = verdict(
            statuses: statuses, violations: violations, related: related, infoPlistProblem: problem, failures: failures)
        let assessment = BackgroundTaskAssessment(
            tasks: statuses, infoPlistChecked: infoPlist != nil, cause: cause,
            relatedTests: related.map { $0.identifier ?? $0.testName }, rationale: rationale, infoPlistProblem: problem)
        return Result(violations: violations, assessment: assessment)
    }

    private static func violation(_ task: BackgroundTaskRule, _ reason: String) -> Violation {
        Violation(
            kind: .configuration, path: EvidenceLayout.appInfoPlist, size: 0, ruleName: task.identifier,
            ruleOwner: task.owner, reason: reason)
    }

    /// Failing tests about background tasks: the text or name mentions a task identifier,
    /// its last component (`refresh` in `com.example.vault.refresh` is too short to
    /// count, names of 6+ characters do), or BGTask/"background task".
    static func relatedTests(_ failures: [TestFailure], tasks: [BackgroundTaskRule]) -> [TestFailure] {
        failures.filter { f in
            let text = (f.failureText + " " + f.testName + " " + (f.identifier ?? "")).lowercased()
            if text.contains("bgtask") || text.contains("background task") || text.contains("backgroundtask") { return true }
            return tasks.contains { t in
                let id = t.identifier.lowercased()
                if text.contains(id) { return true }
                guard let last = id.split(separator: ".").last, last.count >= 6 else { return false }
                return text.contains(last)
            }
        }
    }

    private static func verdict(
        statuses: [BackgroundTaskStatus], violations: [Violation], related: [TestFailure],
        infoPlistProblem: String?, failures: [TestFailure]
    ) -> (BackgroundTaskCause?, String) {
        let texts = related.map { $0.failureText.lowercased() }
        if !violations.isEmpty {
            let tasks = Set(violations.compactMap(\.ruleName)).sorted()
            return (
                .configurationRegression,
                "The built app's Info.plist does not allow \(tasks.joined(separator: ", ")) to run (\(Classifier.count(violations.count, "configuration finding"))): a configuration regression, whatever the task's code does."
            )
        }
        if texts.contains(where: { t in notPermittedPhrases.contains { t.contains($0) } }) {
            let checked =
                infoPlistProblem.map { "and \($0), so it was not checked" } ?? "although the archived Info.plist permits every task"
            return (
                .configurationRegression,
                "A failing test reports BGTaskScheduler's \"not permitted\" error, \(checked): a configuration regression (check the Info.plist of the build that ran)."
            )
        }
        if let problem = infoPlistProblem {
            // Scheduling and business logic both presume the configuration right: unknown.
            let tail =
                related.isEmpty
                ? (failures.isEmpty ? "no test failed" : "no failing test is about a background task")
                : related.count == 1 ? "1 failing test is about a background task" : "\(related.count) failing tests are about background tasks"
            return (
                nil,
                "The configuration was not checked: \(problem), so whether the system may run the tasks is not known and no cause is named; \(tail)."
            )
        }
        let configured = "The Info.plist permits every task and has its background modes"
        guard !related.isEmpty else {
            return (nil, "\(configured); \(failures.isEmpty ? "no test failed" : "no failing test is about a background task").")
        }
        let scheduling = texts.filter { t in schedulingPhrases.contains { t.contains($0) } }.count
        if scheduling > 0 {
            return (
                .schedulingExpectation,
                "\(configured); \(Classifier.count(scheduling, "failing test")) expected the system to run a task at a time it does not promise: a wrong expectation about scheduling."
            )
        }
        return (
            .businessLogicError,
            "\(configured); \(Classifier.count(related.count, "failing test")) about background tasks fail on what the task did: a business-logic error."
        )
    }
}
