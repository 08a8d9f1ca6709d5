import Testing

@testable import ExhibitCore

/// The graph reader decodes run summaries on every core, then charges and reports them
/// in run order (`readPendingSummaries`). Read both ways, a bundle gives the same
/// results, the same diagnostics in the same order, and the same budget spent: intact,
/// with damaged summaries, and with a budget that runs out part way.
@Suite struct XCResultParallelReadTests {
    typealias Run = XCResultFixture.Run

    struct Read: Equatable {
        var results: TestResults?
        var diagnostics: [Diagnostic]
        var decoded: Int
    }

    func read(_ writer: XCResultWriter, root: XCResultObjectID, limits: XCResultLimits, parallel: Bool) -> Read {
        var store = XCResultStore(source: writer.source, bundlePath: writer.bundlePath, limits: limits)
        let read = XCResultGraphReader.read(&store, rootID: root.text, infoFile: "Info.plist", parallel: parallel)
        return Read(results: read.results, diagnostics: read.diagnostics, decoded: store.decodedTotal)
    }

    /// Both ways, checked equal; the parallel read is returned for what the test expects.
    func agreeing(_ writer: XCResultWriter, root: XCResultObjectID, limits: XCResultLimits = .standard) -> Read {
        let sequential = read(writer, root: root, limits: limits, parallel: false)
        let parallel = read(writer, root: root, limits: limits, parallel: true)
        #expect(parallel == sequential)
        if parallel.diagnostics != sequential.diagnostics {
            Issue.record("parallel \(parallel.diagnostics.prefix(5)) where sequential \(sequential.diagnostics.prefix(5))")
        }
        return parallel
    }

    /// Enough runs for several batches of `SummaryDecoding.batch`: failures, arguments,
    /// activities with attachments, and retried tests whose runs must stay in order.
    static func runs(_ count: Int, action: Int) -> [Run] {
        (0..<count).map { i in
            var run = Run(identifier: "ParallelTests/test\(action)_\(i / 2)()", status: i % 7 == 3 ? "Failure" : "Success", duration: Double(i) / 100)
            run.policy = "RunRetryOnFailure"
            if run.status == "Failure" { run.failures = [("failed \(i)", "ParallelTests.swift", 10 + i)] }
            if i % 11 == 0 { run.arguments = [("value", i % 2 == 0 ? "true" : "false")] }
            if i % 5 == 0 {
                run.activities = [
                    TestActivity(
                        title: "Step \(i)", activityType: "com.apple.dt.xctest.activity-type.userCreated",
                        start: 1_762_156_800 + Double(i), finish: 1_762_156_801 + Double(i))
                ]
            }
            return run
        }
    }

    func bundle(runs: Int = 300) -> (writer: XCResultWriter, ids: (root: XCResultObjectID, tests: [XCResultObjectID], summaries: [XCResultObjectID])) {
        var writer = XCResultWriter()
        let ids = XCResultFixture(actions: [.init(runs: Self.runs(runs, action: 0)), .init(runs: Self.runs(runs / 2, action: 1))])
            .write(into: &writer)
        return (writer, ids)
    }

    @Test func anIntactBundleReadsAlike() throws {
        let (writer, ids) = bundle()
        #expect(ids.summaries.count > 4 * SummaryDecoding.batch)
        let read = agreeing(writer, root: ids.root)
        let results = try #require(read.results)
        #expect(results.totalCount == 225)
        #expect(!results.failures.isEmpty)
        #expect(results.testCases.contains { !$0.activities.isEmpty })
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
    }

    /// A missing, a truncated, a wrong-typed and a garbage summary, spread over batches:
    /// each reported once, with its run, in run order, both ways.
    @Test func damagedSummariesAreReportedAlikeAndInOrder() throws {
        var (writer, ids) = bundle()
        let damaged = [5, 70, 140, 290]
        writer.files[writer.path(ids.summaries[damaged[0]].dataPath)] = nil
        let truncated = writer.path(ids.summaries[damaged[1]].dataPath)
        writer.files[truncated] = Array(writer.files[truncated]!.dropLast(8))
        writer.files[writer.path(ids.summaries[damaged[2]].dataPath)] = TokenWriter.encode(.object("ActionTestMetadata", [("name", .string("x"))]))
        writer.files[writer.path(ids.summaries[damaged[3]].dataPath)] = Array("[S6:String".utf8)
        let read = agreeing(writer, root: ids.root)
        let files = damaged.map { writer.path(ids.summaries[$0].dataPath) }
        #expect(read.diagnostics.map(\.file) == files)
        #expect(read.diagnostics[0].message.contains("object missing"))
        #expect(read.diagnostics[2].message.contains("expected type ActionTestSummary"))
        #expect(try #require(read.results).totalCount == 225)
    }

    /// A bundle budget that ends part way through the summaries, and a per-object limit
    /// one larger summary exceeds: the same runs are read, the same ones refused.
    @Test func limitsRunOutAtTheSameRun() throws {
        var writer = XCResultWriter()
        let ids = XCResultFixture(actions: [.init(runs: Self.runs(300, action: 0))]).write(into: &writer)
        let whole = read(writer, root: ids.root, limits: .standard, parallel: false).decoded
        var sizes = XCResultStore(source: writer.source, bundlePath: writer.bundlePath)
        let lastHundred = try ids.summaries.suffix(100).reduce(0) { $0 + (try sizes.object($1)).count }
        let budget = agreeing(writer, root: ids.root, limits: XCResultLimits(perObject: 1 << 20, perBundle: whole - lastHundred))
        let refused = budget.diagnostics.filter { $0.message.contains("the limit per bundle") }.map(\.file)
        let lastFiles = Set(ids.summaries.suffix(101).map { writer.path($0.dataPath) })
        #expect((1...101).contains(refused.count))
        #expect(refused.allSatisfy(lastFiles.contains))
        #expect(budget.decoded <= whole - lastHundred)

        // One summary far larger than the tests tree (a long name), over the per-object limit.
        let big = TokenWriter.encode(
            .object("ActionTestSummary", [("identifier", .string("ParallelTests/test0_50()")), ("name", .string(String(repeating: "x", count: 600_000)))]))
        writer.files[writer.path(ids.summaries[100].dataPath)] = big
        let perObject = agreeing(writer, root: ids.root, limits: XCResultLimits(perObject: 500_000, perBundle: 1 << 30))
        #expect(perObject.diagnostics.map(\.file) == [writer.path(ids.summaries[100].dataPath)])
        #expect(perObject.diagnostics.first?.message.contains("the limit per object") == true)
    }
}
