import Testing

@testable import ExhibitCore
@testable import ExhibitRules

/// The classifier names the configuration or preference finding that explains the
/// failing tests, and says when there are no test results.
@Suite struct ProposalFindingTests {
    static let leftover = Violation(
        kind: .skippedCleanup, path: "tmp/reindex.partial", size: 10, ruleName: "com.example.vault.reindex",
        step: "testReindexTaskRuns", reason: "temporary file of a background task left behind")
    static let notPermitted = Violation(
        kind: .configuration, path: "app/Info.plist", size: 0, ruleName: "com.example.vault.reindex",
        reason: "processing task not listed in BGTaskSchedulerPermittedIdentifiers")
    static let failure = TestFailure(
        testName: "testReindexTaskRuns()", identifier: "BackgroundTaskTests/testReindexTaskRuns()",
        failureText: "com.example.vault.reindex handler was not called within 30 s")

    static func assessment(_ cause: BackgroundTaskCause?) -> BackgroundTaskAssessment {
        BackgroundTaskAssessment(
            tasks: [], infoPlistChecked: true, cause: cause, relatedTests: [failure.identifier!],
            rationale: "The built app's Info.plist does not allow com.example.vault.reindex to run.")
    }

    @Test func aConfigurationVerdictOutweighsAnEquallyNamedBoundaryViolation() {
        let p = Classifier.classify(
            violations: [Self.leftover, Self.notPermitted], failures: [Self.failure],
            backgroundTasks: Self.assessment(.configurationRegression))
        #expect(p.proposed == .notBoundaryFailure)
        #expect(p.finding == .configurationRegression)
        #expect(p.headline == "configuration regression")
        #expect(p.headlineWithClass == "configuration regression (not a boundary failure)")
    }

    @Test func aStrongerLinkToAFindingWinsOverAStepLink() {
        // The leftover is linked only by its creating step, the finding by its name.
        var leftover = Self.leftover
        leftover.ruleName = "task-temporaries"
        let p = Classifier.classify(violations: [leftover, Self.notPermitted], failures: [Self.failure])
        #expect(p.proposed == .notBoundaryFailure)
        #expect(p.finding == .configurationRegression)
        #expect(p.links.first?.basis == .ruleName)
    }

    @Test func aStrongerBoundaryLinkKeepsTheBoundaryClass() {
        let failure = TestFailure(testName: "testTmp()", identifier: nil, failureText: "tmp/reindex.partial is left")
        let p = Classifier.classify(violations: [Self.leftover, Self.notPermitted], failures: [failure])
        #expect(p.proposed == .skippedCleanup)
        #expect(p.finding == nil)
        #expect(p.headline == "skipped cleanup")
    }

    @Test func notPermittedWithoutAViolationIsStillAConfigurationRegression() {
        let p = Classifier.classify(violations: [], failures: [Self.failure], backgroundTasks: Self.assessment(.configurationRegression))
        #expect(p.finding == .configurationRegression)
        #expect(p.rationale.contains("background tasks"))
    }

    @Test func aPreferenceFindingIsNamed() {
        let pref = Violation(
            kind: .preference, path: "Library/Preferences/com.example.vault.plist", size: 1, ruleName: "com.example.vault:syncMode",
            reason: "\"syncMode\" holds a value that is not one of the allowed values")
        let failure = TestFailure(testName: "testSyncModeMigration()", identifier: nil, failureText: "syncMode after migration")
        let p = Classifier.classify(violations: [pref], failures: [failure])
        #expect(p.finding == .preferenceRegression)
        #expect(p.headline == "preference regression")
    }

    @Test func withoutTestResultsNothingIsClear() {
        let unset = Violation(kind: .unsetAttribute, path: "Library/Models", size: 1, ruleName: "models", reason: "not excluded from backup")
        let p = Classifier.classify(violations: [unset], failures: [], hasTestResults: false)
        #expect(p.confidence == .noTestResults)
        #expect(p.confidence.text == "no test results in the bundle")
        #expect(p.rationale.hasSuffix("no test results in the bundle."))
        let none = Classifier.classify(violations: [], failures: [], hasTestResults: false)
        #expect(none.confidence == .noTestResults)
        #expect(none.rationale.hasPrefix("No test results in the bundle"))
        #expect(!none.rationale.contains("No failing tests"))
        let status = TriageStatus(record: nil, draft: nil, proposal: none)
        #expect(status.state == .untriaged, "nothing proposed on no evidence")
    }
}
