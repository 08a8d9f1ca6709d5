import ExhibitCore
import Foundation
import Testing

@testable import ExhibitApp
@testable import ExhibitIO
@testable import ExhibitRules
@testable import ExhibitTriageUI

/// The author of a record comes from `git config user.name` only when a record is
/// written, through `ProcessRunner`: opening a run, reading its record and draft and
/// checking it start no process (issue 16 §2). A fake `git` first on PATH logs its calls.
@Suite struct TriageAuthorTests {
    /// A scratch directory with a fake git that appends its arguments to `git.log`.
    static func fakeGit(_ scratch: Scratch, name: String = "Fake Author") throws -> (environment: [String: String], log: String) {
        let log = scratch.root + "/git.log"
        try scratch.write("#!/bin/sh\necho \"$@\" >> '\(log)'\necho '\(name)'\n", to: "bin/git", executable: true)
        return (["PATH": scratch.root + "/bin:/usr/bin:/bin", "USER": "fallback-user"], log)
    }

    static func calls(_ log: String) -> [String] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test func openingAndReadingARunStartsNoGitAndRecordingAsksOnce() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (environment, log) = try Self.fakeGit(scratch)
        let run = try scratch.copySample("run-2026-11-04-misplaced-file")
        let opened = try OpenRun(at: URL(fileURLWithPath: run))
        let hooks = TriageHooks(
            store: NotesStore(directory: scratch.root + "/notes"), bundle: opened.bundle,
            environment: environment)
        #expect(hooks.existingRecord() == nil)
        #expect(hooks.existingDraft() == nil)
        let report = opened.check()
        #expect(Self.calls(log).isEmpty, "git ran before any record was written: \(Self.calls(log))")

        let saved = hooks.confirm(TriageDecision(failureClass: .misplacedFile, comment: "seen"), report)
        #expect(saved == .info("Saved: \(FailureClass.misplacedFile.title), by Fake Author"))
        #expect(Self.calls(log) == ["config user.name"])
        #expect(try NotesStore(directory: scratch.root + "/notes").record(for: opened.bundle.runID)?.author == "Fake Author")
        // Resolved once per session: a draft and an export after it ask no more.
        hooks.saveDraft(TriageDraft(failureClass: .misplacedFile, comment: "more"), report)
        _ = hooks.export(nil, report)
        #expect(Self.calls(log) == ["config user.name"])
    }

    @Test func exhibitUserWinsWithoutStartingGit() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        var (environment, log) = try Self.fakeGit(scratch)
        environment["EXHIBIT_USER"] = "ci-bot"
        #expect(TriageAuthor(environment: environment).name == "ci-bot")
        #expect(Self.calls(log).isEmpty)
    }

    @Test func aGitThatFailsFallsBackToUser() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("#!/bin/sh\nexit 1\n", to: "bin/git", executable: true)
        #expect(TriageAuthor(environment: ["PATH": scratch.root + "/bin", "USER": "alice"]).name == "alice")
        #expect(TriageAuthor(environment: ["PATH": scratch.root + "/nothing-here"]).name == "unknown")
    }

    @Test func aNoteWithoutAClassStartsNoGit() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (environment, log) = try Self.fakeGit(scratch, name: "Note Author")
        let run = try scratch.copySample("run-2026-11-04-misplaced-file")
        func request(_ cls: FailureClass?) -> NoteExport.Request {
            NoteExport.Request(
                run: run, rulesOverride: nil, notesOverride: scratch.root + "/notes", confirm: cls, comment: nil,
                issue: nil, format: .markdown, output: nil, force: false)
        }
        let plain = try NoteExport.run(request(nil), environment: environment)
        #expect(plain.text?.contains("misplaced") == true)
        #expect(Self.calls(log).isEmpty)
        let confirmed = try NoteExport.run(request(.misplacedFile), environment: environment)
        #expect(confirmed.text?.contains("confirmed by Note Author") == true)
        #expect(Self.calls(log) == ["config user.name"])
    }
}
