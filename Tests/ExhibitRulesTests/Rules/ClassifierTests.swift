import Testing

@testable import ExhibitCore
@testable import ExhibitRules

@Suite struct ClassifierTests {
    // MARK: - The three lifecycles that produce boundary failures

    /// First install: onboarding seeds a sample file into Documents outside the allowlist.
    @Test func firstInstallSeedingDocumentsIsAMisplacedFile() throws {
        var c = cleanVaultContainer()
        c.file("Documents/Welcome.pdf", 120_000, step: "first install: seed sample content")
        let failure = TestFailure(
            testName: "testFirstLaunchKeepsDocumentsClean()", identifier: "BackupBoundaryTests/testFirstLaunchKeepsDocumentsClean()",
            failureText: "XCTAssertEqual failed: (\"[\\\"Welcome.pdf\\\", \\\"vault.sqlite\\\"]\") is not equal to (\"[\\\"vault.sqlite\\\"]\")")
        let report = check(c.build(), rules: try vaultRules(), failures: [failure])
        let p = report.proposal
        #expect(p.proposed == .misplacedFile)
        #expect(p.confidence == .clear)
        #expect(p.evidence.map { report.violations[$0].path } == ["Documents/Welcome.pdf"])
        #expect(p.links == [TestLink(test: "BackupBoundaryTests/testFirstLaunchKeepsDocumentsClean()", violations: p.evidence, basis: .fileName)])
        #expect(p.unexplainedTests.isEmpty)
    }

    /// Upgrade migration: v3 → v4 moves the catalog but forgets the exclusion flag.
    @Test func upgradeMigrationLosingTheFlagIsAnUnsetAttribute() throws {
        var c = cleanVaultContainer()
        c.file("Library/Application Support/Catalog/catalog.bundle/items.json", 406_000_000, step: "upgrade: migrate v3 to v4")
        var rules = try vaultRules()
        rules.rules.append(BackupRule(name: "catalog-v4", pattern: "Library/Application Support/Catalog/**", requirement: .regenerable, owner: "@news-sync"))
        rules.budgets = []
        let failure = TestFailure(
            testName: "testUpgrade()", identifier: "MigrationTests/testUpgrade()",
            failureText: "XCTAssertTrue failed - catalog-v4 is backed up")
        let report = check(c.build(), rules: rules, failures: [failure])
        #expect(report.proposal.proposed == .unsetAttribute)
        #expect(report.proposal.confidence == .clear)
        #expect(report.proposal.links.first?.basis == .ruleName)
        #expect(report.proposal.rationale.hasPrefix("All blocking violations are unset attributes and they explain every failing test"))
    }

    /// Retry after a failed attempt: the retried export leaves its staging file in tmp.
    @Test func retryLeavingItsStagingFileIsSkippedCleanup() throws {
        var c = cleanVaultContainer()
        c.file("tmp/Export-2.zip", 4_000, step: "testRetryExportAfterFailure")
        let failure = TestFailure(
            testName: "testRetryExportAfterFailure()", identifier: "ExportTests/testRetryExportAfterFailure()",
            failureText: "XCTAssertEqual failed: (\"1\") is not equal to (\"0\") - staging area not empty")
        let report = check(c.build(), rules: try vaultRules(), failures: [failure])
        #expect(report.proposal.proposed == .skippedCleanup)
        #expect(report.proposal.confidence == .clear)
        #expect(report.proposal.links.map(\.basis) == [.step])
    }

    /// "tmp is not empty" names no file, only the directory the leftovers are in.
    @Test func failureNamingADirectoryLinksTheViolationsInsideIt() throws {
        var c = cleanVaultContainer()
        c.file("tmp/Export-1.zip", 10)
        c.file("tmp/Upload/part-2.bin", 10)
        c.file("Library/Caches/Drafts/a.draft", 10)
        let failures = [
            TestFailure(testName: "testTmpEmpty()", failureText: "XCTAssertEqual failed: (\"2\") is not equal to (\"0\") - tmp is not empty"),
            TestFailure(testName: "testUploads()", failureText: "leftover in tmp/Upload after the upload finished"),
            TestFailure(testName: "testAttempt()", failureText: "the attempt failed"),
        ]
        let report = check(c.build(), rules: try vaultRules(), failures: failures)
        let links = report.proposal.links
        func paths(_ link: TestLink) -> [String] { link.violations.map { report.violations[$0].path } }
        #expect(links.count == 2)
        #expect(links[0].basis == .directory)
        #expect(Set(paths(links[0])).isSuperset(of: ["tmp/Export-1.zip", "tmp/Upload/part-2.bin"]))
        #expect(!paths(links[0]).contains { $0.hasPrefix("Library/") })
        // The deepest named directory wins: only what is inside tmp/Upload.
        #expect(paths(links[1]) == ["tmp/Upload/part-2.bin"])
        // "attempt" does not name tmp.
        #expect(report.proposal.unexplainedTests == ["testAttempt()"])
    }

    /// A failing test about a preference contract says nothing about the backup
    /// boundary, even when the container also has a leftover in tmp.
    @Test func testsExplainedOnlyByFindingsAreNotABoundaryFailure() {
        let violations = [
            Violation(kind: .skippedCleanup, path: "tmp/x.zip", size: 10, ruleName: "export-temp", reason: "left in tmp"),
            Violation(
                kind: .preference, path: "Library/Preferences/com.example.vault.plist", size: 100,
                ruleName: "com.example.vault:syncMode", reason: "not an allowed value"),
        ]
        let failure = TestFailure(testName: "testSyncMode()", failureText: "com.example.vault:syncMode was \"fast\"")
        let p = Classifier.classify(violations: violations, failures: [failure])
        #expect(p.proposed == .notBoundaryFailure)
        #expect(p.evidence == [1])
        #expect(p.unexplainedTests.isEmpty)
        #expect(p.rationale.hasPrefix("The failing tests point to preference"))
        // With a test that names the leftover, the boundary class stands, but not as "clear".
        let both = Classifier.classify(
            violations: violations,
            failures: [
                failure, TestFailure(testName: "testExport()", failureText: "tmp/x.zip still exists"),
            ])
        #expect(both.proposed == .skippedCleanup)
        #expect(both.confidence == .mixed)
        #expect(both.rationale.contains("1 failing test points only to configuration or preference findings"))
    }

    // MARK: - Confidence

    @Test func mixedKindsProposeTheKindThatExplainsMostTests() throws {
        var c = cleanVaultContainer()
        c.file("tmp/Export-1.zip", 10)
        c.file("Documents/notes.txt", 10)
        c.file("Documents/more.txt", 10)
        let failures = [TestFailure(testName: "testExportCleansUp()", failureText: "tmp/Export-1.zip still exists")]
        let report = check(c.build(), rules: try vaultRules(), failures: failures)
        #expect(report.proposal.proposed == .skippedCleanup)  // explains the one failing test, despite fewer violations
        #expect(report.proposal.confidence == .mixed)
        #expect(report.proposal.links.first?.basis == .path)
        #expect(report.proposal.rationale.contains("but the container also shows misplaced file violations"))

        let silent = check(c.build(), rules: try vaultRules())
        #expect(silent.proposal.proposed == .misplacedFile)  // no tests: the most violations win
        #expect(silent.proposal.confidence == .mixed)
    }

    @Test func failingTestsNoViolationExplainsLowerTheConfidence() throws {
        var c = cleanVaultContainer()
        c.file("Documents/notes.txt", 10)
        let failures = [
            TestFailure(testName: "testNotes()", failureText: "Documents/notes.txt should not exist"),
            TestFailure(testName: "testLogin()", identifier: "LoginTests/testLogin()", failureText: "XCTAssertEqual failed: 401 != 200"),
        ]
        let report = check(c.build(), rules: try vaultRules(), failures: failures)
        #expect(report.proposal.proposed == .misplacedFile)
        #expect(report.proposal.confidence == .unexplainedFailures)
        #expect(report.proposal.unexplainedTests == ["LoginTests/testLogin()"])
        #expect(report.proposal.links.map(\.test) == ["testNotes()"])
        #expect(report.proposal.rationale.contains("1 failing test of 2 is explained by no violation"))
    }

    @Test func withoutBlockingViolationsItIsNotABoundaryFailure() throws {
        var c = cleanVaultContainer()
        c.file("Library/Application Support/flags.json", 10)  // an unruled warning only
        let failures = [TestFailure(testName: "testFlags()", failureText: "Library/Application Support/flags.json is wrong")]
        let report = check(c.build(), rules: try vaultRules(), failures: failures)
        #expect(report.proposal.proposed == .notBoundaryFailure)
        #expect(report.proposal.confidence == .noEvidence)
        #expect(report.proposal.links.isEmpty)  // warnings never explain a failure
        #expect(report.proposal.unexplainedTests == ["testFlags()"])

        let quiet = check(cleanVaultContainer().build(), rules: try vaultRules())
        #expect(quiet.proposal.proposed == .notBoundaryFailure)
        #expect(quiet.proposal.rationale == "No failing tests and no blocking violation: nothing points at a backup boundary.")
    }

    // MARK: - Linking

    @Test func linksPreferPathThenFileNameThenRuleThenStep() {
        let violations = [
            Violation(kind: .misplacedFile, path: "Documents/a/cache.db", size: 1, ruleName: "http-cache", step: "testSync", reason: "r"),
            Violation(kind: .skippedCleanup, path: "tmp", size: 1, ruleName: "tmp-empty", step: "testSync", reason: "r", fileCount: 3),
            Violation(kind: .unruled, path: "Library/x.json", size: 1, ruleName: "no-rule", reason: "r"),
        ]
        func basis(_ text: String, test: String = "testOther()") -> String? {
            let failure = TestFailure(testName: test, failureText: text)
            return Classifier.link(failure, test: test, candidates: [0, 1], in: violations).map { "\($0.basis.rawValue) \($0.violations)" }
        }
        #expect(basis("/var/mobile/Containers/Data/Application/X/Documents/a/cache.db exists") == "path [0]")
        #expect(basis("CACHE.DB exists") == "file-name [0]")
        #expect(basis("rule http-cache broken") == "rule-name [0]")
        #expect(basis("files remain in tmp/ after the run") == "path [1]")
        #expect(basis("nothing specific", test: "testSync()") == "step [0, 1]")
        #expect(basis("nothing specific", test: "SyncTests.testSync()") == "step [0, 1]")
        #expect(basis("nothing specific", test: "-[SyncTests testSync]") == "step [0, 1]")
        // Whole names only: "attempt" does not name tmp, "cache.db-wal" does not name cache.db.
        #expect(basis("second attempt failed") == nil)
        #expect(basis("cache.db-wal left") == nil)
        #expect(basis("Library/x.json") == nil)  // a warning is not a candidate
    }

    @Test func mentionsRespectsNameBoundaries() {
        func m(_ text: String, _ needle: String) -> Bool { Classifier.mentions(Array(text.lowercased().utf8), needle) }
        #expect(m("Documents/vault.sqlite.", "Documents/vault.sqlite"))
        #expect(m("\"Documents/vault.sqlite\"", "documents/vault.sqlite"))
        #expect(!m("Documents/vault.sqlite2", "Documents/vault.sqlite"))
        #expect(!m("MyDocuments/x", "Documents/x"))
        #expect(m("path: /a/tmp", "tmp"))
        #expect(!m("", "tmp"))
        #expect(!m("tm", "tmp"))
    }

    /// Review D2: without an inventory nothing was checked, so no class is proposed
    /// ("not a boundary failure" would claim a clean container nobody saw).
    @Test func withoutAnInventoryNoClassIsProposedAndTheTestsStayUnexplained() {
        let failures = [TestFailure(testName: "testA()", failureText: "Documents/x exists")]
        let report = RulesEngine.check(
            inventory: nil, failures: failures, duTotals: nil, rules: .builtInDefaults,
            rulesSource: "built-in defaults", rulesDiagnostics: [])
        #expect(report.violations.isEmpty)
        #expect(!report.containerChecked)
        #expect(report.proposal.confidence == .containerNotChecked)
        #expect(!report.proposal.proposesClass && report.proposal.proposedClass == nil)
        #expect(report.proposal.headline == "none")
        #expect(report.proposal.unexplainedTests == ["testA()"])
        #expect(
            report.proposal.rationale
                == "No container inventory was read, so the backup boundary was not checked: its violations are unknown and no class is proposed. 1 failing test is explained by nothing that was checked."
        )
        // The same run with an empty inventory was checked: nothing blocks, said as before.
        let checked = RulesEngine.check(
            inventory: ContainerFixture().build(), failures: failures, duTotals: nil, rules: .builtInDefaults,
            rulesSource: "built-in defaults", rulesDiagnostics: [])
        #expect(checked.containerChecked && checked.proposal.proposesClass && checked.proposal.proposed == .notBoundaryFailure)
        #expect(
            checked.proposal.rationale == "1 failing test but the container breaks no blocking rule, so the failure is probably not about the backup boundary.")
    }

    @Test func violationsAreGroupedByKindThenSortedByPathBytes() throws {
        var c = ContainerFixture()
        c.file("Documents/vault.sqlite", 1)  // allowed: Documents is not reported as a whole
        c.file("Library/Application Support/Downloads/ok", 1, excluded: true)
        c.file("Documents/b.txt", 1)
        c.file("Documents/B.txt", 1)
        c.file("Documents/a b.txt", 1)
        c.file("tmp/z", 1)
        c.file("Library/Application Support/Downloads/x/y", 1)
        c.file("Library/Application Support/Downloads/x/z", 1)
        let report = check(c.build(), rules: try vaultRules())
        #expect(
            report.violations.map(\.path) == [
                "Library/Application Support/Downloads/x", "Documents/B.txt", "Documents/a b.txt", "Documents/b.txt", "tmp/z",
            ])
    }
}
