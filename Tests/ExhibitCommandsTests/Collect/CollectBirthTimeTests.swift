import ExhibitCore
import Foundation
import Testing

@testable import ExhibitIO

/// Birth times as `collect` records them: macOS `st_birthtimespec`, Linux `statx`
/// (through the C shim, since Swift's Glibc module has no `statx`) where the kernel and
/// the file system keep one. What the file system here keeps is asked of GNU stat
/// (`%W`: 0 or `-` when it keeps none), so the test checks either the time or its absence.
@Suite struct CollectBirthTimeTests {
    /// `stat -c %W PATH` on Linux: the whole-second birth time, or nil where stat
    /// prints 0 or `-` (no birth time kept, or no statx).
    static func statBirthSeconds(_ path: String) throws -> Int64?? {
        #if os(Linux)
            let runner = ProcessRunner(environment: ProcessInfo.processInfo.environment)
            guard runner.resolve("stat") != nil else { return .none }
            let out = try runner.run(["stat", "-c", "%W", path])
            let text = String(decoding: out.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard out.status == 0 else { return .none }
            guard let seconds = Int64(text), seconds > 0 else { return .some(nil) }
            return .some(seconds)
        #else
            return .none
        #endif
    }

    @Test func aNewFileGetsTheBirthTimeTheFileSystemKeeps() throws {
        let s = try CollectScratch()
        defer { s.remove() }
        let before = Date().timeIntervalSince1970
        try s.makeFile(Array("container/Documents/new.bin".utf8), size: 3)
        let path = s.root + "/container/Documents/new.bin"
        let birth = ContainerWalker.linuxBirthTime(Array(path.utf8CString))
        #if os(Linux)
            let stat = try Self.statBirthSeconds(path)
            switch stat {
            case .none:
                Issue.record("GNU stat did not run: the birth time cannot be checked against it")
            case .some(nil):
                // The file system (or the kernel) keeps no birth time: absent, never made up.
                print("CollectBirthTimeTests: stat -c %W prints 0 or '-' here; checking that no birth time is recorded")
                #expect(birth == nil)
            case .some(let seconds?):
                let got = try #require(birth, "stat sees a birth time (\(seconds)) that statx through the shim did not return")
                #expect(Int64(got.rounded(.down)) == seconds)
                #expect(got >= before.rounded(.down) - 1 && got <= Date().timeIntervalSince1970 + 1, "born now, not \(got)")
            }
        #else
            // Not Linux: the shim answers "absent"; the walk takes st_birthtimespec instead.
            #expect(birth == nil)
            let scan = try ContainerWalker.walk(root: s.root + "/container", exclusion: BackupExclusionProbe())
            let node = try #require(scan.inventory.lookup("Documents/new.bin"))
            let got = try #require(scan.times.birth(node))
            #expect(abs(got - before) < 5)
        #endif
    }

    /// A path statx cannot see is "absent", as a file system without birth times is.
    @Test func aMissingPathHasNoBirthTime() {
        #expect(ContainerWalker.linuxBirthTime(Array("/nonexistent/exhibit-birth".utf8CString)) == nil)
    }

    /// The walk's birth times come back, to the microsecond, from the ncdu inventory's
    /// `x_btime` and from times.txt, each read by its own reader.
    @Test func birthTimesRoundTripThroughTheInventoryAndTimesTxt() throws {
        let s = try CollectScratch()
        defer { s.remove() }
        try s.makeFile(Array("container/Documents/a.txt".utf8), size: 3)
        try s.makeFile(Array("container/tmp/b.tmp".utf8), size: 1)
        let scan = try ContainerWalker.walk(root: s.root + "/container", exclusion: BackupExclusionProbe())
        let run = s.root + "/RUN"
        let r = CollectRunner.collect(["--container", s.root + "/container", "--out", run], environment: ["PATH": "/nonexistent"])
        #expect(r.status == 0, "\(r.err)")

        var warnings: [Diagnostic] = []
        let inventoryBytes = Array(try Data(contentsOf: URL(fileURLWithPath: run + "/container/inventory.json")))
        let document = try NcduInventoryReader.readDocument(inventoryBytes, file: "inventory.json", warnings: &warnings)
        let timesBytes = Array(try Data(contentsOf: URL(fileURLWithPath: run + "/container/times.txt")))
        let records = try TimesReader.read(timesBytes, file: "times.txt", warnings: &warnings)
        #expect(warnings.isEmpty, "\(warnings)")
        var compared = 0
        for path in ["Documents", "Documents/a.txt", "tmp", "tmp/b.tmp"] {
            let walked = try #require(scan.inventory.lookup(path))
            let read = try #require(document.inventory.lookup(path))
            let walkedBirth = scan.times.birth(walked)
            #expect(document.times?.birth(read) == walkedBirth, "x_btime of \(path)")
            let record = try #require(records.first { $0.path == path }, "\(path) in times.txt")
            switch (record.birth, walkedBirth) {
            case (nil, nil): break
            case (let a?, let b?):
                #expect(abs(a - b) < 1e-6, "times.txt birth of \(path)")
                compared += 1
            default: Issue.record("times.txt says \(String(describing: record.birth)) for \(path), the walk \(String(describing: walkedBirth))")
            }
        }
        #if os(macOS)
            #expect(compared == 4, "macOS keeps birth times")
        #endif
    }
}
