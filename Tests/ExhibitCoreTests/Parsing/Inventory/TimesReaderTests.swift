import Foundation
import Testing

@testable import ExhibitCore

/// `container/times.txt` as GNU find, GNU stat and macOS stat print it, quirks included,
/// and its times on the inventory's nodes.
@Suite struct TimesReaderTests {
    static func read(_ text: String) throws(Diagnostic) -> ([TimeRecord], [Diagnostic]) {
        var warnings: [Diagnostic] = []
        let records = try TimesReader.read(Array(text.utf8), file: "container/times.txt", warnings: &warnings)
        return (records, warnings)
    }

    @Test func timesWithAnyFractionAndPathsAsFindAndStatPrintThem() throws {
        let (records, warnings) = try Self.read(
            "1796140205.2600014500\t1796140208.0000000000\tDocuments/a.txt\n"
                + "1796140205.260001450\t1796140205.260001450\t./Library/Caches/b\n" + "1796140205\t1796140206\tLibrary//Preferences\n"
                + "1796140205,5\t1796140206,25\ttmp/c\n")
        #expect(warnings.isEmpty)
        #expect(records.map(\.path) == ["Documents/a.txt", "Library/Caches/b", "Library/Preferences", "tmp/c"])
        #expect(abs((records[0].birth ?? 0) - 1_796_140_205.260_001_45) < 1e-6)
        #expect(records[0].modification == 1_796_140_208)
        #expect(records[3].birth == 1_796_140_205.5)
        #expect(records.map(\.line) == [1, 2, 3, 4])
    }

    /// What the tools print when the file system keeps no birth time: never a time.
    @Test func unknownBirthTimesAreNotTimes() throws {
        let (records, warnings) = try Self.read(
            "-1.-000000010\t1796140205.2600014500\ta\n" + "\t1796140205.26\tb\n" + "0\t1796140205\tc\n" + "-\t1796140205\td\n" + "?\t1796140205\te\n"
                + "0.000000000\t1796140205\tf\n")
        #expect(warnings.isEmpty)
        #expect(records.count == 6)
        #expect(records.allSatisfy { $0.birth == nil })
        #expect(records.allSatisfy { $0.modification != nil })
    }

    @Test func badLinesAreSkippedWithTheirPosition() throws {
        let (records, warnings) = try Self.read(
            "1796140205\tDocuments/one-tab\n" + "1796140205\tsoon\tDocuments/b\n" + "1796140205\t1796140205\t/abs/path\n" + "1796140205\t1796140205\t../up\n"
                + "yesterday\t1796140205\tDocuments/c\n" + "# comment\n\n" + "1796140205\t1796140205\tDocuments/ok\n")
        #expect(records.map(\.path) == ["Documents/c", "Documents/ok"])
        #expect(records[0].birth == nil)
        let lines = warnings.compactMap(\.position?.line)
        #expect(lines == [1, 2, 3, 4, 5])
        #expect(warnings[0].message.contains("expected 'birth<TAB>modification<TAB>path', found 1 TAB(s)"))
        #expect(warnings[1].message.contains("expected a modification time"))
        #expect(warnings[2].message.contains("container-relative path"))
        #expect(warnings[4].message.contains("taken as not recorded"))
    }

    @Test func aFileWithNoUsableLineIsMalformed() {
        #expect(throws: Diagnostic.self) { try Self.read("not a times file\nat all\n") }
        #expect((try? Self.read("")).map { $0.0.isEmpty } == true)
    }

    @Test func nulTerminatedRecordsKeepNewlinesInNames() throws {
        let (records, _) = try Self.read("1796140205\t1796140206\tDocuments/two\nlines\u{0}1796140207\t1796140208\tDocuments/x\u{0}")
        #expect(records.map(\.path) == ["Documents/two\nlines", "Documents/x"])
    }

    /// Real GNU find and GNU stat over a directory made here; whatever this file system
    /// keeps, every line reads, and a birth time is either unknown or the one stat gives.
    @Test(.enabled(if: RealTool.installed("find", "stat"), RealTool.absent("find", "stat")))
    func realFindAndStatOutputReads() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-times-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Documents/Deep"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        for name in ["Documents/a.txt", "Documents/Deep/b c.bin", "tmp.log"] {
            _ = FileManager.default.createFile(atPath: root.appendingPathComponent(name).path, contents: Data("x".utf8))
        }
        let find = try RealTool.run("find", [root.path, "-mindepth", "1", "-printf", "%B@\\t%T@\\t%P\\n"])
        #expect(find.status == 0)
        var warnings: [Diagnostic] = []
        let fromFind = try TimesReader.read(find.stdout, file: "container/times.txt", warnings: &warnings)
        #expect(warnings.isEmpty, "\(warnings) in \(find.text)")
        #expect(Set(fromFind.map(\.path)) == ["Documents", "Documents/a.txt", "Documents/Deep", "Documents/Deep/b c.bin", "tmp.log"])
        #expect(fromFind.allSatisfy { $0.modification != nil })

        let paths = fromFind.map { root.appendingPathComponent($0.path).path }
        let stat = try RealTool.run("stat", ["-c", "%.9W\t%.9Y\t%n"] + paths)
        #expect(stat.status == 0)
        let prefix = root.path + "/"
        let relative = stat.text.split(separator: "\n").map { line -> String in
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            return "\(fields[0])\t\(fields[1])\t\(fields[2].dropFirst(prefix.count))"
        }.joined(separator: "\n")
        let fromStat = try TimesReader.read(Array(relative.utf8), file: "container/times.txt", warnings: &warnings)
        #expect(warnings.isEmpty)
        #expect(fromStat.map(\.path) == fromFind.map(\.path))
        for (f, s) in zip(fromFind, fromStat) {
            #expect(abs((f.modification ?? 0) - (s.modification ?? 1)) < 1e-6)
            // GNU find of some versions cannot get a birth time where stat can (it prints
            // -1.-000000010); where both have one, they agree.
            if let fb = f.birth, let sb = s.birth { #expect(abs(fb - sb) < 1e-6) }
        }
    }

    /// The list-form sample run: every item gets its times, and the births are the
    /// steps.tsv times the storage layer wrote.
    @Test func theSampleRunsTimesLandOnItsNodes() throws {
        let bundle = SampleRun("run-2026-11-06-junit-files-list").load()
        #expect(bundle.status(of: EvidenceLayout.timesList) == .loaded)
        let times = try #require(bundle.fileTimes)
        let inventory = try #require(bundle.inventory)
        #expect(times.birthCount == inventory.count - 1)
        var w: [Diagnostic] = []
        let steps = try StepsReader.read(
            try #require(SampleRun("run-2026-11-06-junit-files-list").files[EvidenceLayout.steps]), file: EvidenceLayout.steps, warnings: &w)
        #expect(!steps.isEmpty)
        for record in steps {
            guard let node = inventory.lookup(record.path), let time = record.time, let written = ISO8601Timestamp.secondsSince1970(time) else {
                continue
            }
            #expect(times.birth(node) == written + 0.25, "\(record.path)")
            #expect(times.modification(node) == written + 3.75)
        }
    }

    @Test func pathsNotInTheInventoryAreCountedInANote() throws {
        let bundle = SampleRun("run-2026-11-06-junit-files-list").load(
            replacing: EvidenceLayout.timesList, with: Array("1796140205\t1796140206\tDocuments/nowhere\n1796140205\t1796140206\tDocuments\n".utf8))
        #expect(bundle.diagnostics.contains { $0.file == EvidenceLayout.timesList && $0.message.contains("1 time record(s) name paths not in the inventory") })
        #expect(bundle.fileTimes?.birthCount == 1)
    }
}
