import ExhibitCore
import Foundation
import Testing

@testable import ExhibitApp
@testable import ExhibitIO
@testable import ExhibitRules

/// The use cases over the committed samples and small runs made here.
@Suite struct GateRunTests {
    @Test func samplesGateAsDesigned() throws {
        let baseline = try GateRun(path: Scratch.samples + "/run-2026-11-02-baseline", rulesOverride: nil)
        #expect(baseline.verdict.outcome == .success)
        #expect(baseline.verdict.refusal == nil)
        let unset = try GateRun(path: Scratch.samples + "/run-2026-11-03-unset-attribute", rulesOverride: nil)
        #expect(unset.verdict.outcome == .blockingViolation)
        #expect(unset.report.evidence != nil, "the one check entry point attaches the evidence account")
    }

    @Test func aRunWithoutAnInventoryIsNotCheckedAndSaysWhy() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.makeDirectory("archive/run-empty/container")
        let gate = try GateRun(path: scratch.root + "/archive/run-empty", rulesOverride: nil)
        #expect(gate.verdict.outcome == .notChecked)
        #expect(gate.verdict.refusal?.contains("no container inventory could be read") == true)
        #expect(gate.verdict.refusal?.contains("are missing") == true)
    }

    @Test func anArchiveIsNotARun() throws {
        #expect(throws: InputError.self) { try GateRun(path: Scratch.samples, rulesOverride: nil) }
    }
}

/// Each rules file is parsed once per command: the bundle's by the loader.
@Suite struct RulesInputTests {
    @Test func theBundlesRulesAreTakenFromTheLoadersReading() throws {
        var bundle = try RunInput.loadRun(Scratch.samples + "/run-2026-11-04-misplaced-file")
        let reading = try #require(bundle.rulesReading)
        let parsed = try reading.result.get()
        // Bytes that would not parse: the reading the loader made is what is used.
        bundle.rules = .present(Array("{ not rules".utf8))
        let loaded = try RulesInput.load(for: bundle, override: nil)
        #expect(loaded.rules == parsed)
        #expect(loaded.source == EvidenceLayout.rules)
    }

    @Test func aBrokenRulesFileIsReadOnceAndRefused() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.makeDirectory("archive/run-x/container")
        try scratch.write("{ \"rules\": [", to: "archive/run-x/rules.json")
        let bundle = try RunInput.loadRun(scratch.root + "/archive/run-x")
        guard case .failure(let error)? = bundle.rulesReading?.result else {
            Issue.record("the loader did not keep the failed reading")
            return
        }
        #expect(bundle.status(of: EvidenceLayout.rules) == .malformed(error))
        do {
            _ = try RulesInput.load(for: bundle, override: nil)
            Issue.record("a rules file with errors was accepted")
        } catch let refusal {
            #expect(refusal.description.hasPrefix("the rules file has errors:\n"))
            #expect(refusal.description.hasSuffix(error.description), "the loader's error, not a second reading's")
        }
    }

    @Test func absentRulesAreTheBuiltInPolicy() throws {
        let loaded = try RulesInput.load(for: EvidenceBundle(runID: "r"), override: nil)
        #expect(loaded.source == "built-in defaults")
        #expect(loaded.rules == .builtInDefaults)
    }
}

@Suite struct ArchiveInputTests {
    /// A draft that cannot be read is said on the run's line, not taken for none.
    @Test func anUnreadableDraftIsSaidOnTheLine() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.copySample("run-2026-11-04-misplaced-file")
        let notes = scratch.root + "/notes"
        try scratch.makeDirectory("notes/run-2026-11-04-misplaced-file.draft")
        let archive = try ArchiveInput(path: scratch.root + "/archive", rulesOverride: nil, notesOverride: notes)
        let summary = archive.summary(of: "run-2026-11-04-misplaced-file")
        #expect(summary.problems.contains { $0.hasPrefix("draft: ") && $0.contains("not a regular file") }, "\(summary.problems)")
        #expect(archive.summaries().map(\.runID) == ["run-2026-11-04-misplaced-file"])
    }

    /// `--rules FILE` is read once for the list and every run opened from it: FILE may be
    /// a pipe (`--rules <(git show …)`), which a second read would find empty.
    @Test func theArchivesRulesFileIsReadOnceForTheListAndItsRuns() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try scratch.copySample("run-2026-11-04-misplaced-file")
        try scratch.write(#"{"version": 1, "rules": []}"#, to: "shared-rules.json")
        let file = scratch.root + "/shared-rules.json"
        let archive = try ArchiveInput(path: scratch.root + "/archive", rulesOverride: file, notesOverride: scratch.root + "/notes")
        try FileManager.default.removeItem(atPath: file)
        #expect(archive.summary(of: "run-2026-11-04-misplaced-file").blocking == BlockingCounts(), "the list used the shared rules")
        let opened = try OpenRun(at: URL(fileURLWithPath: run), sharedRules: archive.sharedRules)
        #expect(opened.rules.source == file)
        #expect(!opened.check().hasBlocking)
        // Its own rules block it: the shared file is what made the difference.
        #expect(try OpenRun(at: URL(fileURLWithPath: run)).check().hasBlocking)
    }

    @Test func aSingleRunIsNotAnArchive() {
        #expect(throws: InputError.self) {
            try ArchiveInput(path: Scratch.samples + "/run-2026-11-02-baseline", rulesOverride: nil, notesOverride: nil)
        }
    }
}

@Suite struct VerifyAndDiffTests {
    @Test func aRunWithoutAResultBundleCannotBeVerified() {
        do {
            _ = try VerifyRun.run(Scratch.samples + "/run-2026-11-06-junit-files-list")
            Issue.record("verified a run that holds no result bundle")
        } catch {
            #expect(error.description.contains("holds no result bundle"))
        }
    }

    @Test func diffNamesTheRunsAndNeedsBothInventories() throws {
        let diff = try DiffRuns(
            basePath: Scratch.samples + "/run-2026-11-02-baseline",
            runPath: Scratch.samples + "/run-2026-11-04-misplaced-file", rulesOverride: nil)
        #expect(diff.text.contains("run-2026-11-04-misplaced-file"))
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.makeDirectory("archive/run-bare/results")
        #expect(throws: InputError.self) {
            try DiffRuns(
                basePath: scratch.root + "/archive/run-bare", runPath: Scratch.samples + "/run-2026-11-02-baseline",
                rulesOverride: nil)
        }
    }

    @Test func theWorseOutcomeWins() {
        #expect(Outcome.success.worse(.damagedResultBundle) == .damagedResultBundle)
        #expect(Outcome.damagedResultBundle.worse(.unusableInput) == .unusableInput)
        #expect(Outcome.unusableInput.worse(.damagedResultBundle) == .unusableInput)
        #expect(Outcome.success.worse(.success) == .success)
    }
}
