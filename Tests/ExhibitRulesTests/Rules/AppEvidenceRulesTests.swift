import Foundation
import Testing

@testable import ExhibitCore
@testable import ExhibitRules

/// Preference contracts and background tasks: the rules schema, the findings, and the
/// background-task verdict.
@Suite struct AppEvidenceRulesTests {
    static let rulesJSON = """
        {
          "version": 1,
          "preferences": [
            {"domain": "com.example.vault", "key": "syncMode", "type": "string",
             "allowed": ["wifi", "always", "never"], "fallback": "wifi", "owner": "@settings"},
            {"domain": "com.example.vault", "key": "hasSeenOnboarding", "type": "boolean", "fallback": false},
            {"domain": "com.example.vault", "key": "analyticsEnabled", "type": "boolean"},
            {"domain": "com.example.vault", "key": "launchCount", "type": "integer", "fallback": 0},
            {"domain": "com.example.vault", "key": "ratio", "type": "real"}
          ],
          "backgroundTasks": [
            {"identifier": "com.example.vault.refresh", "kind": "refresh", "owner": "@sync"},
            {"identifier": "com.example.vault.reindex", "kind": "processing", "owner": "@search",
             "temporaryFiles": ["tmp/reindex-*.partial"]}
          ]
        }
        """

    func rules(_ text: String = rulesJSON) throws -> RulesInventory {
        var warnings: [Diagnostic] = []
        return try RulesReader.read(Array(text.utf8), file: "rules.json", warnings: &warnings)
    }

    func readError(_ text: String) -> Diagnostic? {
        var warnings: [Diagnostic] = []
        do {
            _ = try RulesReader.read(Array(text.utf8), file: "rules.json", warnings: &warnings)
            return nil
        } catch {
            return error
        }
    }

    static func xmlPlist(_ body: String) -> [UInt8] {
        Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\(body)</dict></plist>\n".utf8)
    }

    func bundle(
        preferences: String?, infoPlist: String? = nil, failures: [TestFailure] = [],
        extraFiles: [String] = []
    ) -> EvidenceBundle {
        var files: [String: [UInt8]] = [:]
        if let preferences { files["container/preferences/com.example.vault.plist"] = Self.xmlPlist(preferences) }
        if let infoPlist { files["app/Info.plist"] = Self.xmlPlist(infoPlist) }
        var bundle = BundleLoader.load(runID: "run", from: MemoryEvidenceSource(files))
        var c = ContainerFixture()
        c.file("Library/Preferences/com.example.vault.plist", 300)
        for f in extraFiles { c.file(f, 1_000) }
        bundle.inventory = c.build()
        bundle.results = [TestResults(source: .summaryJSON, outcome: failures.isEmpty ? .passed : .failed, failures: failures)]
        return bundle
    }

    func check(_ bundle: EvidenceBundle) throws -> CheckReport {
        RulesEngine.check(bundle: bundle, compiled: RulesEngine.compile(try rules()), rulesSource: "rules.json", rulesDiagnostics: [])
    }

    // MARK: - Reader

    @Test func readsContractsAndTasks() throws {
        let r = try rules()
        #expect(r.preferences.count == 5)
        #expect(
            r.preferences[0]
                == PreferenceContract(
                    domain: "com.example.vault", key: "syncMode", type: .string,
                    allowed: [.string("wifi"), .string("always"), .string("never")], fallback: .string("wifi"), owner: "@settings",
                    position: r.preferences[0].position))
        #expect(r.preferences[1].fallback == .boolean(false))
        #expect(r.preferences[2].fallback == nil)
        #expect(r.preferences[3].fallback == .integer(0))
        #expect(r.preferences[0].containerPath == "Library/Preferences/com.example.vault.plist")
        #expect(r.backgroundTasks.map(\.identifier) == ["com.example.vault.refresh", "com.example.vault.reindex"])
        #expect(r.backgroundTasks[1].kind == .processing)
        #expect(r.backgroundTasks[1].temporaryFiles == ["tmp/reindex-*.partial"])
    }

    @Test func contractErrorsNameTheEntryAndPosition() {
        let badType = readError(#"{"version": 1, "preferences": [{"domain": "d", "key": "k", "type": "bool"}]}"#)
        #expect(badType?.message == #"preferences[0] "d:k": "type" must be one of boolean, integer, real, string, date, data, array, dictionary, found "bool""#)
        #expect(badType?.position?.column == 68)  // the opening quote of "bool"
        let mismatch = readError(#"{"version": 1, "preferences": [{"domain": "d", "key": "k", "type": "integer", "allowed": [1, "two"]}]}"#)
        #expect(mismatch?.message.contains(#""allowed" values must be integer values"#) == true)
        let fallbackNotAllowed = readError(
            #"{"version": 1, "preferences": [{"domain": "d", "key": "k", "type": "string", "allowed": ["a"], "fallback": "b"}]}"#)
        #expect(fallbackNotAllowed?.message.contains(#""fallback" "b" is not one of the allowed values"#) == true)
        let duplicate = readError(
            #"{"version": 1, "preferences": [{"domain": "d", "key": "k", "type": "string"}, {"domain": "d", "key": "k", "type": "string"}]}"#)
        #expect(duplicate?.message.contains("duplicate preference contract") == true)
        let kind = readError(#"{"version": 1, "backgroundTasks": [{"identifier": "a.b", "kind": "fetch"}]}"#)
        #expect(kind?.message == #"backgroundTasks[0] "a.b": "kind" must be refresh or processing, found "fetch""#)
        let pattern = readError(#"{"version": 1, "backgroundTasks": [{"identifier": "a.b", "kind": "refresh", "temporaryFiles": ["tmp/[x"]}]}"#)
        #expect(pattern?.message.contains("bad pattern") == true)
    }

    // MARK: - Preference findings

    @Test func wrongTypeUnknownValueAndAbsentAreFindingsWithoutValues() throws {
        let report = try check(
            bundle(
                preferences: """
                    <key>syncMode</key><string>turbo</string>
                    <key>launchCount</key><string>3</string>
                    <key>ratio</key><integer>2</integer>
                    <key>lastUserID</key><string>u-4471-secret</string>
                    """))
        let prefs = report.violations.filter { $0.kind == .preference }
        #expect(
            prefs.map(\.reason) == [
                #""analyticsEnabled" is absent and the contract names no fallback"#,
                #""launchCount" is a string, the app reads an integer"#,
                #""syncMode" holds a value that is not one of the 3 allowed values"#,
            ])
        #expect(prefs.allSatisfy { $0.path == "Library/Preferences/com.example.vault.plist" && $0.node != nil })
        #expect(!report.violations.contains { $0.reason.contains("turbo") || $0.reason.contains("u-4471") })
        let states = Dictionary(uniqueKeysWithValues: report.preferences.map { ($0.key, $0.state) })
        #expect(states["syncMode"] == .unknownValue)
        #expect(states["launchCount"] == .wrongType(found: .string))
        #expect(states["ratio"] == .valid)  // an integer reads fine as a real
        #expect(states["hasSeenOnboarding"] == .absent)
        #expect(report.preferences.count == 5)  // lastUserID is named by no contract
        #expect(report.proposal.proposed == .notBoundaryFailure)
        #expect(report.hasBlocking)
    }

    @Test func absentIsNotFalseForBooleans() throws {
        let absent = try check(bundle(preferences: "<key>analyticsEnabled</key><true/>"))
        let onboardingAbsent = absent.preferences.first { $0.key == "hasSeenOnboarding" }
        #expect(onboardingAbsent?.state == .absent)
        #expect(onboardingAbsent?.summary == "absent (app falls back to false)")
        #expect(onboardingAbsent?.foundType == nil)

        let explicit = try check(bundle(preferences: "<key>analyticsEnabled</key><true/><key>hasSeenOnboarding</key><false/>"))
        let onboardingFalse = explicit.preferences.first { $0.key == "hasSeenOnboarding" }
        #expect(onboardingFalse?.state == .valid)
        #expect(onboardingFalse?.summary == "present, boolean, valid")
        #expect(onboardingFalse?.foundType == .boolean)

        // An integer 0 is not a boolean, even though Linux Foundation bridges it to Bool.
        let zero = try check(bundle(preferences: "<key>analyticsEnabled</key><integer>0</integer>"))
        #expect(zero.preferences.first { $0.key == "analyticsEnabled" }?.state == .wrongType(found: .integer))
    }

    @Test func aMalformedPreferenceFileIsRecordedAndEverythingElseLoads() throws {
        let source = MemoryEvidenceSource([
            "container/preferences/com.example.vault.plist": Array("<?xml version=\"1.0\"?><plist><dict><key>a".utf8),
            "container/preferences/group/other.plist": Self.xmlPlist("<key>x</key><true/>"),
            "steps.tsv": Array("seed\tDocuments/a\t2026-11-07T09:00:00Z\n".utf8),
        ])
        let bundle = BundleLoader.load(runID: "run", from: source)
        #expect(bundle.preferences.map(\.containerPath) == ["Library/Preferences/com.example.vault.plist", "Library/Preferences/group/other.plist"])
        #expect(bundle.preferences[0].value == nil)
        #expect(bundle.preferences[0].problem?.file == "container/preferences/com.example.vault.plist")
        #expect(bundle.preferences[1].value?["x"] == .boolean(true))
        // steps.tsv's one record was read (no inventory to apply it to).
        #expect(bundle.status(of: "steps.tsv") == .loaded)
        #expect(!bundle.diagnostics.contains { $0.file == "steps.tsv" })
        if case .malformed = bundle.status(of: "container/preferences/com.example.vault.plist") {
        } else {
            Issue.record("the malformed copy is not recorded as malformed")
        }
        var withInventory = bundle
        var c = ContainerFixture()
        c.file("Library/Preferences/com.example.vault.plist", 30)
        withInventory.inventory = c.build()
        let report = try check(withInventory)
        #expect(report.preferences.allSatisfy { $0.state == .unreadable })
        #expect(!report.violations.contains { $0.kind == .preference })
    }

    @Test func leftoverRandomlyNamedSuiteIsSkippedCleanup() throws {
        var c = ContainerFixture()
        c.file("Library/Preferences/com.example.vault.8A1F3C2E-5B7D-4E09-A6C4-1D2B3E4F5A60.plist", 268)
        let report = RulesEngine.check(
            inventory: c.build(), failures: [], duTotals: nil, rules: .builtInDefaults,
            rulesSource: "built-in defaults", rulesDiagnostics: [])
        let v = try #require(report.violations.first)
        #expect(v.kind == .skippedCleanup)
        #expect(v.ruleName == PolicyName.testPreferenceDomain)
        #expect(v.reason == "leftover randomly named test suite (<prefix>.<UUID>.plist): UserDefaults(suiteName:) never removed")
    }

    // MARK: - Background tasks

    static let goodInfo = """
        <key>BGTaskSchedulerPermittedIdentifiers</key>
        <array><string>com.example.vault.refresh</string><string>com.example.vault.reindex</string></array>
        <key>UIBackgroundModes</key><array><string>fetch</string><string>processing</string></array>
        """

    @Test func missingIdentifierAndModeAreConfigurationRegressions() throws {
        let info = """
            <key>BGTaskSchedulerPermittedIdentifiers</key><array><string>com.example.vault.refresh</string></array>
            <key>UIBackgroundModes</key><array><string>fetch</string></array>
            """
        let failure = TestFailure(
            testName: "testReindexRuns()", identifier: "BackgroundTaskTests/testReindexRuns()",
            failureText: "com.example.vault.reindex handler was not called within 30 s")
        let report = try check(bundle(preferences: nil, infoPlist: info, failures: [failure]))
        let config = report.violations.filter { $0.kind == .configuration }
        #expect(
            config.map(\.reason) == [
                "processing task not listed in BGTaskSchedulerPermittedIdentifiers: the system refuses to schedule it",
                "UIBackgroundModes lacks \"processing\", needed by processing tasks",
            ])
        #expect(config.allSatisfy { $0.path == "app/Info.plist" && $0.ruleName == "com.example.vault.reindex" && $0.ruleOwner == "@search" })
        let tasks = try #require(report.backgroundTasks)
        #expect(tasks.cause == .configurationRegression)
        #expect(tasks.infoPlistChecked)
        #expect(tasks.tasks.map(\.isConfigured) == [true, false])
        #expect(tasks.relatedTests == ["BackgroundTaskTests/testReindexRuns()"])
    }

    /// immich's source Info.plist: permitted identifiers, no UIBackgroundModes key at all,
    /// an unexpanded `$(PRODUCT_BUNDLE_IDENTIFIER)`.
    @Test func permittedTasksWithoutABackgroundModesKeyAreConfigurationRegressions() throws {
        let info = """
            <key>BGTaskSchedulerPermittedIdentifiers</key>
            <array><string>com.example.vault.refresh</string><string>com.example.vault.reindex</string></array>
            <key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
            """
        let report = try check(bundle(preferences: nil, infoPlist: info, failures: []))
        #expect(
            report.violations.filter { $0.kind == .configuration }.map(\.reason) == [
                "Info.plist has no UIBackgroundModes array, needed by refresh tasks",
                "Info.plist has no UIBackgroundModes array, needed by processing tasks",
            ])
        #expect(report.backgroundTasks?.tasks.map(\.isConfigured) == [false, false])
    }

    @Test func rightConfigurationSplitsSchedulingFromBusinessLogic() throws {
        let late = TestFailure(testName: "testRefreshRuns()", failureText: "com.example.vault.refresh was not run before the deadline")
        let scheduling = try check(bundle(preferences: nil, infoPlist: Self.goodInfo, failures: [late]))
        #expect(scheduling.violations.filter { $0.kind == .configuration }.isEmpty)
        #expect(scheduling.backgroundTasks?.cause == .schedulingExpectation)

        let wrong = TestFailure(
            testName: "testReindexBuildsPostings()",
            failureText: "XCTAssertEqual failed: (\"12\") is not equal to (\"14\") - postings after com.example.vault.reindex")
        let logic = try check(bundle(preferences: nil, infoPlist: Self.goodInfo, failures: [wrong]))
        #expect(logic.backgroundTasks?.cause == .businessLogicError)

        let notPermitted = TestFailure(
            testName: "testSubmit()", failureText: "BGTaskSchedulerErrorDomain Code=3 (notPermitted) submitting com.example.vault.refresh")
        #expect(try check(bundle(preferences: nil, infoPlist: Self.goodInfo, failures: [notPermitted])).backgroundTasks?.cause == .configurationRegression)

        let unrelated = TestFailure(testName: "testLogin()", failureText: "XCTAssertTrue failed")
        let none = try check(bundle(preferences: nil, infoPlist: Self.goodInfo, failures: [unrelated]))
        #expect(none.backgroundTasks?.cause == nil)
        #expect(none.backgroundTasks?.rationale.hasSuffix("no failing test is about a background task.") == true)
    }

    @Test func withoutInfoPlistTheConfigurationIsUncheckedAndSaidSo() throws {
        let report = try check(bundle(preferences: nil))
        #expect(report.backgroundTasks?.infoPlistChecked == false)
        #expect(report.backgroundTasks?.tasks.allSatisfy { $0.permitted == nil } == true)
        // Said under "not checked" (the gate does not pass on it), not as a note on the rules.
        #expect(report.unchecked.contains { $0.kind == .appInfoPlist && $0.reason.hasPrefix("the bundle has no app/Info.plist") })
        #expect(report.backgroundTasks?.cause == nil)
        #expect(!report.violations.contains { $0.kind == .configuration })
    }

    @Test func temporaryFilesOfACancelledTaskAreSkippedCleanup() throws {
        let report = try check(bundle(preferences: nil, infoPlist: Self.goodInfo, extraFiles: ["tmp/reindex-7F3A.partial"]))
        let v = try #require(report.violations.first { $0.path == "tmp/reindex-7F3A.partial" })
        #expect(v.kind == .skippedCleanup)
        #expect(v.ruleName == "com.example.vault.reindex")
        #expect(v.ruleOwner == "@search")
        #expect(v.reason.hasSuffix("a cancelled processing task skipped its cleanup"))
        // The task's own finding replaces the generic "left in tmp/".
        #expect(!report.violations.contains { $0.ruleName == PolicyName.tmpEmpty })
    }
}
