import Testing

@testable import ExhibitCore
@testable import ExhibitRules

/// The result bundle among the other results artifacts of a run.
@Suite struct ResultBundleLoadingTests {
    typealias Run = XCResultFixture.Run

    func writer() -> XCResultWriter {
        var w = XCResultWriter()
        XCResultFixture(actions: [
            .init(runs: [
                Run(identifier: "T/testA()", status: "Success"),
                Run(identifier: "T/testB()", status: "Failure", failures: [("boom", "T.swift", 3)]),
            ])
        ]).write(into: &w)
        return w
    }

    func testsJSON(failing: String) -> [UInt8] {
        let node = { (id: String, result: String) in
            #"{"nodeType": "Test Case", "name": "\#(id.split(separator: "/").last!)", "nodeIdentifier": "\#(id)", "result": "\#(result)"}"#
        }
        let json =
            #"{"devices": [], "testNodes": [{"nodeType": "Unit test bundle", "name": "T", "children": ["#
            + node("T/testA()", failing == "T/testA()" ? "Failed" : "Passed") + ", " + node("T/testB()", failing == "T/testB()" ? "Failed" : "Passed")
            + "]}]}"
        return Array(json.utf8)
    }

    @Test func theBundleIsShownAndAgreeingPrintsAreQuiet() throws {
        var w = writer()
        w.files["results/tests.json"] = testsJSON(failing: "T/testB()")
        let bundle = BundleLoader.load(runID: "run", from: w.source)
        #expect(bundle.results.map(\.source) == [.xcresultBundle, .testsJSON])
        #expect(bundle.primaryResults?.source == .xcresultBundle)
        #expect(!bundle.diagnostics.contains { $0.message.contains("disagrees") }, "\(bundle.diagnostics)")
    }

    /// The bundle's counts are shown; a print naming another failing test is warned
    /// about, and its test listed too, marked as only that print's (review D1).
    @Test func aDisagreeingPrintIsWarnedAndItsFailingTestListedToo() throws {
        var w = writer()
        w.files["results/tests.json"] = testsJSON(failing: "T/testA()")
        let bundle = BundleLoader.load(runID: "run", from: w.source)
        let results = try #require(bundle.primaryResults)
        #expect(results.source == .xcresultBundle)
        #expect(results.failures.map(\.identifier) == ["T/testB()", "T/testA()"])
        #expect(results.failures.map(\.onlyIn) == [nil, .testsJSON])
        let warning = try #require(bundle.diagnostics.first { $0.file == "results/tests.json" && $0.message.contains("disagrees") })
        #expect(
            warning.message
                == "disagrees with the result bundle, whose counts are shown: failed only here (listed too): T/testA(); failed only in the result bundle: T/testB()"
        )
    }

    /// `exhibit X.xcresult`: the bundle mounted at results/, nothing else.
    @Test func aBareBundleLoadsAsARunWithResultsOnly() throws {
        var bare = XCResultWriter(bundlePath: "")
        XCResultFixture(actions: [.init(runs: [Run(identifier: "T/testB()", status: "Failure", failures: [("boom", "T.swift", 3)])])])
            .write(into: &bare)
        let source = MountedEvidenceSource(bare.source, at: "results/Run.xcresult")
        #expect(source.list("") == ["results"])
        #expect(source.list("results") == ["Run.xcresult"])
        #expect(try source.read("run.json") == nil)
        let bundle = BundleLoader.load(runID: "Run.xcresult", from: source)
        #expect(bundle.primaryResults?.failures.map(\.line) == [3])
        #expect(bundle.inventory == nil)
        #expect(bundle.status(of: "results/Run.xcresult/Data") == .loaded)
        // The run list reads the bundle when no printed results exist.
        let line = RunSummaryReader.read(runID: "Run.xcresult", from: source, rules: .bundle)
        #expect(line.failedTests == 1 && line.totalTests == 1)
    }

    /// Info.plist copied alone into the bundle directory: recorded, Data/ missing.
    @Test func aBundleWithOnlyItsInfoPlistIsNotAnError() throws {
        var w = writer()
        for key in w.files.keys where key.contains("/Data/") { w.files[key] = nil }
        let bundle = BundleLoader.load(runID: "run", from: w.source)
        #expect(bundle.status(of: "results/Run.xcresult/Info.plist") == .loaded)
        #expect(bundle.status(of: "results/Run.xcresult/Data") == .missing)
        #expect(bundle.results.isEmpty)
    }
}
