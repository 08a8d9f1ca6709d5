import Foundation
import Testing

@testable import ExhibitCore
@testable import ExhibitRules

/// The one table of evidence artifacts holds what the loader, run detection, the fuzz
/// tables and the size limits do (the man page and the damaged samples have their own
/// suites: `ManualArtifactsTests`, `MalformedEvidenceTests`).
@Suite struct EvidenceArtifactTests {
    /// Every file of the committed sample runs and of a result bundle in the real
    /// format, by bundle-relative path: the artifacts as they occur.
    static let samples: [(run: String, files: [String: [UInt8]])] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: SampleRun.archives.path)) ?? []
        var out = names.filter { $0.hasPrefix("run-") }.sorted().map { name in (name, SampleRun(name).files) }
        var w = XCResultWriter()
        XCResultFixture(actions: [
            .init(runs: [
                XCResultFixture.Run(
                    identifier: "T/testA()", status: "Failure",
                    failures: [("boom", "T.swift", 3)])
            ])
        ]).write(into: &w)
        out.append(("xcresult", w.files))
        return out
    }()

    @Test func pathsAreUniqueAndEachNamesItsOwnRow() {
        #expect(Set(EvidenceArtifact.all.map(\.path)).count == EvidenceArtifact.all.count)
        for row in EvidenceArtifact.all where row.isFixedPath {
            #expect(EvidenceArtifact.row(for: row.path) == row, "\(row)")
        }
        #expect(EvidenceArtifact.row(for: "results/Run.xcresult/Data/data.0~x") == .resultBundle)
        #expect(EvidenceArtifact.row(for: "results/Run.xcresult") == .resultBundle)
        #expect(EvidenceArtifact.row(for: "results/Run.json") == nil)
        #expect(EvidenceArtifact.row(for: "container/preferences/group.a/com.example.plist") == .preferences)
        #expect(EvidenceArtifact.row(for: "container/preferences/.plist") == nil)
        #expect(EvidenceArtifact.row(for: "results/notes.md") == nil)
    }

    /// Every artifact file of every sample is a row: nothing is read that the table
    /// does not list.
    @Test func everySampleFileIsARow() {
        for (run, files) in Self.samples {
            for file in files.keys where !file.hasSuffix(".md") {
                #expect(EvidenceArtifact.row(for: file) != nil, "\(run)/\(file) is in no row of EvidenceArtifact")
            }
        }
    }

    /// The status the loader records for a sample file: the file itself, or for a
    /// result bundle's objects, its `Data` directory.
    static func recordedName(_ file: String) -> String {
        guard let range = file.range(of: ".xcresult/Data/") else { return file }
        return String(file[..<range.lowerBound]) + ".xcresult/Data"
    }

    /// Each row is read by the step it names, and by no other.
    @Test func eachRowIsReadByItsStep() throws {
        var seen: Set<EvidenceArtifact> = []
        for (run, files) in Self.samples {
            let source = MemoryEvidenceSource(files)
            for file in files.keys.sorted() {
                guard let row = EvidenceArtifact.row(for: file) else { continue }
                seen.insert(row)
                let name = Self.recordedName(file)
                let own = BundleLoader.load(runID: run, from: source, steps: [row.loadStep])
                #expect(own.status(of: name) != nil, "\(run)/\(file): step \(row.loadStep) does not read it")
                let others = BundleLoader.load(runID: run, from: source, steps: BundleLoader.Step.allCases.filter { $0 != row.loadStep })
                #expect(others.status(of: name) == nil, "\(run)/\(file): read outside step \(row.loadStep)")
            }
        }
        // Rows no sample holds: a list inventory's excluded.txt.
        let unsampled = Set(EvidenceArtifact.all).subtracting(seen)
        #expect(unsampled == [.excludedList], "\(unsampled)")
        var files = try #require(Self.samples.first { $0.run == "run-2026-11-06-junit-files-list" }).files
        files[EvidenceLayout.excludedList] = Array("./Library/Caches\n".utf8)
        let loaded = BundleLoader.load(runID: "r", from: MemoryEvidenceSource(files), steps: [EvidenceArtifact.excludedList.loadStep])
        #expect(loaded.status(of: EvidenceLayout.excludedList) == .loaded)
    }

    /// The full load is the steps in order; nothing runs outside them.
    @Test func theFullLoadIsEveryStep() throws {
        for (run, files) in Self.samples {
            let whole = BundleLoader.load(runID: run, from: MemoryEvidenceSource(files))
            let stepped = BundleLoader.load(runID: run, from: MemoryEvidenceSource(files), steps: BundleLoader.Step.allCases)
            #expect(whole.files == stepped.files && whole.diagnostics == stepped.diagnostics, "\(run)")
        }
    }

    /// Run detection: the top-level names of the rows that mark a run, and every row
    /// under one top-level name agrees (otherwise `marksRun` would say one thing of a
    /// row and run detection do another).
    @Test func runMarkersComeFromTheRowsThatMarkARun() {
        // run.json alone does not make a run (RunDetection: fixtures and archives keep one).
        #expect(EvidenceArtifact.runMarkers == ["results", "container"])
        #expect(RunDetection.runMarkers == ["results", "container"])
        for (name, rows) in Dictionary(grouping: EvidenceArtifact.all, by: \.topLevelName) {
            #expect(Set(rows.map(\.marksRun)).count == 1, "\(name): rows disagree on marksRun")
        }
        // A shared rules file or steps log at an archive's root never makes it a run.
        #expect(!EvidenceArtifact.rules.marksRun && !EvidenceArtifact.steps.marksRun && !EvidenceArtifact.appInfoPlist.marksRun)
    }

    /// The fuzz table covers every row with a reader, and every target serves a row.
    @Test func theFuzzTableCoversEveryRow() {
        let targets = Set(EvidenceFuzzTarget.all.map(\.name))
        for row in EvidenceArtifact.all {
            #expect(!row.reader.isEmpty, "\(row): no reader")
            #expect(!row.fuzzTargets.isEmpty, "\(row): no fuzz target")
            for name in row.fuzzTargets { #expect(targets.contains(name), "\(row): no fuzz target \(name)") }
        }
        let named = Set(EvidenceArtifact.all.flatMap(\.fuzzTargets))
        #expect(targets.subtracting(named).isEmpty, "targets no row names: \(targets.subtracting(named))")
    }

    /// Every property list is read by the one bounded reader, directly or through
    /// `XCResultInfoReader`, which decodes with it.
    @Test func everyPropertyListRowUsesTheBoundedReader() {
        let plistRows = EvidenceArtifact.all.filter { $0.syntax == .propertyList }
        #expect(Set(plistRows) == [.resultBundleInfoPlist, .appInfoPlist, .preferences])
        for row in plistRows {
            #expect(row.reader.contains("\(PropertyListReader.self)") || row.reader.contains("\(XCResultInfoReader.self)"), "\(row)")
            #expect(row.sizeKind == .plist, "\(row)")
        }
    }

    /// The size limit of a path is its row's; a result bundle's own Info.plist is a plist.
    @Test func sizeKindsComeFromTheRows() {
        for row in EvidenceArtifact.all where row.isFixedPath {
            #expect(ArtifactSizeLimits.Kind.of(row.path) == row.sizeKind, "\(row)")
        }
        #expect(ArtifactSizeLimits.Kind.of("container/preferences/a.plist") == .plist)
        #expect(ArtifactSizeLimits.Kind.of("results/Run.xcresult/Data/data.0~x") == .results)
        #expect(ArtifactSizeLimits.Kind.of("results/Run.xcresult/Info.plist") == .plist)
        #expect(ArtifactSizeLimits.Kind.of("notes/anything") == .metadata)
    }
}
