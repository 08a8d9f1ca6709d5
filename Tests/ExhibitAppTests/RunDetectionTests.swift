import ExhibitCore
import Foundation
import Testing

@testable import ExhibitApp
@testable import ExhibitIO

/// One definition of a run (`RunDetection`), behind resolving a path, listing an
/// archive and the writers' evidence guard.
@Suite struct RunDetectionTests {
    @Test func aRunHoldsResultsOrContainerAsADirectory() {
        func kind(_ entries: [(String, Bool)], name: String = "run-1") -> RunDetection.Kind? {
            RunDetection.kind(directoryName: name, entries: entries.map { RunDetection.Entry(name: $0.0, isDirectory: $0.1) })
        }
        #expect(kind([("results", true)]) == .run)
        #expect(kind([("container", true), ("run.json", false)]) == .run)
        // Loose files, a shared rules file, fixtures with a run.json: not a run.
        #expect(kind([("run.json", false), ("rules.json", false), ("steps.tsv", false)]) == nil)
        // A marker that is a file is not evidence the list could say anything about.
        #expect(kind([("results", false), ("container", false)]) == nil)
        #expect(kind([("Info.plist", false), ("Data", true)], name: "renamed") == .resultBundle)
        #expect(kind([("Info.plist", false)], name: "Run.xcresult") == .resultBundle)
        #expect(kind([("Info.plist", false)], name: "plain") == nil)
    }

    @Test func resolvingListingAndTheWritersGuardAgree() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.makeDirectory("archive/run-a/results")
        try scratch.makeDirectory("archive/run-b/container")
        try scratch.write("{}", to: "archive/fixtures/run.json")
        try scratch.write("x", to: "archive/run-file-marker/results")
        try scratch.write("{}", to: "archive/rules.json")
        let archive = scratch.root + "/archive"
        let listed = RunLocator.runs(in: URL(fileURLWithPath: archive))
        #expect(listed == ["run-a", "run-b"])
        #expect(try RunLocator.resolve(archive).kind == .archive)
        for name in ["run-a", "run-b", "fixtures", "run-file-marker"] {
            let guarded = RunLocator.evidence(enclosing: archive + "/" + name + "/note.md", archive: archive) != nil
            #expect(guarded == listed.contains(name), "\(name): the guard and the list disagree")
            let resolved = try? RunLocator.resolve(archive + "/" + name).kind
            #expect((resolved == .run) == listed.contains(name), "\(name): resolve and the list disagree")
        }
        #expect(throws: InputError.self) { try RunInput.locate(archive + "/fixtures") }
    }

    @Test func theSampleArchiveListsItsEightRuns() throws {
        let runs = RunLocator.runs(in: URL(fileURLWithPath: Scratch.samples))
        #expect(runs.count == 8)
        #expect(runs.allSatisfy { $0.hasPrefix("run-") })
    }
}

/// One "is this path inside that directory" (`PathContainment`), links resolved.
@Suite struct PathContainmentTests {
    @Test func insideMeansTheDirectoryOrUnderItLinksResolved() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.makeDirectory("a/run")
        try scratch.makeDirectory("a/run2")
        let run = scratch.root + "/a/run"
        #expect(PathContainment.isInside(run, directory: run))
        #expect(PathContainment.isInside(run + "/not/made/yet.md", directory: run))
        #expect(!PathContainment.isInside(scratch.root + "/a/run2/x", directory: run), "a shared name prefix is not inside")
        #expect(!PathContainment.isInside(scratch.root + "/a/x", directory: run))
        #expect(symlink(run, scratch.root + "/link") == 0)
        #expect(PathContainment.isInside(scratch.root + "/link/x.md", directory: run), "a link into the run is the run")
        #expect(PathContainment.isInside(run + "/x.md", directory: scratch.root + "/link"))
    }

    @Test func collectRefusesAnOutputInsideTheContainerThroughALink() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.makeDirectory("container/Documents")
        #expect(symlink(scratch.root + "/container", scratch.root + "/into") == 0)
        let plan = try CollectPlan(
            out: scratch.root + "/into/run", bundleID: nil, device: nil, containerDirectory: scratch.root + "/container",
            xcresult: nil, excludedList: nil, resultsJSON: nil, steps: nil, rules: nil, appInfoPlist: nil, scheme: nil,
            destination: nil, includeXcresult: false, force: false)
        #expect(throws: InputError.self) { try Collect.run(plan, environment: [:], warn: { _ in }) }
        #expect(!FileManager.default.fileExists(atPath: scratch.root + "/container/run"))
    }
}
