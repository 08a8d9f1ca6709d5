import Testing

@testable import ExhibitCore
@testable import ExhibitRules

@Suite struct RunSummaryReaderTests {
    static let runJSON = #"""
        {"commit":"4c1e9a7d2b6f80e35a9c1d4b7e2f6a8c0d3e5b71","branch":"main","scheme":"Vault",
         "runtime":{"version":"18.5"},"device":{"name":"iPhone 16"},"startTime":1793610725.0}
        """#
    /// A Documents/cache.db that the built-in policy calls misplaced (Documents is for user data).
    static let inventory = #"""
        [1,2,{"progname":"test","progver":"1"},
        [{"name":"."},
        [{"name":"Documents"},{"name":"cache.db","asize":20480,"dsize":20480}],
        [{"name":"tmp"},{"name":"upload.tmp","asize":300,"dsize":4096}]]]
        """#
    static let junit = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="Vault" tests="3" failures="1">
          <testsuite name="BackupBoundaryTests" tests="3" failures="1">
            <testcase classname="BackupBoundaryTests" name="testA" time="0.1"/>
            <testcase classname="BackupBoundaryTests" name="testB" time="0.1"/>
            <testcase classname="BackupBoundaryTests" name="testUploadCleansUp" time="0.1">
              <failure message="tmp/upload.tmp still present">tmp/upload.tmp still present</failure>
            </testcase>
          </testsuite>
        </testsuites>
        """#

    func source(_ files: [String: String]) -> MemoryEvidenceSource { MemoryEvidenceSource(text: files) }

    @Test func readsMetadataResultsAndCounts() {
        let s = RunSummaryReader.read(
            runID: "run-2026-11-02-x",
            from: source(["run.json": Self.runJSON, "container/inventory.json": Self.inventory, "results/junit.xml": Self.junit]),
            rules: .bundle)
        #expect(s.date == 1793610725.0)
        #expect(s.dateSource == .runMetadata)
        #expect(s.dateText == "2026-11-02 09:12")
        #expect(s.commit == "4c1e9a7d2b6f80e35a9c1d4b7e2f6a8c0d3e5b71")
        #expect(s.scheme == "Vault")
        #expect(s.runtime == "18.5")
        #expect(s.failedTests == 1)
        #expect(s.totalTests == 3)
        let blocking = s.blocking
        #expect(blocking != nil)
        #expect((blocking?.total ?? 0) > 0)
        #expect(s.problems.isEmpty)
        if case .proposed = s.triage.state {} else { Issue.record("expected a proposal, got \(s.triage)") }
    }

    @Test func dateFallsBackToTheRunID() {
        let s = RunSummaryReader.read(runID: "nightly-2026-11-05-b", from: source(["results/junit.xml": Self.junit]), rules: .bundle)
        #expect(s.dateSource == .runID)
        #expect(s.dateText == "2026-11-05")
        #expect(s.blocking == nil)
        #expect(s.problems == ["no inventory"])
        #expect(s.triage == TriageStatus(.untriaged))
    }

    @Test func noDateAnywhere() {
        let s = RunSummaryReader.read(runID: "adhoc", from: source(["run.json": "{}"]), rules: .bundle)
        #expect(s.date == nil)
        #expect(s.dateText == "-")
        #expect(s.problems == ["no results", "no inventory"])
    }

    @Test func aBrokenRulesFileIsAProblemNotACount() {
        let s = RunSummaryReader.read(
            runID: "r", from: source(["container/inventory.json": Self.inventory, "rules.json": "{\"version\": "]), rules: .bundle)
        #expect(s.blocking == nil)
        #expect(s.problems.contains { $0.hasPrefix("rules.json") })
    }

    @Test func undecidedRulesAreAProblemBesideTheCounts() {
        let rules = #"{"version": 1, "rules": [{"name": "db", "path": "Documents/*.db", "requirement": "must-restore"}]}"#
        let s = RunSummaryReader.read(runID: "r", from: source(["container/inventory.json": Self.inventory, "rules.json": rules]), rules: .bundle)
        #expect(s.blocking?.count(of: .unsetAttribute) == nil, "not known, never 0")
        #expect(s.blocking?.count(of: .misplacedFile) == 0)
        #expect(s.problems == ["no results", "exclusion flags not recorded: 1 blocking rule undecided"])
        // tmp/upload.tmp blocks whatever the flags say: check decides (exit 1), so the proposal stands.
        #expect(s.blocking?.count(of: .skippedCleanup) == 1)
        #expect(s.proposal != nil)
    }

    @Test func recordsDecideTheTriageStatus() {
        let record = TriageRecord(runID: "r", failureClass: .skippedCleanup, author: "a", time: 0, proposed: .misplacedFile)
        var draft = record
        draft.isDraft = true
        let confirmed = RunSummaryReader.read(
            runID: "r", from: source(["container/inventory.json": Self.inventory]), rules: .bundle, record: record, draft: draft)
        #expect(confirmed.triage == TriageStatus(.confirmed(.skippedCleanup), hasDraft: true))
        #expect(confirmed.triage.label == "confirmed skipped cleanup, draft")
        #expect(TriageStatus(.proposed(.unsetAttribute)).label == "proposed unset attribute")
        #expect(TriageStatus().label == "untriaged")
    }

    @Test func datesInRunIDs() {
        #expect(RunSummary.date(inRunID: "run-1970-01-02") == 86400)
        #expect(RunSummary.date(inRunID: "run-2026-13-01") == nil)
        #expect(RunSummary.date(inRunID: "2026-11-02") == Double(RunSummary.daysFromCivil(2026, 11, 2) * 86400))
        #expect(Timestamp.utc(RunSummary.date(inRunID: "x-2026-11-02-y") ?? 0) == "2026-11-02 00:00:00 UTC")
        #expect(RunSummary.date(inRunID: "short") == nil)
    }

    /// The volumes the run list draws its drift from carry the sizes the inventory did not
    /// record below each top-level directory: a total of them is no 0 B.
    @Test func volumesCountTheSizesNotRecorded() {
        let partial = #"""
            [1,2,{"progname":"ncdu","progver":"1.18"},
            [{"name":"."},
            [{"name":"Documents"},{"name":"a.db","asize":4096},{"name":"b.db","read_error":true}],
            [{"name":"Library"},{"name":"skipped","excluded":"pattern"}],
            [{"name":"tmp"},{"name":"c.tmp","asize":300}]]]
            """#
        let s = RunSummaryReader.read(runID: "run-2026-11-02-x", from: source(["container/inventory.json": partial]), rules: .bundle)
        #expect(
            s.volumes == [
                DirectoryVolume(directory: "Documents", bytes: 4_096, unrecordedSizes: 1),
                DirectoryVolume(directory: "tmp", bytes: 300),
                DirectoryVolume(directory: "Library", bytes: 0, unrecordedSizes: 1),
            ])
        #expect(s.volumes?.map(\.isKnown) == [false, true, false])
        let listed = RunSummaryReader.read(
            runID: "run-2026-11-02-y", from: source(["container/files.txt": "./Documents/a\n./Documents/b\n"]), rules: .bundle)
        #expect(listed.volumes == [DirectoryVolume(directory: "Documents", bytes: 0, unrecordedSizes: 2)])
    }

    @Test func newestFirstThenIDDescending() {
        var a = RunSummary(runID: "a")
        a.date = 100
        var b = RunSummary(runID: "b")
        b.date = 100
        var c = RunSummary(runID: "c")
        c.date = 200
        #expect([a, b, c].sorted(by: RunSummary.newestFirst).map(\.runID) == ["c", "b", "a"])
    }

    @Test func textEscapesHostileIDs() {
        var s = RunSummary(runID: "run-\u{1B}]0;owned\u{07}")
        s.commit = "\u{1B}[31m"
        let text = RunListFormatter.text([s])
        #expect(!text.contains("\u{1B}"))
        #expect(!text.contains("\u{07}"))
        #expect(text.contains(#"run-\x1b]0;owned\x07"#))
    }
}

extension RunSummaryReaderTests {
    /// A run list's counts are unknown (`?`, JSON null) for every kind the unchecked
    /// evidence makes doubtful: all boundary kinds for an inventory that is not a
    /// container's or a list in doubt, not only unset attributes; the preference and
    /// configuration counts for a preference copy or Info.plist that was not read.
    @Test func countsAreUnknownForEveryKindTheUncheckedEvidenceLeavesInDoubt() {
        func counts(_ kinds: [UncheckedEvidence.Kind]) -> BlockingCounts {
            var report = CheckReport(
                violations: [] as [Violation], proposal: Classifier.classify(violations: [] as [Violation], failures: []), budgets: [],
                rulesSource: "rules.json", rulesDiagnostics: [])
            report.unchecked = kinds.map { UncheckedEvidence(kind: $0, reason: "why") }
            return BlockingCounts(report)
        }
        let boundary: Set<ViolationKind> = [.unsetAttribute, .misplacedFile, .skippedCleanup]
        #expect(counts([.notAContainer]).unknown == boundary)
        #expect(counts([.listInDoubt]).unknown == boundary)
        #expect(counts([.listInDoubt]).count(of: .misplacedFile) == nil)
        #expect(counts([.flagRecord]).unknown == [.unsetAttribute])
        #expect(counts([.preferenceCopy]).unknown == [.preference])
        #expect(counts([.appInfoPlist]).unknown == [.configuration])
        #expect(counts([.notScanned, .unusableNames]).unknown.isEmpty)
    }

    /// The result line names what was not checked once: "the container" holds "part of the container".
    @Test func theResultLineDoesNotNameThePartBesideTheWhole() {
        var report = CheckReport(
            violations: [] as [Violation], proposal: Classifier.classify(violations: [] as [Violation], failures: []), budgets: [],
            rulesSource: "rules.json", rulesDiagnostics: [])
        report.unchecked = [.flagRecord, .listInDoubt, .appInfoPlist].map { UncheckedEvidence(kind: $0, reason: "why") }
        #expect(report.whatWasNotChecked == ["the container", "background tasks"])
        report.unchecked = [UncheckedEvidence(kind: .flagRecord, reason: "why")]
        #expect(report.whatWasNotChecked == ["part of the container"])
    }
}
