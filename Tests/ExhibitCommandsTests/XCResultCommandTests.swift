import Foundation
import Testing

@testable import ExhibitCommands

/// The commands over real result bundles (`../shared/real-evidence/xcresult/`, never
/// committed), opened bare (`exhibit summary X.xcresult`) and inside a run
/// (`results/X.xcresult`), on a copy: nothing in it changes, and no database,
/// journal or WAL file appears (xcresulttool would leave a database.sqlite3 behind).
@Suite(.enabled(if: RealBundles.isPresent, "skipped: ../shared/real-evidence is absent (third-party files are read from there, never committed)"))
struct XCResultCommandTests {
    static let bundles = RealBundles.names

    func run(_ args: [String]) -> (status: Int32, out: String, err: String) { CollectRunner.exhibit(args) }

    /// A temporary directory holding `name` bare and inside `run/results/`.
    func copies(of name: String) throws -> (dir: String, bare: String, run: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-xcresult-\(UUID().uuidString)").path
        let run = dir + "/run-2026-12-01-xcresult"
        try FileManager.default.createDirectory(atPath: run + "/results", withIntermediateDirectories: true)
        let source = RealBundles.shared.appendingPathComponent(name).path
        try FileManager.default.copyItem(atPath: source, toPath: dir + "/" + name)
        try FileManager.default.copyItem(atPath: source, toPath: run + "/results/" + name)
        // Copies of read-only files are read-only; make them writable, as an
        // artifact download would be, so a writer could not be stopped by permissions.
        for path in FileManager.default.subpaths(atPath: dir) ?? [] {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir + "/" + path)
        }
        return (dir, dir + "/" + name, run)
    }

    @Test(arguments: bundles) func summaryOpensABareBundle(_ name: String) throws {
        let (dir, bare, _) = try copies(of: name)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = run(["summary", bare])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("(from xcresult bundle)"))
        #expect(r.out.contains("Failing tests ("))
        #expect(r.out.contains("Container  no inventory in the bundle"))
        #expect(r.out.contains("loaded      results/\(name)/Data"))
        let json = run(["summary", bare, "--format", "json"])
        #expect(json.status == 0)
        #expect(json.out.contains("\"xcresult bundle\""))
    }

    /// `check` on a bare bundle: no inventory, so no verdict (exit 2), never a pass; and
    /// neither `check` nor the note calls the unseen container clean (review D2): its
    /// violations are unknown, not 0, and no class is proposed.
    @Test(arguments: bundles) func checkAndNoteOfABareBundleSayTheContainerWasNotChecked(_ name: String) throws {
        let (dir, bare, _) = try copies(of: name)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = run(["check", bare])
        #expect(r.status == 2)
        #expect(r.err.contains("no container inventory could be read"))
        for claim in ["no violations", "not a boundary failure", "breaks no blocking rule", "explained by no violation", "nothing blocks\n"] {
            #expect(!r.out.contains(claim), "\(claim): \(r.out)")
        }
        #expect(r.out.contains("\nviolations: unknown: the container was not checked"), "\(r.out)")
        #expect(r.out.contains("\nproposed classification: none (container not checked)\n"), "\(r.out)")
        #expect(r.out.contains("\nresult: container not checked, its violations unknown;"), "\(r.out)")

        let json = run(["check", bare, "--format", "json"])
        #expect(json.status == 2)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["blocking"] is NSNull && object["containerChecked"] as? Bool == false)
        let counts = try #require(object["counts"] as? [String: Any])
        #expect(["unset-attribute", "misplaced-file", "skipped-cleanup", "unruled"].allSatisfy { counts[$0] is NSNull }, "\(counts)")
        let classification = try #require(object["classification"] as? [String: Any])
        #expect(classification["proposed"] is NSNull && classification["confidence"] as? String == "container-not-checked")

        let note = run(["note", bare, "--notes", dir + "/notes"])
        #expect(note.out.contains("No class proposed by exhibit (container not checked), not yet confirmed."), "\(note.out)")
        #expect(note.out.contains("### Violations (unknown: container not checked)\n"), "\(note.out)")
        #expect(!note.out.contains("None.") && !note.out.contains("not a boundary failure"), "\(note.out)")
    }

    /// 0 intact, 1 damaged (an object removed, as artifact pruning does), 2 unreadable.
    @Test func verifyExitStatusSaysIntactDamagedOrUnreadable() throws {
        let (dir, bare, runDir) = try copies(of: Self.bundles[1])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let intact = run(["verify", bare])
        #expect(intact.status == 0, "\(intact.out)\(intact.err)")
        #expect(intact.out.contains(": intact\n"))
        #expect(intact.out.contains("database.sqlite3: present, 40 tables, Xcode 26 schema, 3 test case runs"))
        let data = runDir + "/results/\(Self.bundles[1])/Data"
        // The largest object (a log), which the root's graph names; orphans are small.
        let victim = try #require(
            try FileManager.default.contentsOfDirectory(atPath: data).filter { $0.hasPrefix("data.") }
                .max {
                    (try? FileManager.default.attributesOfItem(atPath: data + "/" + $0)[.size] as? Int) ?? 0
                        < (try? FileManager.default.attributesOfItem(atPath: data + "/" + $1)[.size] as? Int) ?? 0
                })
        try FileManager.default.removeItem(atPath: data + "/" + victim)
        let damaged = run(["verify", runDir])
        #expect(damaged.status == 1)
        #expect(damaged.out.contains("results/\(Self.bundles[1]): damaged"))
        #expect(damaged.out.contains("object missing (pruned from the artifact?)"))
        try FileManager.default.removeItem(atPath: bare + "/Info.plist")
        try FileManager.default.createDirectory(atPath: bare + "/Info.plist", withIntermediateDirectories: false)
        #expect(run(["verify", bare]).status == 2)
    }

    /// A database.sqlite3 that is not one: said so, nothing written beside it; the
    /// objects still verify, but the bundle is not intact (exit 1: a gate never passes
    /// on evidence it could not read; this was exit 0 before the database was read
    /// for results), and summary still shows the tests from Data/.
    @Test func aForgedDatabaseIsReportedNotOpenedForWriting() throws {
        let (dir, bare, _) = try copies(of: Self.bundles[0])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("not SQLite at all".utf8).write(to: URL(fileURLWithPath: bare + "/database.sqlite3"))
        let before = try TreeHash.of(dir)
        let r = run(["verify", bare])
        #expect(r.status == 1, "\(r.out)\(r.err)")
        #expect(r.out.contains(": intact\n"), "the objects themselves are whole")
        let summary = run(["summary", bare])
        #expect(summary.status == 0)
        #expect(summary.out.contains("malformed   results/\(Self.bundles[0])/database.sqlite3"), "\(summary.out)")
        #expect(summary.out.contains("Failing tests (5)"))
        #expect(r.out.contains("database.sqlite3: present but unreadable: "))
        #expect(try TreeHash.of(dir) == before)
    }

    @Test(arguments: bundles) func everyCommandLeavesTheBundleByteIdentical(_ name: String) throws {
        let (dir, bare, runDir) = try copies(of: name)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-out-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let before = try TreeHash.of(dir)
        // The database, where there is one, is read for results (not only probed).
        if before.keys.contains("\(name)/database.sqlite3") {
            #expect(run(["summary", bare]).out.contains("loaded      results/\(name)/database.sqlite3"))
        }
        for target in [bare, runDir] {
            for args in [
                ["summary", target], ["summary", target, "--format", "json"], ["check", target],
                ["check", target, "--format", "json"], ["verify", target], ["note", target, "--notes", out + "/notes", "-o", out + "/note.md"],
            ] {
                let r = run(args)
                #expect([0, 1, 2].contains(r.status), "\(args): \(r.err)")
            }
        }
        let after = try TreeHash.of(dir)
        #expect(Set(after.keys) == Set(before.keys), "added: \(Set(after.keys).subtracting(before.keys).sorted())")
        for (path, bytes) in before where after[path] != bytes { Issue.record("changed \(path)") }
        for path in after.keys {
            for suffix in ["database.sqlite3-wal", "database.sqlite3-shm", "database.sqlite3-journal"] {
                #expect(!path.hasSuffix(suffix), "created \(path)")
            }
            if path.hasSuffix("database.sqlite3") { #expect(before[path] != nil, "created \(path)") }
        }
    }
}

enum RealBundles {
    static let shared = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/real-evidence/xcresult")
    static var isPresent: Bool { FileManager.default.fileExists(atPath: shared.path) }
    static let names = ["dodo-SPM-26.1.1-iOS.xcresult", "xcresultparser-test_repeated.xcresult"]
}
