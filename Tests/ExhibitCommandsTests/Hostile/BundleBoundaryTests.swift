import ExhibitCore
import Foundation
import Testing

@testable import ExhibitCommands
@testable import ExhibitIO

/// Issue 15 §9 and §10: the bundle is a boundary. Links are followed only while they
/// stay inside the run; a link out is reported as a link and its target never read, so
/// host files never reach a diagnostic, and a link to /proc/kmsg cannot hang a command.
@Suite struct BundleBoundaryTests {
    func run(_ args: [String]) -> (status: Int32, out: String, err: String) { CollectRunner.exhibit(args) }

    @Test(arguments: ["/etc/passwd", "/proc/self/environ", "../../../../../../../../etc/passwd", "/proc/kmsg"])
    func aLinkOutOfTheRunIsReportedAndNeverRead(_ target: String) throws {
        let bundle = try HostileBundle()
        defer { bundle.cleanUp() }
        try bundle.makeLink("steps.tsv", to: target)
        try bundle.makeLink("container/du.txt", to: target)
        for format in ["text", "json"] {
            let summary = run(["summary", bundle.run, "--format", format])
            #expect(summary.status == 0)
            #expect(summary.out.contains("steps.tsv -> \(target)"), "\(summary.out)")
            // Nothing of the target's contents: no passwd line, no environment variable.
            #expect(!summary.out.contains("root:"), "\(summary.out)")
            #expect(!summary.out.contains("PATH="), "\(summary.out)")
        }
        let check = run(["check", bundle.run])
        #expect(check.out.contains("unreadable steps.tsv: "), "\(check.out)")
        #expect(!check.out.contains("root:") && !check.out.contains("PATH="))
    }

    /// A name that starts with a combining mark makes the `/` before it and the mark one
    /// Character: a path split by Characters kept `results/\u{301}secret.txt` whole, and
    /// `fstatat` walked through the `results` link out of the run to the host's file.
    /// Split by bytes, the link is seen and refused.
    @Test func aCombiningMarkAfterASlashDoesNotHideALinkOut() throws {
        let fm = FileManager.default
        let base = fm.temporaryDirectory.appendingPathComponent("exhibit-boundary-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: base) }
        let host = base.appendingPathComponent("host")
        let run = base.appendingPathComponent("run")
        try fm.createDirectory(at: host, withIntermediateDirectories: true)
        try fm.createDirectory(at: run, withIntermediateDirectories: true)
        let name = "\u{301}secret.txt"
        try Data("host secret".utf8).write(to: host.appendingPathComponent(name))
        try fm.createSymbolicLink(atPath: run.appendingPathComponent("results").path, withDestinationPath: host.path)
        let source = DirectoryEvidenceSource(root: run)
        do {
            let bytes = try source.read("results/" + name)
            Issue.record("read through the link: \(String(decoding: bytes ?? [], as: UTF8.self))")
        } catch {
            #expect(error.reason.contains("symbolic link"), "\(error)")
        }
    }

    @Test func aLinkedPreferencesDirectoryDoesNotLoadTheHostsPlists() throws {
        let bundle = try HostileBundle(copying: "run-2026-11-07-preferences")
        defer { bundle.cleanUp() }
        // A host directory holding a plist, linked in place of the copies.
        let host = bundle.archive + "/host-preferences"
        try FileManager.default.createDirectory(atPath: host, withIntermediateDirectories: true)
        try Data("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>HostSecret</key><string>s3cret</string></dict></plist>".utf8)
            .write(to: URL(fileURLWithPath: host + "/com.host.plist"))
        try bundle.makeLink("container/preferences", to: host)
        let loaded = RunLocator.loadRun(at: URL(fileURLWithPath: bundle.run))
        #expect(loaded.preferences.isEmpty)
        guard case .unreadable(let why)? = loaded.status(of: EvidenceLayout.preferencesDirectory) else {
            Issue.record("container/preferences: \(String(describing: loaded.status(of: EvidenceLayout.preferencesDirectory)))")
            return
        }
        #expect(why.contains("symbolic link"))
        // The same link, relative and climbing out: refused too.
        try bundle.makeLink("container/preferences", to: "../../host-preferences")
        let climbing = RunLocator.loadRun(at: URL(fileURLWithPath: bundle.run))
        #expect(climbing.preferences.isEmpty)
        #expect(climbing.diagnostics.contains { $0.message.contains("leads out of the run directory") })
    }

    @Test func aLinkThatStaysInsideTheRunIsFollowed() throws {
        let bundle = try HostileBundle(copying: "run-2026-11-04-misplaced-file")
        defer { bundle.cleanUp() }
        try FileManager.default.createDirectory(atPath: bundle.path("shared"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: bundle.path("rules.json"), toPath: bundle.path("shared/rules.json"))
        try bundle.makeLink("rules.json", to: "shared/../shared/rules.json")
        let loaded = RunLocator.loadRun(at: URL(fileURLWithPath: bundle.run))
        #expect(loaded.rules.bytes != nil)
        #expect(loaded.status(of: EvidenceLayout.rules) == .loaded)
        #expect(run(["check", bundle.run]).status == 1)
    }

    /// The regular-file check holds for the resolved target: a link inside the run to a FIFO.
    @Test func aLinkToAFIFOInsideTheRunIsRefusedWithoutWaiting() throws {
        let bundle = try HostileBundle()
        defer { bundle.cleanUp() }
        try bundle.makeFIFO("pipe")
        try bundle.makeLink("steps.tsv", to: "pipe")
        let loaded = RunLocator.loadRun(at: URL(fileURLWithPath: bundle.run))
        #expect(loaded.status(of: EvidenceLayout.steps) == .unreadable("not a regular file (a FIFO); refusing to read it"))
    }

    /// /proc files say size 0 and block or never end (`/proc/kmsg`): read to the size
    /// at the open, they give nothing and return at once instead of hanging.
    @Test(.enabled(if: ReadOnlyFileTests.hasProcFileSystem, "/proc exists on Linux only"))
    func aFileOnProcIsReadToItsSizeAtTheOpen() throws {
        let source = DirectoryEvidenceSource(root: URL(fileURLWithPath: "/proc/self"))
        #expect(try source.read("status") == [])
        let stream = try #require(try source.stream("status"))
        var buffer = [UInt8](repeating: 0, count: 4096)
        #expect(try buffer.withUnsafeMutableBytes { try stream.read(into: $0) } == 0)
    }

    @Test func anUnlistableResultsDirectoryIsUnreadableNotMissing() throws {
        let bundle = try HostileBundle()
        defer { bundle.cleanUp() }
        try bundle.makeLink("results", to: "/etc")
        let loaded = RunLocator.loadRun(at: URL(fileURLWithPath: bundle.run))
        #expect(
            loaded.files.filter { $0.file.hasPrefix("results/") }.allSatisfy { $0.state != .missing },
            "\(loaded.files)")
        guard case .unreadable? = loaded.status(of: EvidenceLayout.resultsDirectory) else {
            Issue.record("results: \(String(describing: loaded.status(of: EvidenceLayout.resultsDirectory)))")
            return
        }
    }

    @Test(.enabled(if: !HostileBundle.isRoot, "a mode 000 directory is searchable as root"))
    func aResultsDirectoryWithoutPermissionIsUnreadableForAUser() throws {
        let bundle = try HostileBundle()
        defer { bundle.cleanUp() }
        bundle.chmod("results", 0)
        let loaded = RunLocator.loadRun(at: URL(fileURLWithPath: bundle.run))
        #expect(loaded.status(of: EvidenceLayout.summaryJSON) != .missing)
        #expect(loaded.status(of: EvidenceLayout.resultsDirectory) != nil)
    }

    /// Reads stop at the size the file had when opened (issue 15 §7): a file still growing
    /// is read to that size, not until memory runs out.
    @Test func aFileGrowingWhileReadIsReadToItsSizeAtTheOpen() throws {
        let bundle = try HostileBundle()
        defer { bundle.cleanUp() }
        let original = try Data(contentsOf: URL(fileURLWithPath: bundle.path("steps.tsv")))
        let source = DirectoryEvidenceSource(root: URL(fileURLWithPath: bundle.run))
        let stream = try #require(try source.stream(EvidenceLayout.steps))
        let appender = try FileHandle(forWritingTo: URL(fileURLWithPath: bundle.path("steps.tsv")))
        appender.seekToEndOfFile()
        appender.write(Data(repeating: 0x41, count: 1 << 20))
        try appender.close()
        var read = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
            if n == 0 { break }
            read += n
        }
        #expect(read == original.count)
        // readAll too: the file is now 1 MiB longer than it was, and read whole as it is now.
        let whole = try #require(try source.read(EvidenceLayout.steps))
        #expect(whole.count == original.count + (1 << 20))
    }
}

/// Issue 15 §9: a file that is not the kind expected (a copy of a host file) is quoted
/// only in a short excerpt, not a warning per line.
@Suite struct RejectedFileExcerptTests {
    @Test(arguments: ["container/du.txt", "steps.tsv"]) func aFileOfTheWrongKindIsQuotedInAShortExcerpt(_ file: String) throws {
        let bundle = try HostileBundle()
        defer { bundle.cleanUp() }
        let passwdLike = (1...300).map { "user\($0):x:\($0):\($0):User \($0) token-\($0):/home/user\($0):/bin/bash\n" }.joined()
        try bundle.write(file, passwdLike)
        let c = Console.capturing()
        #expect(Exhibit.run(["summary", bundle.run], console: c) == 0)
        let out = c.captured!.out
        let quotedLines = out.split(separator: "\n").filter { $0.contains("token-") }.count
        #expect(quotedLines <= 3, "\(out)")
        #expect(out.contains("\(file): note: further warnings not listed"), "\(out)")
    }
}
