import ExhibitApp
import ExhibitCore
import ExhibitRules
import ExhibitTriageUI
import Foundation
import Testing

@testable import ExhibitCommands
@testable import ExhibitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// When no notes directory can be made, the message names the places tried and why
/// (review 2026-12-04, repro-7 f: a read-only archive and HOME=/nonexistent quoted
/// `Error Domain=NSPOSIXErrorDomain Code=13 "Permission denied"`); and a classification
/// the UI could not save is said again on stderr as it closes, with exit status 2.
@Suite struct NotesPlaceTests {
    static let runner = ProcessRunner(environment: ProcessInfo.processInfo.environment)
    /// The built exhibit runs with HOME=/nonexistent; as root, where a read-only archive
    /// is still writable, as `nobody`.
    static let canRunUnprivileged = CollectUnreadableFlagTests.exhibit != nil && (!HostileBundle.isRoot || runner.resolve("runuser") != nil)

    @Test(.enabled(if: canRunUnprivileged, "needs the built exhibit, and as root runuser"))
    func aReadOnlyArchiveAndNoHomeNameBothPlaces() throws {
        let bundle = try HostileBundle(copying: "run-2026-11-03-unset-attribute")
        defer {
            chmod(bundle.archive, 0o755)
            bundle.cleanUp()
        }
        chmod(bundle.archive, 0o555)
        let exhibit = try #require(CollectUnreadableFlagTests.exhibit)
        let command = ["env", "HOME=/nonexistent", exhibit, "note", bundle.run, "--class", "unset-attribute"]
        let r = try Self.runner.run((HostileBundle.isRoot ? ["runuser", "-u", "nobody", "--"] : []) + command)
        #expect(r.status == 2)
        let archive = bundle.archive
        #expect(
            r.stderrText.contains(
                "no place to keep triage records: the archive's \(archive)/.exhibit/notes is not writable (\(archive): Permission denied), "
                    + "and /nonexistent/.local/state/exhibit/notes/"), "\(r.stderrText)")
        #expect(
            r.stderrText.contains(
                ", from HOME=/nonexistent, cannot be made (/nonexistent: "), "\(r.stderrText)")
        // Linux says Permission denied; macOS, whose root volume is read-only, Read-only file system.
        #expect(
            r.stderrText.contains("); choose a writable place with --notes DIR or XDG_STATE_HOME"),
            "\(r.stderrText)")
        #expect(!r.stderrText.contains("Error Domain"), "\(r.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: archive + "/.exhibit"))
    }

    /// The messages themselves, for refusals root meets too (a file where a directory
    /// must be made).
    @Test func theMessageNamesTheDirectoryThatRefusedAndWhy() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-notes-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        try Data("a file".utf8).write(to: URL(fileURLWithPath: base + "/home"))
        let record = TriageRecord(runID: "r1", failureClass: .skippedCleanup, comment: "", author: "a", time: 1, proposed: nil, isDraft: false)
        let notDirectory = String(cString: strerror(ENOTDIR))

        func refusal(_ store: NotesStore) -> String? {
            do {
                try store.save(record)
                return nil
            } catch {
                return error.description
            }
        }
        let fallback = NotesStore(
            directory: base + "/home/.local/state/exhibit/notes/a-1", input: nil,
            passedOver: ("/ro/archive/.exhibit/notes", "/ro/archive: Read-only file system"), origin: "HOME=\(base)/home")
        #expect(
            refusal(fallback)
                == "no place to keep triage records: the archive's /ro/archive/.exhibit/notes is not writable (/ro/archive: Read-only file system), "
                + "and \(base)/home/.local/state/exhibit/notes/a-1, from HOME=\(base)/home, cannot be made "
                + "(\(base)/home: \(notDirectory)); choose a writable place with --notes DIR or XDG_STATE_HOME")

        // --notes DIR, chosen by the person: the one place, and why.
        #if os(Linux)
            // mkdir under /proc fails for root too.
            let chosen = NotesStore(directory: "/proc/exhibit-notes-test/notes")
            #expect(
                refusal(chosen)
                    == "/proc/exhibit-notes-test/notes: cannot create the notes directory (/proc/exhibit-notes-test: \(String(cString: strerror(ENOENT)))); "
                    + "choose another place with --notes DIR")
        #endif
        let underAFile = NotesStore(directory: base + "/home/notes")
        #expect(refusal(underAFile)?.hasPrefix("\(base)/home: is a file, not a directory, so the notes directory") == true)
    }

    /// `c` in the UI with a notes place that cannot be made: the status line says so,
    /// and so does stderr once the UI closes, with 2; a later save that works takes it back.
    @Test func aClassificationTheUICouldNotSaveEndsWith2() throws {
        let bundle = try HostileBundle(copying: "run-2026-11-04-misplaced-file")
        defer { bundle.cleanUp() }
        try Data("not a directory".utf8).write(to: URL(fileURLWithPath: bundle.archive + "/file"))
        let problems = HookProblems()
        let run = RunLocator.loadRun(at: URL(fileURLWithPath: bundle.run))
        let report = CheckReport.awaitingCheck(rulesSource: "", rulesDiagnostics: [])
        let decision = TriageDecision(failureClass: .misplacedFile, comment: "moved")
        let failing = TriageHooks(
            store: NotesStore(directory: bundle.archive + "/file/notes"), bundle: run, environment: ["EXHIBIT_USER": "t"], problems: problems)
        let said = failing.confirm(decision, report)
        #expect(said.isError && said.text.hasPrefix("not saved: "), "\(said)")
        #expect(problems.hasUnsaved)
        let console = Console.capturing()
        #expect(OpenCommand.finish(status: 0, problems: problems, console) == .unusableInput)
        #expect(ExitStatus.code(for: .unusableInput) == 2)
        #expect(console.captured!.err.contains("run-2026-11-04-misplaced-file: the classification was not saved: "), "\(console.captured!.err)")

        // Failed, then saved elsewhere: nothing is left unsaved, a normal quit is 0.
        #expect(failing.confirm(decision, report).isError)
        let working = TriageHooks(
            store: NotesStore(directory: bundle.archive + "/notes"), bundle: run, environment: ["EXHIBIT_USER": "t"], problems: problems)
        #expect(!working.confirm(decision, report).isError)
        let quiet = Console.capturing()
        #expect(OpenCommand.finish(status: 0, problems: problems, quiet) == .success)
        #expect(quiet.captured!.err.isEmpty)
    }
}
