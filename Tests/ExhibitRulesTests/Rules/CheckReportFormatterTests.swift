import Testing

@testable import ExhibitCore
@testable import ExhibitRules

@Suite struct CheckReportFormatterTests {
    static func smallReport() throws -> CheckReport {
        var c = ContainerFixture()
        c.file("Documents/vault.sqlite", 81_920)
        c.file("Documents/notes.txt", 1_536, step: "first install: seed sample content")
        c.file("tmp/Export-1.zip", 2_048, step: "retry: resume export")
        var rules = try vaultRules()
        rules.budgets = [VolumeBudget(directory: "Documents", bytes: 65_536)]
        let failures = [
            TestFailure(
                testName: "testExportCleansUp()", identifier: "ExportTests/testExportCleansUp()",
                failureText: "tmp/Export-1.zip still exists")
        ]
        return check(c.build(), rules: rules, failures: failures)
    }

    @Test func textGroupsViolationsByKindThenProposes() throws {
        let text = CheckReportFormatter.text(try Self.smallReport(), runID: "run-42")
        #expect(
            text == """
                exhibit check: run run-42
                rules: rules.json
                budgets:
                  Documents: 82 KiB of 64 KiB (inventory) — over

                misplaced file: 1 violation (blocking)
                  [1] Documents/notes.txt (2 KiB) — policy documents-allowlist — not in the Documents allowlist — created by step "first install: seed sample content"

                skipped cleanup: 1 violation (blocking)
                  [2] tmp/Export-1.zip (2 KiB) — rule export-temp (transient, owner @export) — transient file still present at the end of the test — created by step "retry: resume export"

                volume over budget: 1 warning
                  [3] Documents (82 KiB in 2 files) — over its budget of 64 KiB by 18 KiB — largest: Documents/vault.sqlite (80 KiB), Documents/notes.txt (2 KiB)

                proposed classification: skipped cleanup (confidence: mixed)
                  Mostly skipped cleanup (1 skipped cleanup violation, e.g. export-temp: transient file still present at the end of the test), but the container also shows misplaced file violations.
                  evidence: [2]
                  linked tests:
                    ExportTests/testExportCleansUp() → [2] (failure names the path)

                result: 2 blocking violations, 1 warning — blocking

                """)
    }

    @Test func longReferenceListsAreCut() {
        #expect(CheckReportFormatter.references([0, 1, 2]) == "[1], [2], [3]")
        let many = CheckReportFormatter.references(Array(0..<25))
        #expect(many.hasSuffix("[20] and 5 more"))
    }

    /// A parameterized test links one line; which of its cases failed is said under it,
    /// escaped (the arguments are the evidence's text), in text and in JSON.
    @Test func linkedTestsShowTheArgumentsTheyFailedWith() throws {
        var c = ContainerFixture()
        c.file("tmp/Export-1.zip", 2_048)
        var failure = TestFailure(
            testName: "exportCleansUp(format:)", identifier: "ExportTests/exportCleansUp(format:)",
            failureText: "tmp/Export-1.zip still exists")
        failure.failingArguments = ["format: .zip", "format: \u{1B}[31m.tar"]
        let report = check(c.build(), rules: try vaultRules(), failures: [failure])
        #expect(report.proposal.links.first?.failingArguments == failure.failingArguments)
        let text = CheckReportFormatter.text(report, runID: "run-42")
        #expect(
            text.contains(
                """
                    ExportTests/exportCleansUp(format:) → [1] (failure names the path)
                      failing arguments (2): format: .zip; format: \\x1b[31m.tar

                """))
        let json = CheckReportFormatter.json(report, runID: "run-42")
        #expect(json.contains(#""failingArguments": [\#n          "format: .zip",\#n          "format: \u001b[31m.tar"\#n        ]"#))
    }

    @Test func jsonHasEveryKeyInAFixedOrder() throws {
        let json = CheckReportFormatter.json(try Self.smallReport(), runID: "run-42")
        #expect(
            json == """
                {
                  "run": "run-42",
                  "rulesSource": "rules.json",
                  "blocking": true,
                  "containerChecked": true,
                  "counts": {
                    "unset-attribute": 0,
                    "misplaced-file": 1,
                    "skipped-cleanup": 1,
                    "configuration": 0,
                    "preference": 0,
                    "volume": 1,
                    "unruled": 0
                  },
                  "violations": [
                    {
                      "id": 1,
                      "kind": "misplaced-file",
                      "blocking": true,
                      "path": "Documents/notes.txt",
                      "size": 1536,
                      "files": 1,
                      "rule": "documents-allowlist",
                      "owner": null,
                      "requirement": null,
                      "step": "first install: seed sample content",
                      "inferredStep": null,
                      "reason": "not in the Documents allowlist",
                      "budget": null,
                      "largestContributors": []
                    },
                    {
                      "id": 2,
                      "kind": "skipped-cleanup",
                      "blocking": true,
                      "path": "tmp/Export-1.zip",
                      "size": 2048,
                      "files": 1,
                      "rule": "export-temp",
                      "owner": "@export",
                      "requirement": "transient",
                      "step": "retry: resume export",
                      "inferredStep": null,
                      "reason": "transient file still present at the end of the test",
                      "budget": null,
                      "largestContributors": []
                    },
                    {
                      "id": 3,
                      "kind": "volume",
                      "blocking": false,
                      "path": "Documents",
                      "size": 83456,
                      "files": 2,
                      "rule": "volume-budget",
                      "owner": null,
                      "requirement": null,
                      "step": null,
                      "inferredStep": null,
                      "reason": "over its budget of 64 KiB by 18 KiB",
                      "budget": 65536,
                      "largestContributors": [
                        {
                          "path": "Documents/vault.sqlite",
                          "size": 81920,
                          "files": 1
                        },
                        {
                          "path": "Documents/notes.txt",
                          "size": 1536,
                          "files": 1
                        }
                      ]
                    }
                  ],
                  "undecided": {
                    "blocking": false,
                    "reason": "",
                    "rules": []
                  },
                  "budgets": [
                    {
                      "directory": "Documents",
                      "bytes": 83456,
                      "budget": 65536,
                      "allowedBytes": 0,
                      "measuredBy": "inventory",
                      "over": true,
                      "unrecordedSizes": 0,
                      "allowedUnrecordedSizes": 0
                    },
                    {
                      "directory": "tmp",
                      "bytes": 2048,
                      "budget": null,
                      "allowedBytes": 0,
                      "measuredBy": "inventory",
                      "over": false,
                      "unrecordedSizes": 0,
                      "allowedUnrecordedSizes": 0
                    }
                  ],
                  "classification": {
                    "proposed": "skipped-cleanup",
                    "finding": null,
                    "headline": "skipped cleanup",
                    "confidence": "mixed",
                    "rationale": "Mostly skipped cleanup (1 skipped cleanup violation, e.g. export-temp: transient file still present at the end of the test), but the container also shows misplaced file violations.",
                    "evidence": [
                      2
                    ],
                    "links": [
                      {
                        "test": "ExportTests/testExportCleansUp()",
                        "basis": "path",
                        "violations": [
                          2
                        ],
                        "failingArguments": null
                      }
                    ],
                    "unexplainedTests": []
                  },
                  "rulesDiagnostics": [],
                  "stepAgreement": null
                }

                """)
    }

    @Test func aCleanRunSaysNothingBlocks() throws {
        let report = check(cleanVaultContainer().build(), rules: try vaultRules())
        let text = CheckReportFormatter.text(report, runID: "clean")
        #expect(
            text.hasSuffix(
                """

                no violations

                proposed classification: not a boundary failure (confidence: no-evidence)
                  No failing tests and no blocking violation: nothing points at a backup boundary.

                result: 0 blocking violations, 0 warnings — nothing blocks

                """))
        #expect(CheckReportFormatter.json(report, runID: "clean").contains(#""blocking": false,"#))
    }

    @Test func terminalHostileNamesAreEscapedInTextAndJSON() {
        let hostile = "Documents/\u{1B}[2Jevil\u{202E}fdp.exe"
        let violation = Violation(
            kind: .misplacedFile, path: hostile, size: 1, ruleName: "documents-allowlist",
            step: "step\nwith newline", reason: "not in the Documents allowlist")
        let proposal = ClassificationProposal(
            proposed: .misplacedFile, confidence: .unexplainedFailures, evidence: [0],
            links: [], unexplainedTests: ["Tests/test\u{07}Bell()"], rationale: "r")
        let report = CheckReport(
            violations: [violation], proposal: proposal, budgets: [], rulesSource: "rules\u{1B}.json",
            rulesDiagnostics: [.warning("rules.json", "unknown key \"\u{9B}x\" ignored")])
        let text = CheckReportFormatter.text(report, runID: "run\u{1B}]0;title\u{07}")
        #expect(!text.unicodeScalars.contains { $0 != "\n" && TerminalText.needsEscape($0) })
        #expect(text.contains(#"Documents/\x1b[2Jevil\u{202E}fdp.exe (1 B)"#))
        #expect(text.contains(#"created by step "step\x0awith newline""#))
        #expect(text.contains(#"    Tests/test\x07Bell()"#))
        #expect(text.hasPrefix(#"exhibit check: run run\x1b]0;title\x07"#))
        #expect(text.contains(#"rules: rules\x1b.json"#))
        #expect(text.contains(#"unknown key "\u{9B}x" ignored"#))
        let json = CheckReportFormatter.json(report, runID: "r")
        #expect(json.contains(#""path": "Documents/\u001b[2Jevil\u202efdp.exe""#))
        #expect(json.contains(#""step": "step\nwith newline""#))
        #expect(!json.unicodeScalars.contains { $0 != "\n" && TerminalText.needsEscape($0) })
    }
}
