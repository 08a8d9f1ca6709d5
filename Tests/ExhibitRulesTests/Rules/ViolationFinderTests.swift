import Testing

@testable import ExhibitCore
@testable import ExhibitRules

@Suite struct ViolationFinderTests {
    /// The violations for one path, as (kind, rule name) pairs in report order.
    private func findings(_ report: CheckReport, at path: String) -> [String] {
        report.violations.filter { $0.path == path }.map { "\($0.kind.rawValue) \($0.ruleName ?? "-")" }
    }

    @Test func aCleanContainerBreaksNothing() throws {
        let report = check(cleanVaultContainer().build(), rules: try vaultRules())
        #expect(report.violations.isEmpty)
        #expect(!report.hasBlocking)
    }

    // MARK: - Unset attribute

    @Test func regenerableDataThatIsNotExcludedIsAnUnsetAttribute() throws {
        var c = cleanVaultContainer()
        c.file("Library/Application Support/Downloads/catalog.bundle/items-1.json", 206_847_488, step: "upgrade: migrate v3 to v4")
        c.file("Library/Application Support/Downloads/catalog.bundle/items-2.json", 200_000_000, step: "upgrade: migrate v3 to v4")
        // The flag sits on the sibling directory only, so catalog.bundle is not covered.
        c.excludedDirectory("Library/Application Support/Downloads/images")
        c.file("Library/Application Support/Downloads/images/a.png", 10)
        c.excludedDirectory("Library/Application Support/Downloads")
        let report = check(c.build(), rules: try vaultRules())
        // The Downloads flag set at the start covers the bundle created later inside it.
        #expect(report.violations.filter { $0.kind != .volume }.isEmpty)

        var unflagged = ContainerFixture()
        unflagged.excludedDirectory("Library/Application Support/Downloads/images")
        unflagged.file("Library/Application Support/Downloads/images/a.png", 10)
        unflagged.file("Library/Application Support/Downloads/catalog.bundle/items-1.json", 206_847_488, step: "upgrade: migrate v3 to v4")
        unflagged.file("Library/Application Support/Downloads/catalog.bundle/items-2.json", 200_000_000, step: "upgrade: migrate v3 to v4")
        let r2 = check(unflagged.build(), rules: try vaultRules())
        let blocking = r2.violations.filter(\.kind.isBlocking)
        let v = try #require(blocking.first)
        #expect(blocking.count == 1)
        #expect(v.kind == .unsetAttribute)
        #expect(v.path == "Library/Application Support/Downloads/catalog.bundle")
        #expect(v.fileCount == 2)
        #expect(v.ruleOwner == "@news-sync")
        #expect(
            CheckReportFormatter.message(v)
                == #"Library/Application Support/Downloads/catalog.bundle (388.0 MiB in 2 files) — rule offline-catalog (regenerable, owner @news-sync) — not excluded from backup — created by step "upgrade: migrate v3 to v4""#
        )
    }

    @Test func anAncestorFlagCoversLaterFilesButASiblingFlagDoesNot() throws {
        var c = ContainerFixture()
        c.excludedDirectory("Library/Application Support")  // high up: covers everything below
        c.file("Library/Application Support/VaultIndex/shard-1/index.db", 100)
        c.excludedDirectory("Library/Application Support2/VaultIndex-old")
        let covered = check(c.build(), rules: try vaultRules())
        #expect(covered.violations.filter { $0.kind == .unsetAttribute }.isEmpty)

        var d = ContainerFixture()
        d.excludedDirectory("Library/Application Support/VaultIndex/shard-1")
        d.file("Library/Application Support/VaultIndex/shard-1/index.db", 100)
        d.file("Library/Application Support/VaultIndex/shard-2/index.db", 100)  // parent not flagged
        d.file("Library/Application Support/VaultIndex/manifest.json", 10, excluded: true)  // its own flag
        let report = check(d.build(), rules: try vaultRules())
        #expect(report.violations.map(\.path) == ["Library/Application Support/VaultIndex/shard-2/index.db"])
        #expect(report.violations.first?.kind == .unsetAttribute)
    }

    @Test func mustRestoreDataThatIsExcludedIsReportedToo() throws {
        var c = cleanVaultContainer()
        c.excludedDirectory("Documents/Drafts")
        let report = check(c.build(), rules: try vaultRules())
        #expect(findings(report, at: "Documents/Drafts/note-1.draft") == ["unset-attribute drafts"])
        #expect(report.violations.first?.reason == "excluded from backup, but only a backup brings it back")
    }

    @Test func regenerableDataInCachesOrTmpNeedsNoFlag() throws {
        var c = ContainerFixture()
        c.file("Library/Caches/Thumbnails/a.png", 5)
        let report = check(c.build(), rules: try vaultRules())
        #expect(report.violations.isEmpty)
    }

    // MARK: - Misplaced file

    @Test func userDraftsAreNeverInCaches() throws {
        var c = cleanVaultContainer()
        c.file("Library/Caches/Drafts/note-2.draft", 2_048, step: "compose draft")
        let report = check(c.build(), rules: try vaultRules())
        #expect(findings(report, at: "Library/Caches/Drafts/note-2.draft") == ["misplaced-file user-data-extension"])
        #expect(report.violations.first?.reason == "user-data extension .draft under Library/Caches")
        #expect(report.violations.first?.step == "compose draft")
    }

    @Test func mustRestoreDataUnderCachesOrTmpIsLostOnRestore() throws {
        var rules = RulesInventory()
        rules.rules = [BackupRule(name: "keys", pattern: "**/*.vaultkey", requirement: .mustRestore, owner: "@crypto")]
        var c = ContainerFixture()
        c.file("Library/Caches/k1.vaultkey", 10)
        c.file("tmp/k2.vaultkey", 10)
        c.file("Library/SplashBoard/k3.vaultkey", 10)
        c.file("Documents/k4.vaultkey", 10)
        let report = check(c.build(), rules: rules)
        #expect(findings(report, at: "Library/Caches/k1.vaultkey") == ["misplaced-file keys"])
        #expect(findings(report, at: "tmp/k2.vaultkey") == ["misplaced-file keys", "skipped-cleanup tmp-empty"])
        #expect(findings(report, at: "Library/SplashBoard/k3.vaultkey") == ["misplaced-file keys"])
        #expect(findings(report, at: "Documents/k4.vaultkey").isEmpty)
        #expect(report.violations.first?.reason == "must-restore data in Library/Caches, lost on restore")
    }

    @Test func temporaryExportsAreNeverLeftInDocuments() throws {
        var rules = try vaultRules()
        rules.rules.append(BackupRule(name: "share-export", pattern: "**/Share-*.zip", requirement: .transient, owner: "@export"))
        rules.rules.append(BackupRule(name: "http-cache", pattern: "**/Cache.db", requirement: .regenerable, owner: "@net"))
        var c = cleanVaultContainer()
        c.file("Documents/Share-2024.zip", 1_000, step: "export: share sheet")
        c.file("Documents/Cache.db", 1_000)
        let report = check(c.build(), rules: rules)
        // One file, several broken rules: each is listed.
        #expect(
            findings(report, at: "Documents/Cache.db")
                == ["unset-attribute http-cache", "misplaced-file documents-allowlist", "misplaced-file http-cache"])
        #expect(
            findings(report, at: "Documents/Share-2024.zip")
                == ["misplaced-file documents-allowlist", "misplaced-file share-export", "skipped-cleanup share-export"])
    }

    @Test func documentsOutsideTheAllowlistAreMisplaced() throws {
        var c = cleanVaultContainer()
        c.file("Documents/notes.txt", 10)
        c.file("Documents/Drafts/sub/deep.draft", 10)  // allowed by Documents/Drafts/**
        let report = check(c.build(), rules: try vaultRules())
        #expect(report.violations.map(\.path) == ["Documents/notes.txt"])
        #expect(report.violations.first?.reason == "not in the Documents allowlist")

        var noAllowlist = try vaultRules()
        noAllowlist.documentsAllowlist = nil
        let open = check(c.build(), rules: noAllowlist)
        #expect(findings(open, at: "Documents/notes.txt") == ["unruled no-rule"])
    }

    @Test func aFileNamedLikeARulesFilesButElsewhereIsMisplaced() throws {
        var c = cleanVaultContainer()
        c.file("Library/Application Support/vault.sqlite", 100, step: "upgrade: migrate v3 to v4")
        c.file("Documents/Export-1.zip", 10)
        let report = check(c.build(), rules: try vaultRules())
        #expect(findings(report, at: "Library/Application Support/vault.sqlite") == ["misplaced-file vault-db"])
        #expect(
            report.violations.first { $0.ruleName == "vault-db" }?.reason
                == "named like the rule's files but outside its pattern Documents/vault.sqlite")
        #expect(findings(report, at: "Documents/Export-1.zip") == ["misplaced-file documents-allowlist", "misplaced-file export-temp"])
    }

    @Test func userDataExtensionsUnderCachesIgnoreCaseByDefault() throws {
        var c = ContainerFixture()
        c.file("library/caches/Backup.SQLITE", 10)
        #expect(
            findings(check(c.build(), rules: try vaultRules()), at: "library/caches/Backup.SQLITE")
                == ["misplaced-file user-data-extension"])
        var exact = try vaultRules()
        exact.caseSensitive = true
        // Case-sensitive rules: `library` is not `Library`, so the file lies outside every area.
        #expect(check(c.build(), rules: exact).violations.isEmpty)
    }

    // MARK: - Skipped cleanup

    @Test func anythingLeftInTmpIsSkippedCleanup() throws {
        var c = cleanVaultContainer()
        c.file("tmp/upload-1.json", 10)
        c.file("tmp/upload-2.json", 20)
        let report = check(c.build(), rules: try vaultRules())
        let v = try #require(report.violations.first)
        #expect(report.violations.count == 1)
        #expect((v.kind, v.path, v.size, v.fileCount, v.ruleName) == (.skippedCleanup, "tmp", 30, 2, "tmp-empty"))
    }

    @Test func transientFilesNamedByARuleAreReportedOnceWithTheirOwner() throws {
        var c = cleanVaultContainer()
        c.file("tmp/Export-2024.zip", 10, step: "retry: resume export")
        c.file("tmp/other.bin", 5)
        let report = check(c.build(), rules: try vaultRules())
        #expect(findings(report, at: "tmp/Export-2024.zip") == ["skipped-cleanup export-temp"])
        #expect(report.violations.first?.ruleOwner == "@export")
        #expect(findings(report, at: "tmp/other.bin") == ["skipped-cleanup tmp-empty"])
    }

    @Test func leftoverTestPreferenceSuitesAreSkippedCleanup() throws {
        var c = cleanVaultContainer()
        c.file("Library/Preferences/preferences-tests.4C1B7A38-2F0D-4E1B-9C55-0B1D2E3F4A5B.plist", 10)
        c.file("Library/Preferences/com.example.vault.4c1b7a38-2f0d-4e1b-9c55-0b1d2e3f4a5b.plist", 10)
        c.file("Library/Preferences/com.example.vault.suite-a.plist", 10)
        let report = check(c.build(), rules: try vaultRules())
        #expect(
            findings(report, at: "Library/Preferences/preferences-tests.4C1B7A38-2F0D-4E1B-9C55-0B1D2E3F4A5B.plist")
                == ["skipped-cleanup test-preference-domain"])
        #expect(
            findings(report, at: "Library/Preferences/com.example.vault.4c1b7a38-2f0d-4e1b-9c55-0b1d2e3f4a5b.plist")
                == ["skipped-cleanup test-preference-domain"])
        #expect(findings(report, at: "Library/Preferences/com.example.vault.suite-a.plist") == ["unruled no-rule"])

        var custom = try vaultRules()
        custom.testPreferenceDomains = ["Library/Preferences/com.example.vault.suite-*.plist"]
        let r2 = check(c.build(), rules: custom)
        #expect(findings(r2, at: "Library/Preferences/com.example.vault.suite-a.plist") == ["skipped-cleanup test-preference-domain"])
        #expect(
            r2.violations.first { $0.ruleName == "test-preference-domain" }?.reason
                == "leftover test preference domain (Library/Preferences/com.example.vault.suite-*.plist)")
    }

    @Test func partialDownloadsAreSkippedCleanupWhereverTheyAre() throws {
        var c = cleanVaultContainer()
        c.file("Library/Application Support/Downloads/catalog-2.zip.download/part", 10)
        c.file("tmp/CFNetworkDownload_a1B2c3.tmp", 10)
        let report = check(c.build(), rules: try vaultRules())
        #expect(findings(report, at: "Library/Application Support/Downloads/catalog-2.zip.download/part") == ["skipped-cleanup partial-download"])
        // In tmp the partial download is the more specific finding; no second "left in tmp".
        #expect(findings(report, at: "tmp/CFNetworkDownload_a1B2c3.tmp") == ["skipped-cleanup partial-download"])
    }

    // MARK: - Warnings and exemptions

    @Test func filesNoRuleCoversAreWarningsOnlyInBackedUpAreas() throws {
        var c = cleanVaultContainer()
        c.file("Library/Application Support/feature-flags.json", 10)
        c.file("Library/Application Support/Flagged/x.json", 10, excluded: true)
        c.file("Library/Caches/random.bin", 10)
        c.file("SystemData/com.apple.chrono/x", 10)
        c.file("loose-at-root.txt", 10)
        let report = check(c.build(), rules: try vaultRules())
        #expect(report.violations.map(\.path) == ["Library/Application Support/feature-flags.json"])
        #expect(report.violations.first?.kind == .unruled)
        #expect(!report.hasBlocking)
    }

    @Test func allowedLargeResourcesAreCoveredAndLeftOutOfBudgets() throws {
        var c = cleanVaultContainer()
        c.file("Library/Application Support/Fixtures/big.bundle/catalog.json", 50_000_000)
        let report = check(c.build(), rules: try vaultRules())
        #expect(report.violations.isEmpty)
        let library = try #require(report.budgets.first { $0.directory == "Library" })
        #expect(library.allowedBytes == 50_000_000)
        #expect(library.bytes == 512 + 40_000 + 20_000 + 9_000)
        #expect(!library.isOver)
    }

    @Test func ignoredPathsAndContainerMetadataAreNeverReported() throws {
        var rules = try vaultRules()
        rules.ignore = ["Library/Cookies/**"]
        var c = cleanVaultContainer()
        c.file("Library/Cookies/Cookies.binarycookies", 10)
        let report = check(c.build(), rules: rules)
        #expect(report.violations.isEmpty)
        let compiled = RulesEngine.compile(rules)
        let inventory = c.build()
        let cookie = try #require(inventory.lookup("Library/Cookies/Cookies.binarycookies"))
        #expect(compiled.backupStatus(of: cookie, in: inventory) == .ignored(reason: #"ignore "Library/Cookies/**""#))
    }

    @Test func builtInDefaultsStillCatchCleanupAndMisplacedAreas() {
        var c = ContainerFixture()
        c.file("tmp/x", 1)
        c.file("Library/Preferences/app-tests.1.plist", 1)
        c.file("Documents/anything.txt", 1)
        let report = check(c.build(), rules: .builtInDefaults)
        #expect(
            report.violations.map { "\($0.kind.rawValue) \($0.path)" } == [
                "skipped-cleanup Library/Preferences/app-tests.1.plist",
                "skipped-cleanup tmp/x",
                "unruled Documents/anything.txt",  // a single file is named, not its directory
            ])
    }
}
