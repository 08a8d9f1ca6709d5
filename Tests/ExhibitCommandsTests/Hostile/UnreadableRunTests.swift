import Foundation
import Testing

@testable import ExhibitCommands

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `runs` never drops what it could not look into (2026-12-04 review, repro-5): a run
/// directory that cannot be listed is a line with its problem, and a run whose
/// container/ cannot be read says so. Mode 000 reads as root (the tests run as root
/// here and in CI), so the entry root cannot look into either is a loop of links; the
/// mode-000 cases run for a user.
@Suite struct UnreadableRunTests {
    func run(_ args: [String]) -> (status: Int32, out: String, err: String) { CollectRunner.exhibit(args) }

    static func entries(_ json: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    }

    @Test func anEntryThatCannotBeLookedIntoIsListedWithItsProblem() throws {
        let bundle = try HostileBundle()
        defer { bundle.cleanUp() }
        #expect(symlink("run-2026-11-09-loop", bundle.archive + "/run-2026-11-09-loop") == 0)
        #expect(symlink("nowhere", bundle.archive + "/dangling") == 0)
        let list = run(["runs", bundle.archive])
        #expect(list.status == 0)
        #expect(
            list.out.contains("\n2026-11-09        run-2026-11-09-loop      -         -       -          -  -  -  -  untriaged\n"),
            "\(list.out)")
        #expect(list.out.contains("\nrun-2026-11-09-loop: cannot be read: too many levels of symbolic links\n"), "\(list.out)")
        #expect(!list.out.contains("dangling"), "a link to nothing is no run")

        let json = try Self.entries(run(["runs", bundle.archive, "--format", "json"]).out)
        #expect(json.count == 2)
        let loop = try #require(json.first { $0["run"] as? String == "run-2026-11-09-loop" })
        #expect(loop["problems"] as? [String] == ["cannot be read: too many levels of symbolic links"])
        #expect(loop["blocking"] is NSNull)
        #expect(loop["dateSource"] as? String == "run-id")
    }

    @Test func aContainerThatCannotBeReadIsNamed() throws {
        let bundle = try HostileBundle()
        defer { bundle.cleanUp() }
        bundle.remove("container")
        try bundle.makeLink("container", to: "/etc")
        let list = run(["runs", bundle.archive])
        #expect(
            list.out.contains("\nrun-2026-11-02-baseline: no inventory: container/ cannot be read (is a symbolic link (container -> /etc) outside"),
            "\(list.out)")
    }

    @Test(.enabled(if: !HostileBundle.isRoot, "a mode 000 directory is searchable as root"))
    func aRunWithoutPermissionIsListedForAUser() throws {
        let bundle = try HostileBundle()
        defer { bundle.cleanUp() }
        let other = bundle.archive + "/run-2026-11-03-unset-attribute"
        try FileManager.default.copyItem(atPath: SampleArchiveCommandTests.samples + "/run-2026-11-03-unset-attribute", toPath: other)
        bundle.chmod("container", 0)
        #expect(chmod(other, 0) == 0)
        let list = run(["runs", bundle.archive])
        #expect(list.status == 0)
        #expect(list.out.contains("\nrun-2026-11-03-unset-attribute: cannot be read: permission denied\n"), "\(list.out)")
        #expect(list.out.contains("\nrun-2026-11-02-baseline: no inventory: container/ cannot be read ("), "\(list.out)")
        #expect(try Self.entries(run(["runs", bundle.archive, "--format", "json"]).out).count == 2)
        // Alone, the closed run is named rather than the archive called empty.
        try FileManager.default.removeItem(atPath: bundle.run)
        let alone = run(["runs", bundle.archive])
        #expect(alone.status == 2)
        #expect(alone.err.contains("not read: run-2026-11-03-unset-attribute: cannot be read: permission denied"), "\(alone.err)")
    }

    /// Every entry listed with its problem and none read (a loop of links; a run whose
    /// results/ and container/ lead out of it): the list is no answer, so `runs` exits 2
    /// and says why on stderr (was: 0). One run read beside them is an answer: 0.
    @Test func anArchiveOfWhichNoRunCouldBeReadIsUnreadableInput() throws {
        let bundle = try HostileBundle()
        defer { bundle.cleanUp() }
        #expect(symlink("run-2026-11-09-loop", bundle.archive + "/run-2026-11-09-loop") == 0)
        try bundle.makeLink("container", to: "/etc")
        try bundle.makeLink("results", to: "/etc")
        for format in ["text", "json"] {
            let list = run(["runs", bundle.archive, "--format", format])
            #expect(list.status == 2, "\(list.out)\n\(list.err)")
            #expect(list.out.contains("run-2026-11-09-loop"), "\(list.out)")
            #expect(list.out.contains("run-2026-11-02-baseline"), "\(list.out)")
            #expect(
                list.err == "exhibit: \(bundle.archive): none of its 2 runs could be read (neither test results nor a container inventory); "
                    + "each is listed with its problem\n", "\(list.err)")
        }
        let text = run(["runs", bundle.archive]).out
        #expect(text.contains("\nrun-2026-11-09-loop: cannot be read: too many levels of symbolic links\n"), "\(text)")
        #expect(text.contains("\nrun-2026-11-02-baseline: no results; no inventory: container/ cannot be read ("), "\(text)")

        // The loop alone is no archive (an error naming it, as before); the one run alone is.
        try FileManager.default.removeItem(atPath: bundle.archive + "/run-2026-11-09-loop")
        let alone = run(["runs", bundle.archive])
        #expect(alone.status == 2)
        #expect(alone.err.contains("its one run could not be read"), "\(alone.err)")

        // Results that read are enough: listed with the container's problem, status 0.
        bundle.remove("results")
        try FileManager.default.copyItem(
            atPath: SampleArchiveCommandTests.samples + "/run-2026-11-02-baseline/results", toPath: bundle.path("results"))
        let partly = run(["runs", bundle.archive])
        #expect(partly.status == 0, "\(partly.err)")
        #expect(partly.err.isEmpty, "\(partly.err)")
        #expect(partly.out.contains("\nrun-2026-11-02-baseline: no inventory: container/ cannot be read ("), "\(partly.out)")
    }

    /// Some runs unreadable, one read: 0, each unreadable one listed with its problem.
    @Test func aReadRunBesideUnreadableOnesIsStillAList() throws {
        let bundle = try HostileBundle()
        defer { bundle.cleanUp() }
        #expect(symlink("run-2026-11-09-loop", bundle.archive + "/run-2026-11-09-loop") == 0)
        let other = bundle.archive + "/run-2026-11-10-closed"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        #expect(symlink("/etc", other + "/container") == 0)
        let list = run(["runs", bundle.archive])
        #expect(list.status == 0, "\(list.err)")
        #expect(list.out.contains("\nrun-2026-11-09-loop: cannot be read: too many levels of symbolic links\n"), "\(list.out)")
        #expect(list.out.contains("\nrun-2026-11-10-closed: no results; no inventory: container/ cannot be read ("), "\(list.out)")
    }
}
