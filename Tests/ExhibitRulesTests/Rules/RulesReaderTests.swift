import Testing

@testable import ExhibitCore

@Suite struct RulesReaderTests {
    private func read(_ text: String, file: String = "rules.json") throws(Diagnostic) -> (RulesInventory, [Diagnostic]) {
        var warnings: [Diagnostic] = []
        let rules = try RulesReader.read(Array(text.utf8), file: file, warnings: &warnings)
        return (rules, warnings)
    }

    private func failure(_ text: String, file: String = "rules.json") -> Diagnostic? {
        do {
            _ = try read(text, file: file)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsTheVaultRules() throws {
        let (rules, warnings) = try read(vaultRulesJSON)
        #expect(warnings.isEmpty)
        #expect(rules.version == 1)
        #expect(!rules.caseSensitive)
        #expect(rules.rules.count == 7)
        let catalog = try #require(rules.rule(named: "offline-catalog"))
        #expect(catalog.pattern == "Library/Application Support/Downloads/**")
        #expect(catalog.requirement == .regenerable)
        #expect(catalog.owner == "@news-sync")
        #expect(catalog.position?.line == 7)
        #expect(rules.documentsAllowlist == ["Documents/vault.sqlite", "Documents/Drafts/**"])
        #expect(rules.userDataExtensions == ["sqlite", "draft"])
        #expect(rules.allowedLargeResources.first?.reason == "UI tests need an offline catalog")
        #expect(rules.budget(for: "Library") == 1_048_576)
        #expect(rules.budget(for: "library") == 1_048_576)
        #expect(rules.budget(for: "tmp") == 4096)
        #expect(rules.budget(for: "Documents") == nil)
        // Omitted lists keep the built-in defaults.
        #expect(rules.testPreferenceDomains == BackupPolicy.defaultTestPreferenceDomains)
        #expect(rules.partialDownloads == BackupPolicy.defaultPartialDownloads)
    }

    @Test func theSampleRulesFileReadsWithoutWarnings() throws {
        let url = #filePath.split(separator: "/").dropLast(4).joined(separator: "/")
        let path = "/" + url + "/SampleArchives/_fixtures-rules/rules.json"
        let bytes = try #require(readFileBytes(path))
        var warnings: [Diagnostic] = []
        let rules = try RulesReader.read(bytes, file: "rules.json", warnings: &warnings)
        #expect(warnings.isEmpty)
        #expect(
            rules.rules.map(\.name) == [
                "vault-db", "vault-db-journal", "drafts", "preferences", "offline-catalog",
                "search-index", "thumbnails", "url-cache", "export-temp",
            ])
        #expect(rules.rules.allSatisfy { $0.owner != nil })
        #expect(rules.allowedLargeResources.count == 2)
        #expect(rules.documentsAllowlist?.count == 4)
        #expect(rules.budget(for: "Documents") == 50 * 1_048_576)
        #expect(rules.budget(for: "SystemData") == 1_048_576)

        // The sample rules hold the clean Vault container without a blocking violation.
        let report = check(cleanVaultContainer().build(), rules: rules)
        #expect(!report.hasBlocking)
    }

    @Test func builtInDefaultsHoldApplePolicyOnly() {
        let d = RulesInventory.builtInDefaults
        #expect(d.rules.isEmpty)
        #expect(d.documentsAllowlist == nil)
        #expect(d.budgets.isEmpty)
        #expect(!d.caseSensitive)
        #expect(d.version == RulesReader.supportedVersion)
    }

    @Test func errorsNameFileLineColumnAndEntry() {
        let badRequirement = """
            {
              "version": 1,
              "rules": [
                {"name": "vault-db", "path": "Documents/vault.sqlite", "requirement": "must-restore", "owner": "@storage"},
                {"name": "offline-catalog", "path": "Library/Application Support/Downloads/**",
                 "requirement": "regen", "owner": "@news-sync"}
              ]
            }
            """
        let e = failure(badRequirement)
        #expect(
            e?.description
                == #"rules.json:6:21: error: rules[1] "offline-catalog": "requirement" must be must-restore, regenerable or transient, found "regen""#)

        let missingName = """
            {"version": 1, "rules": [
              {"path": "tmp/**", "requirement": "transient"}
            ]}
            """
        #expect(failure(missingName)?.description == #"rules.json:2:3: error: rules[0]: missing "name" (the rule's logical name)"#)

        let duplicate = """
            {"version": 1, "rules": [
              {"name": "a", "path": "tmp/x", "requirement": "transient", "owner": "@o"},
              {"name": "a", "path": "tmp/y", "requirement": "transient", "owner": "@o"}
            ]}
            """
        #expect(failure(duplicate)?.description == #"rules.json:3:12: error: rules[1] "a": duplicate rule name (first used at line 2)"#)

        let badGlob = """
            {"version": 1, "rules": [
              {"name": "exports", "path": "tmp/Export-[0-9", "requirement": "transient", "owner": "@o"}
            ]}
            """
        let g = failure(badGlob)
        #expect(g?.position?.line == 2)
        #expect(g?.position?.column == 43)  // the `[` inside the pattern
        #expect(g?.message.hasPrefix(#"rules[0] "exports": bad pattern "tmp/Export-[0-9": expected a closing `]`"#) == true)
    }

    @Test func versionIsRequiredAndChecked() {
        #expect(failure(#"{"rules": []}"#)?.message.contains("missing \"version\"") == true)
        #expect(failure(#"{"version": 2}"#)?.description == "rules.json:1:13 (byte 12): error: version: unsupported version 2 (this exhibit reads version 1)")
        #expect(failure(#"{"version": "1"}"#)?.message == "version: expected an integer, found a string")
        #expect(failure("[1]")?.message == "expected a JSON object at the top of the rules file, found an array")
        #expect(failure("{")?.file == "rules.json")
    }

    @Test func containerWideSettingsAreValidated() {
        #expect(
            failure(#"{"version": 1, "budgets": {"Library": "500 MB"}}"#)?.message
                == #"budgets "Library": expected a size such as "500 MiB" (units B, KiB, MiB, GiB, TiB), found "500 MB""#)
        #expect(failure(#"{"version": 1, "budgets": {"Library/Caches": 1}}"#)?.message.contains("per top-level directory") == true)
        #expect(failure(#"{"version": 1, "budgets": {"tmp": -1}}"#)?.message.contains("non-negative") == true)
        #expect(
            failure(#"{"version": 1, "documentsAllowlist": ["vault.sqlite"]}"#)?.message
                == #"documentsAllowlist[0] "vault.sqlite": must be a path inside Documents/ (patterns are container-relative)"#)
        #expect(failure(#"{"version": 1, "allowedLargeResources": [{"path": "Documents/big.mov"}]}"#)?.message.contains("reason") == true)
        #expect(failure(#"{"version": 1, "userDataExtensions": ["a/b"]}"#) != nil)
        #expect(failure(#"{"version": 1, "caseSensitive": "yes"}"#)?.message == "caseSensitive: expected true or false, found a string")
    }

    @Test func unknownKeysAndMissingOwnersAreWarnings() throws {
        let (rules, warnings) = try read(
            """
            {"version": 1, "colour": "blue", "caseSensitive": true,
             "userDataExtensions": [".SQLite"],
             "budgets": {"Documents": "1.5 GiB", "tmp": 0},
             "testPreferenceDomains": [],
             "rules": [{"name": "x", "path": "Documents/x", "requirement": "must-restore", "owners": "@typo"}]}
            """)
        #expect(rules.caseSensitive)
        #expect(rules.userDataExtensions == ["SQLite"])
        #expect(rules.budget(for: "Documents") == 1_610_612_736)
        #expect(rules.budget(for: "tmp") == 0)
        #expect(rules.testPreferenceDomains.isEmpty)
        #expect(
            warnings.map(\.message) == [
                #"rules file: unknown key "colour" ignored"#,
                #"rules[0] "x": unknown key "owners" ignored"#,
                #"rules[0] "x": no "owner"; violations will name nobody to ask"#,
            ])
        #expect(warnings.allSatisfy { $0.severity == .warning && $0.position != nil })
    }

    /// A known key spelled another way would drop its value without a word (with
    /// `"Rules"` every team rule, and the gate passes): the file is refused, at the key's value.
    @Test func aKnownKeySpelledAnotherWayIsAnError() {
        let misspelt = """
            {"version": 1,
             "Rules": [{"name": "x", "path": "Documents/x", "requirement": "must-restore", "owner": "@a"}]}
            """
        #expect(
            failure(misspelt)?.description
                == #"rules.json:2:11: error: rules file: key "Rules" is not "rules" (keys are spelled exactly, case included); the file is refused so its value is not ignored"#
        )
        #expect(failure(#"{"version": 1, "documents_allowlist": ["*.sqlite"]}"#)?.description.contains(#"is not "documentsAllowlist""#) == true)
        #expect(
            failure(#"{"version": 1, "rules": [{"name": "x", "Path": "Documents/x", "requirement": "must-restore"}]}"#)?.description
                .contains(#"rules[0] "x": key "Path" is not "path""#) == true)
        #expect(RulesReader.knownKey(spelledLike: "colour", in: RulesReader.topLevelKeys) == nil, "a new key stays a warning")
    }

    @Test func moreErrorsPointAtTheEntry() {
        let notAnArray = """
            {
              "version": 1,
              "rules": {"name": "x"}
            }
            """
        #expect(failure(notAnArray)?.description == "rules.json:3:12: error: rules: expected an array of rule objects, found an object")

        let missingRequirement = """
            {"version": 1,
             "rules": [{"name": "drafts", "path": "Documents/Drafts/**", "owner": "@editor"}]}
            """
        #expect(
            failure(missingRequirement)?.description
                == #"rules.json:2:12: error: rules[0] "drafts": missing "requirement" (must-restore, regenerable or transient)"#)

        let noReason = """
            {"version": 1,
             "allowedLargeResources": [
               {"path": "Library/Fixtures/big.bundle", "reason": ""}
             ]}
            """
        #expect(
            failure(noReason)?.description
                == #"rules.json:3:54: error: allowedLargeResources[0] "Library/Fixtures/big.bundle": needs a non-empty "reason": say why the test needs it"#)

        let badSyntax = """
            {"version": 1,
             "rules": [,]}
            """
        let syntax = failure(badSyntax)
        #expect(syntax?.file == "rules.json")
        #expect(syntax?.position?.line == 2)

        #expect(
            failure(#"{"version": 1, "ignore": ["Documents/../x"]}"#, file: "ci/backup-rules.json")?.description.hasPrefix(
                #"ci/backup-rules.json:1:38 (byte 37): error: ignore[0]: bad pattern "Documents/../x": expected a name, not `.` or `..`"#) == true)
    }

    /// Bytes that are not UTF-8 in a pattern (0xC3 then `(`, no continuation byte) were
    /// read as U+FFFD: a rule that matched nothing, and so passed. The file is refused,
    /// as for any other malformed rule, naming where the bytes are.
    @Test func bytesThatAreNotUTF8AreAnErrorNamingWhere() throws {
        func failure(_ bytes: [UInt8]) -> Diagnostic? {
            var warnings: [Diagnostic] = []
            do {
                _ = try RulesReader.read(bytes, file: "rules.json", warnings: &warnings)
                return nil
            } catch {
                return error
            }
        }
        let pattern =
            Array(#"{"version": 1,"#.utf8) + [0x0A] + Array(#" "rules": [{"name": "vault-db", "path": "Documents/Vault"#.utf8) + [0xC3, 0x28]
            + Array(#".sqlite", "requirement": "must-restore", "owner": "@s"}]}"#.utf8)
        let error = try #require(failure(pattern))
        #expect(error.severity == .error)
        #expect(error.position == SourcePosition(line: 2, column: 57, byteOffset: 71))
        #expect(
            error.description
                == "rules.json:2:57: error: rules[0].path: expected valid UTF-8, found byte 0xC3 at byte offset 71")

        // In a key, a top-level value, a truncated sequence at the end of a string.
        #expect(
            failure(Array(#"{"version": 1, "rules": [{"na"#.utf8) + [0xFF] + Array(#"me": "x"}]}"#.utf8))?.message
                == "a key of rules[0]: expected valid UTF-8, found byte 0xFF at byte offset 29")
        #expect(
            failure(Array(#"{"version": 1, "comment": "caf"#.utf8) + [0xE9] + Array(#""}"#.utf8))?.message
                == "comment: expected valid UTF-8, found byte 0xE9 at byte offset 30")
        #expect(
            failure(Array(#"{"version": 1, "budgets": {"tmp": "1 "#.utf8) + [0xE2, 0x82] + Array(#""}}"#.utf8))?.message
                == "budgets.tmp: expected valid UTF-8, found bytes 0xE2 0x82 at byte offset 37")
        #expect(
            failure(Array(#"{"version": 1, "ignore": ["a", "b\"x"#.utf8) + [0xC0, 0xAF] + Array(#""]}"#.utf8))?.message
                == "ignore[1]: expected valid UTF-8, found byte 0xC0 at byte offset 36")
        #expect(failure(Array(#"{"version": 1, "comment": "café ✈️ \u00e9"}"#.utf8)) == nil)
    }
}
