import Foundation
import Testing

@testable import ExhibitCore
@testable import ExhibitRules

/// What was not recorded is unknown, not false (2026-12-05 review): a preference copy
/// or an app Info.plist that is missing, unreadable or malformed leaves the contracts
/// and the background tasks it would have decided undecided, and a run where nothing
/// else blocks is then no pass. A file the inventory rules out is another matter: its
/// keys are absent, and the contracts' fallbacks judge them as before.
@Suite struct AppEvidenceNotCheckedTests {
    static let preferenceRules = """
        {"version": 1, "preferences": [
          {"domain": "com.example.vault", "key": "syncMode", "type": "string",
           "allowed": ["wifi", "always", "never"], "fallback": "wifi", "owner": "@settings"},
          {"domain": "com.example.vault", "key": "launchCount", "type": "integer", "fallback": 0, "owner": "@settings"}
        ]}
        """
    static let taskRules = """
        {"version": 1, "backgroundTasks": [
          {"identifier": "com.example.vault.refresh", "kind": "refresh", "owner": "@sync"},
          {"identifier": "com.example.vault.reindex", "kind": "processing", "owner": "@search"}
        ]}
        """
    static let bothRules = """
        {"version": 1,
         "preferences": [{"domain": "com.example.vault", "key": "syncMode", "type": "string", "fallback": "wifi"}],
         "backgroundTasks": [{"identifier": "com.example.vault.reindex", "kind": "processing"}]}
        """
    static let copy = "container/preferences/com.example.vault.plist"

    /// An ncdu inventory of the container (every flag recorded) holding `preferences`
    /// (JSON items inside `Library/Preferences`, or the whole `Preferences` entry).
    static func inventory(preferences: String) -> [UInt8] {
        Array(#"[1,2,{"progname":"exhibit","x_backup_flags":"complete"},[{"name":"/c"},[{"name":"Library"},\#(preferences)]]]"#.utf8)
    }
    static let listsTheVaultPlist = inventory(preferences: #"[{"name":"Preferences"},{"name":"com.example.vault.plist","asize":300}]"#)
    static let listsAnotherPlist = inventory(preferences: #"[{"name":"Preferences"},{"name":"com.example.other.plist","asize":90}]"#)

    static func xml(_ body: String) -> [UInt8] {
        Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\(body)</dict></plist>\n".utf8)
    }
    static func binary(_ object: [String: Any]) -> [UInt8] {
        // Foundation writes the fixture; exhibit reads it with its own decoder.
        [UInt8]((try? PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)) ?? Data())
    }

    static var goodInfo: [String: Any] {
        [
            "BGTaskSchedulerPermittedIdentifiers": ["com.example.vault.refresh", "com.example.vault.reindex"],
            "UIBackgroundModes": ["fetch", "processing"], "CFBundleIdentifier": "com.example.vault",
        ]
    }

    /// Every way a property list artifact can fail to be read whole.
    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case garbageAfterTheBinaryHeader, binaryCutInHalf, xmlCutShort, empty, anArrayNotADictionary, notAPropertyList
        var testDescription: String { rawValue }

        /// `good` (an XML and a binary rendering of the same dictionary) damaged so.
        func apply(xml: [UInt8], binary: [UInt8]) -> [UInt8] {
            switch self {
            case .garbageAfterTheBinaryHeader: Array("bplist00garbage".utf8)
            case .binaryCutInHalf: Array(binary.prefix(binary.count / 2))
            case .xmlCutShort: Array(xml.prefix(min(xml.count - 20, 120)))
            case .empty: []
            case .anArrayNotADictionary:
                Array("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><array><string>wifi</string></array></plist>\n".utf8)
            case .notAPropertyList: Array("syncMode=wifi\n".utf8)
            }
        }
    }

    /// A bundle of `files` (with an inventory that lists no preference file of the
    /// contracts', unless `files` has one) and results holding `failures`.
    func load(_ files: [String: [UInt8]], failures: [TestFailure] = []) -> EvidenceBundle {
        var files = files
        if files["container/inventory.json"] == nil { files["container/inventory.json"] = Self.listsAnotherPlist }
        var bundle = BundleLoader.load(runID: "run", from: MemoryEvidenceSource(files))
        bundle.results = [TestResults(source: .summaryJSON, outcome: failures.isEmpty ? .passed : .failed, failures: failures)]
        return bundle
    }

    func check(_ bundle: EvidenceBundle, rules text: String) throws -> CheckReport {
        var warnings: [Diagnostic] = []
        let rules = try RulesReader.read(Array(text.utf8), file: "rules.json", warnings: &warnings)
        return RulesEngine.check(bundle: bundle, compiled: RulesEngine.compile(rules), rulesSource: "rules.json", rulesDiagnostics: [])
    }

    static let goodPreferences = xml("<key>syncMode</key><string>always</string><key>launchCount</key><integer>3</integer>")
    static let goodPreferencesBinary = binary(["syncMode": "always", "launchCount": 3])

    // MARK: - Preference copies

    @Test func theHonestCopyDecidesEveryContract() throws {
        let report = try check(
            load(["container/inventory.json": Self.listsTheVaultPlist, Self.copy: Self.goodPreferences]), rules: Self.preferenceRules)
        #expect(report.preferences.map(\.summary) == ["present, string, valid", "present, integer, valid"])
        #expect(report.whyNotDecided == nil)
        #expect(report.findingsDecide)
    }

    @Test(arguments: Damage.allCases)
    func aCopyThatCannotBeReadLeavesItsContractsUndecided(_ damage: Damage) throws {
        let bytes = damage.apply(xml: Self.goodPreferences, binary: Self.goodPreferencesBinary)
        let report = try check(load(["container/inventory.json": Self.listsTheVaultPlist, Self.copy: bytes]), rules: Self.preferenceRules)
        #expect(report.preferences.count == 2)
        for p in report.preferences {
            #expect(p.state == .unreadable, "\(p.contract): \(p.state)")
            #expect(p.summary.hasPrefix("not checked: "), "\(p.summary)")
            #expect(p.foundType == nil)
        }
        #expect(!report.violations.contains { $0.kind == .preference })
        // Not a pass: the gate says which contracts and why.
        let why = try #require(report.whyNotDecided)
        #expect(why.contains(Self.copy + " is malformed at "), "\(why)")
        #expect(why.contains("com.example.vault:syncMode") && why.contains("com.example.vault:launchCount"), "\(why)")
        #expect(report.unchecked.contains { $0.kind.rawValue == "preference-copy" })
        #expect(!report.findingsDecide)
        #expect(report.proposal.confidence == .notDecided)
        // The JSON says unknown, not valid, not absent.
        let json = CheckReportFormatter.json(report, runID: "run")
        #expect(json.contains(#""valid": null"#), "\(json)")
        #expect(json.contains(#""present": null"#))
        #expect(!json.contains(#""valid": true"#))
        let text = CheckReportFormatter.text(report, runID: "run")
        #expect(!text.contains("— nothing blocks"), "\(text)")
        #expect(text.contains("nothing known blocks, but preference contracts not checked"), "\(text)")
        #expect(text.contains("  com.example.vault:syncMode: not checked: "), "\(text)")
    }

    /// The container had the file (the inventory lists it) but no copy was archived:
    /// whatever it held is unknown.
    @Test(arguments: [false, true])
    func aFileTheInventoryListsWithoutACopyIsUndecided(otherCopiesArchived: Bool) throws {
        var files = ["container/inventory.json": Self.listsTheVaultPlist]
        if otherCopiesArchived { files["container/preferences/com.example.other.plist"] = Self.xml("<key>a</key><true/>") }
        let report = try check(load(files), rules: Self.preferenceRules)
        #expect(report.preferences.allSatisfy { $0.state == .notArchived })
        let why = try #require(report.whyNotDecided)
        #expect(why.hasPrefix("Library/Preferences/com.example.vault.plist: the inventory lists it, but "), "\(why)")
        #expect(
            why.contains(otherCopiesArchived ? "container/preferences/ holds no copy of it" : "the bundle has no container/preferences/"), "\(why)")
        #expect(report.proposal.confidence == .notDecided)
    }

    /// The line the review asked for: the container's own listing shows the file was not
    /// there, so its keys are absent (evidence), and each contract's fallback judges it.
    @Test(arguments: [false, true])
    func aFileTheInventoryRulesOutHasItsKeysAbsent(copiesArchived: Bool) throws {
        var files = ["container/inventory.json": Self.listsAnotherPlist]
        if copiesArchived { files["container/preferences/com.example.other.plist"] = Self.xml("<key>a</key><true/>") }
        let report = try check(load(files), rules: Self.preferenceRules)
        #expect(report.preferences.map(\.state) == [.absent, .absent])
        #expect(report.preferences.first?.summary == "absent (app falls back to \"wifi\")")
        #expect(report.whyNotDecided == nil)
        #expect(!report.hasBlocking)
        // Without a fallback, absence is a finding, as it always was.
        let strict = try check(
            load(files),
            rules: #"{"version": 1, "preferences": [{"domain": "com.example.vault", "key": "syncMode", "type": "string"}]}"#)
        #expect(strict.violations.filter { $0.kind == .preference }.map(\.reason) == [#""syncMode" is absent and the contract names no fallback"#])
    }

    /// The inventory cannot rule a file out where it did not look.
    @Test(arguments: [#"{"name":"Preferences","excluded":"pattern"}"#, #"[{"name":"Preferences","read_error":true}]"#])
    func absenceIsUnknownWhereTheInventoryDidNotScan(_ preferences: String) throws {
        let report = try check(load(["container/inventory.json": Self.inventory(preferences: preferences)]), rules: Self.preferenceRules)
        #expect(report.preferences.allSatisfy { $0.state == .notArchived }, "\(report.preferences.map(\.state))")
        #expect(report.preferences.allSatisfy { $0.summary.contains("Library/Preferences was not scanned") }, "\(report.preferences.map(\.summary))")
        #expect(!report.findingsDecide)
    }

    // MARK: - The app's Info.plist

    static let aboutATask = TestFailure(
        testName: "testReindexTaskRuns()", identifier: "BackgroundTaskTests/testReindexTaskRuns()",
        failureText: "XCTAssertTrue failed - com.example.vault.reindex handler was not called within 30 s")

    @Test func theHonestInfoPlistDecidesTheCause() throws {
        let report = try check(load(["app/Info.plist": Self.binary(Self.goodInfo)], failures: [Self.aboutATask]), rules: Self.taskRules)
        #expect(report.backgroundTasks?.cause == .schedulingExpectation)
        #expect(report.backgroundTasks?.infoPlistChecked == true)
        #expect(report.unchecked.isEmpty)
    }

    @Test(arguments: Damage.allCases)
    func anInfoPlistThatCannotBeReadLeavesTheVerdictUndecided(_ damage: Damage) throws {
        let xml = [UInt8]((try? PropertyListSerialization.data(fromPropertyList: Self.goodInfo, format: .xml, options: 0)) ?? Data())
        let bytes = damage.apply(xml: xml, binary: Self.binary(Self.goodInfo))
        let report = try check(load(["app/Info.plist": bytes], failures: [Self.aboutATask]), rules: Self.taskRules)
        let tasks = try #require(report.backgroundTasks)
        #expect(tasks.cause == nil, "\(tasks.rationale)")
        #expect(!tasks.infoPlistChecked)
        #expect(tasks.tasks.allSatisfy { $0.permitted == nil && $0.backgroundModePresent == nil })
        #expect(!report.violations.contains { $0.kind == .configuration })
        #expect(tasks.rationale.contains("app/Info.plist is malformed ("), "\(tasks.rationale)")
        #expect(!tasks.rationale.contains("No app/Info.plist"))
        #expect(!tasks.rationale.contains("scheduling"))
        // Which part of the file and what was expected: the reader's diagnostic.
        let why = try #require(report.whyNotDecided)
        #expect(why.contains("app/Info.plist is malformed (") && why.contains("expected"), "\(why)")
        #expect(why.contains("com.example.vault.refresh") && why.contains("com.example.vault.reindex"))
        #expect(report.unchecked.contains { $0.kind.rawValue == "app-info-plist" })
        #expect(report.proposal.confidence == .notDecided)
        let text = CheckReportFormatter.text(report, runID: "run")
        #expect(text.contains("background tasks: not decided"), "\(text)")
        #expect(!text.contains("evidence points to"))
        #expect(text.contains("nothing known blocks, but background tasks not checked"), "\(text)")
        let json = CheckReportFormatter.json(report, runID: "run")
        #expect(json.contains(#""cause": null"#) && json.contains(#""infoPlistChecked": false"#))
    }

    /// Rules that declare tasks and a bundle without the Info.plist: the configuration
    /// was not checked, so no cause that presumes it right is named, and it is no pass.
    @Test func noInfoPlistAtAllIsNotAPass() throws {
        let report = try check(load([:], failures: [Self.aboutATask]), rules: Self.taskRules)
        let tasks = try #require(report.backgroundTasks)
        #expect(tasks.cause == nil, "\(tasks.rationale)")
        #expect(tasks.rationale.contains("the bundle has no app/Info.plist"), "\(tasks.rationale)")
        let why = try #require(report.whyNotDecided)
        #expect(why.contains("the bundle has no app/Info.plist"), "\(why)")
        // Said once, under "not checked", not again as a note about the rules file.
        #expect(!report.rulesDiagnostics.contains { $0.message.contains("Info.plist") })
        let clean = try check(load([:]), rules: Self.taskRules)
        #expect(clean.backgroundTasks?.cause == nil)
        #expect(clean.whyNotDecided != nil)
    }

    /// BGTaskScheduler's own "not permitted" error in a failing test is evidence of the
    /// configuration without the Info.plist; the check of the file is still not made.
    @Test func theSchedulersOwnRefusalStillNamesTheCause() throws {
        let refused = TestFailure(
            testName: "testSubmit()", failureText: "BGTaskSchedulerErrorDomain Code=3 (notPermitted) submitting com.example.vault.refresh")
        let report = try check(load(["app/Info.plist": Array("bplist00garbage".utf8)], failures: [refused]), rules: Self.taskRules)
        #expect(report.backgroundTasks?.cause == .configurationRegression)
        #expect(report.backgroundTasks?.rationale.contains("app/Info.plist is malformed") == true)
        #expect(report.whyNotDecided != nil)
    }

    // MARK: - The note

    @Test func theNoteSaysNotCheckedNotPassed() throws {
        var files = ["container/inventory.json": Self.listsTheVaultPlist, Self.copy: Array("bplist00garbage".utf8)]
        files["app/Info.plist"] = Array(Self.xml("<key>UIBackgroundModes</key>").dropLast(30))
        let bundle = load(files, failures: [Self.aboutATask])
        let report = try check(bundle, rules: Self.bothRules)
        let note = TriageNote(bundle: bundle, report: report, record: nil)
        let md = note.markdown()
        #expect(md.contains("No class proposed"), "\(md)")
        #expect(md.contains("### Violations (1 known)"), "the one file no rule covers: \(md)")
        #expect(md.contains("- Not checked: Library/Preferences/com.example.vault.plist: its copy "), "\(md)")
        #expect(md.contains("- Not checked: app/Info.plist is malformed ("), "\(md)")
        #expect(!md.contains("Evidence points to"), "\(md)")
        #expect(md.contains("Background tasks: **not decided**"), "\(md)")
        #expect(!md.contains("None.\n"))
        #expect(!md.contains("valid |"))
        let json = note.json()
        #expect(json.contains(#""valid": null"#), "\(json)")
        #expect(!json.contains(#""valid": true"#))
    }
}
