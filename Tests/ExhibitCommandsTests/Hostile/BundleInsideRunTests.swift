import ExhibitCore
import Foundation
import Testing

@testable import ExhibitApp
@testable import ExhibitCommands
@testable import ExhibitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A result bundle opened on its own from inside a run is that run's evidence (review
/// repro-7): `-o` into the run is refused and `--class` writes nothing in it, however
/// the bundle's path is spelled (`..`, `./`, links to the bundle, the run or its
/// `results/`); its records go beside the run's archive, in a subdirectory of their own.
@Suite struct BundleInsideRunTests {
    func run(_ args: [String]) -> (status: Int32, out: String, err: String) { CollectRunner.exhibit(args) }

    /// Every entry under `root` with its kind, mode, size and a hash of its bytes (a
    /// link: its target): equal listings mean a byte-identical tree.
    static func listing(of root: String) throws -> [String] {
        var out: [String] = []
        let walker = try #require(FileManager.default.enumerator(atPath: root))
        while let relative = walker.nextObject() as? String {
            let path = root + "/" + relative
            var st = stat()
            guard lstat(path, &st) == 0 else {
                out.append(relative + " unreadable")
                continue
            }
            switch st.st_mode & S_IFMT {
            case S_IFLNK:
                out.append(relative + " link " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"))
            case S_IFDIR:
                out.append(relative + " dir \(String(st.st_mode & 0o7777, radix: 8))")
            default:
                let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
                out.append(relative + " file \(String(st.st_mode & 0o7777, radix: 8)) \(bytes.count) \(String(hash, radix: 16))")
            }
        }
        return out.sorted()
    }

    /// The ways of naming `RUN/results/Vault.xcresult` (made in `archive`).
    static let spellings = ["plain", "dot-dot", "dot", "link to the bundle", "link to the run", "link to results"]

    static func bundlePath(_ spelling: String, archive: String, run: String) throws -> String {
        switch spelling {
        case "dot-dot": return run + "/results/../results/Vault.xcresult"
        case "dot": return run + "/./results/./Vault.xcresult"
        case "link to the bundle":
            #expect(symlink(run + "/results/Vault.xcresult", archive + "/Linked.xcresult") == 0)
            return archive + "/Linked.xcresult"
        case "link to the run":
            #expect(symlink(run, archive + "/latest") == 0)
            return archive + "/latest/results/Vault.xcresult"
        case "link to results":
            #expect(symlink(run + "/results", archive + "/results-of-latest") == 0)
            return archive + "/results-of-latest/Vault.xcresult"
        default: return run + "/results/Vault.xcresult"
        }
    }

    @Test(arguments: spellings)
    func aBundleInsideARunWritesNothingIntoTheRun(_ spelling: String) throws {
        let bundle = try HostileBundle(copying: "run-2026-11-03-unset-attribute")
        defer { bundle.cleanUp() }
        let before = try Self.listing(of: bundle.run)
        let path = try Self.bundlePath(spelling, archive: bundle.archive, run: bundle.run)
        let runName = URL(fileURLWithPath: bundle.run).lastPathComponent

        // -o into the run, beside the bundle, and a --notes directory there: refused.
        for output in [bundle.run + "/note.md", bundle.run + "/results/note.md", bundle.run + "/container/note.md"] {
            let note = run(["note", path, "-o", output, "--force"])
            #expect(note.status == 2, "\(spelling): \(output) accepted")
            // Named as the path names it: through `latest`, the run is `latest`.
            #expect(note.err.contains("is inside the run \(spelling == "link to the run" ? "latest" : runName)"), "\(spelling): \(note.err)")
        }
        let refused = run(["note", path, "--class", "unset-attribute", "--notes", bundle.run + "/results/notes"])
        #expect(refused.status == 2, "\(spelling): \(refused.err)")
        // -o inside the bundle itself: refused too.
        #expect(run(["note", path, "-o", path + "/note.md"]).status == 2)

        // --class: recorded beside the archive, in the run's own subdirectory.
        let classified = run(["note", path, "--class", "unset-attribute", "--comment", "x"])
        #expect(classified.status == 0, "\(spelling): \(classified.err)")
        let notes = bundle.archive + "/.exhibit/notes/" + runName + "%2Fresults"
        let name = URL(fileURLWithPath: path).lastPathComponent
        let store = NotesStore(directory: notes)
        #expect(try store.record(for: name)?.comment == "x", "\(spelling): no record in \(notes): \(classified.err)")
        // And the note beside the archive is fine.
        #expect(run(["note", path, "-o", bundle.archive + "/note.md"]).status == 0)

        #expect(try Self.listing(of: bundle.run) == before, "\(spelling): the run changed")
    }

    /// The UI's classify on a bare bundle inside a run: the store the UI gets is beside
    /// the archive, and its writes leave the run as it was.
    @Test func theUIsStoreForABundleInsideARunIsOutsideTheRun() throws {
        let bundle = try HostileBundle(copying: "run-2026-11-03-unset-attribute")
        defer { bundle.cleanUp() }
        let before = try Self.listing(of: bundle.run)
        let url = URL(fileURLWithPath: bundle.run + "/results/Vault.xcresult")
        let store = OpenRun.notesStore(for: url, override: nil, environment: [:])
        #expect(!PathContainment.isInside(store.directory, directory: bundle.run), "\(store.directory)")
        let loaded = RunLocator.loadRun(at: url)
        let record = TriageRecord(runID: loaded.runID, failureClass: .unsetAttribute, author: "t", time: 1, proposed: nil)
        _ = try store.save(record)
        _ = try store.saveNote("note", for: loaded.runID)
        #expect(try store.record(for: loaded.runID)?.failureClass == .unsetAttribute)
        #expect(try Self.listing(of: bundle.run) == before)
        // A --notes inside the run is refused at the write.
        let inside = OpenRun.notesStore(for: url, override: bundle.run + "/results/notes", environment: [:])
        #expect(throws: NotesStore.Failure.self) { try inside.save(record) }
        #expect(!FileManager.default.fileExists(atPath: bundle.run + "/results/notes"))
    }

    /// Two runs' bundles of the same name never share a record; a run's own record is
    /// where it always was.
    @Test func twoRunsBundlesKeepTheirOwnRecords() throws {
        let bundle = try HostileBundle(copying: "run-2026-11-03-unset-attribute")
        defer { bundle.cleanUp() }
        let other = bundle.archive + "/run-2026-11-04-misplaced-file"
        try FileManager.default.copyItem(atPath: SampleArchiveCommandTests.samples + "/run-2026-11-04-misplaced-file", toPath: other)
        #expect(FileManager.default.fileExists(atPath: other + "/results/Vault.xcresult"))
        let first = OpenRun.notesStore(for: URL(fileURLWithPath: bundle.run + "/results/Vault.xcresult"), override: nil, environment: [:])
        let second = OpenRun.notesStore(for: URL(fileURLWithPath: other + "/results/Vault.xcresult"), override: nil, environment: [:])
        #expect(first.directory != second.directory)
        #expect(OpenRun.notesStore(for: URL(fileURLWithPath: bundle.run), override: nil, environment: [:]).directory == bundle.archive + "/.exhibit/notes")
        // A bundle in no run keeps its records beside it, as before.
        let loose = bundle.archive + "/build"
        try FileManager.default.createDirectory(atPath: loose, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: bundle.run + "/results/Vault.xcresult", toPath: loose + "/Run.xcresult")
        let looseStore = OpenRun.notesStore(for: URL(fileURLWithPath: loose + "/Run.xcresult"), override: nil, environment: [:])
        #expect(looseStore.directory == loose + "/.exhibit/notes")
    }

    @Test func aReadOnlyArchiveSendsABundlesRecordsToTheStateDirectory() throws {
        let bundle = try HostileBundle(copying: "run-2026-11-03-unset-attribute")
        defer {
            chmod(bundle.archive, 0o755)
            bundle.cleanUp()
        }
        let url = URL(fileURLWithPath: bundle.run + "/results/Vault.xcresult")
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-state-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        chmod(bundle.archive, 0o555)
        guard access(bundle.archive, W_OK) != 0 else { return }  // running as root: permissions do not apply
        let store = OpenRun.notesStore(for: url, override: nil, environment: ["XDG_STATE_HOME": state])
        #expect(store.directory.hasPrefix(state + "/exhibit/notes/"))
        #expect(store.directory.hasSuffix("/" + URL(fileURLWithPath: bundle.run).lastPathComponent + "%2Fresults"))
    }
}

/// An archive entry may be a link to a run kept elsewhere: writing through the link is
/// writing into that run (review round 2: `-o ARCHIVE/linked/note.md` wrote into the
/// linked run's evidence).
@Suite struct LinkedRunWriteTests {
    @Test func noteOutputThroughALinkedRunOfTheArchiveIsRefused() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-linked-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base + "/store", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: base + "/archive", withIntermediateDirectories: true)
        let samples = SampleArchiveCommandTests.samples
        try FileManager.default.copyItem(atPath: samples + "/run-2026-11-04-misplaced-file", toPath: base + "/store/realrun")
        try FileManager.default.copyItem(atPath: samples + "/run-2026-11-02-baseline", toPath: base + "/archive/run-2026-11-02-baseline")
        try FileManager.default.createSymbolicLink(atPath: base + "/archive/linked", withDestinationPath: base + "/store/realrun")
        let before = try FileManager.default.subpathsOfDirectory(atPath: base + "/store/realrun").sorted()

        for target in [base + "/archive/linked/note.md", base + "/archive/linked/results/note.md"] {
            let result = CollectRunner.exhibit(["note", base + "/archive/run-2026-11-02-baseline", "-o", target, "--force"])
            #expect(result.status == 2, "\(target): \(result.err)")
            #expect(result.err.contains("is inside the run linked"), "\(result.err)")
        }
        let written = CollectRunner.exhibit(["note", base + "/archive/run-2026-11-02-baseline", "-o", base + "/note.md"])
        #expect(written.status == 0, "\(written.err)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: base + "/store/realrun").sorted() == before)
    }
}
