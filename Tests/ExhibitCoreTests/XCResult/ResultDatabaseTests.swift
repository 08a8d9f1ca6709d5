import ExhibitIO
import Foundation
import Testing

@testable import ExhibitCore

/// A result bundle's database.sqlite3 (generated here with the SQLite C API, in both
/// schemas), read through the disk source as `exhibit` reads it: against `Data/` for
/// the same fixture, alone, damaged, and for what only it keeps.
@Suite struct ResultDatabaseTests {
    typealias Run = XCResultFixture.Run
    static let retry = "RunRetryOnFailure"
    static let schemas: [XCResultDatabaseWriter.Schema] = [.xcode16, .xcode26]

    static let stack = [
        StackFrame(address: "4343096856"),
        StackFrame(symbol: "VaultTests.testCache()", image: "VaultTests", file: "VaultTests.swift", line: 12, address: "4339823499"),
    ]
    static let expression = CapturedExpression(
        sourceCode: "password.count < 8", value: "false", typeName: "Bool",
        subexpressions: [
            CapturedExpression(sourceCode: "password.count", value: "11", typeName: "Int"), CapturedExpression(sourceCode: "8", value: "8", typeName: "Int"),
        ])

    /// Two actions (a repeated test plan), a retried flaky test, a parameterized test,
    /// a skip, an expected failure, a failure with a stack and an `#expect`'s values.
    static var fixture: XCResultFixture {
        let activity = TestActivity(
            title: "Open the vault", activityType: "com.apple.dt.xctest.activity-type.userCreated", start: 1_762_156_805.25,
            finish: 1_762_156_806.5,
            attachments: [
                TestAttachment(
                    name: "Screenshot", filename: "Screenshot_1.png", uniformType: "public.png", timestamp: 1_762_156_806.125, lifetime: "keepAlways",
                    payloadID: "0~" + String(repeating: "A", count: 86) + "==")
            ],
            children: [
                TestActivity(title: "Tap Unlock", activityType: "com.apple.dt.xctest.activity-type.internal", start: 1_762_156_805.5, finish: 1_762_156_806)
            ])
        return XCResultFixture(actions: [
            .init(runs: [
                Run(identifier: "VaultTests/testA()", status: "Success", duration: 0.5, activities: [activity]),
                Run(
                    identifier: "VaultTests/testCache()", status: "Failure",
                    failures: [("Expectation failed: (password.count → 11) < 8", "VaultTests.swift", 12)],
                    evidence: FailureEvidence(callStack: stack, expression: expression)),
                Run(identifier: "VaultTests/testFlaky()", status: "Failure", failures: [("flaked", "VaultTests.swift", 30)], iteration: 1, policy: retry),
                Run(identifier: "VaultTests/testFlaky()", status: "Success", iteration: 2, policy: retry),
                Run(identifier: "VaultTests/param(value:)", status: "Failure", failures: [("no", "P.swift", 4)], arguments: [("value", "false")]),
                Run(identifier: "VaultTests/param(value:)", status: "Success", arguments: [("value", "true")]),
                Run(identifier: "VaultTests/testSkipped()", status: "Skipped"),
                Run(identifier: "VaultTests/testKnown()", status: "Expected Failure"),
            ]),
            .init(runs: [
                Run(identifier: "VaultTests/testA()", status: "Success", duration: 0.7),
                Run(
                    identifier: "VaultTests/testCache()", status: "Failure",
                    failures: [("Expectation failed: (password.count → 12) < 8", "VaultTests.swift", 12)]),
            ]),
        ])
    }

    /// A run directory holding `results/Run.xcresult` as asked: Data/ (and Info.plist)
    /// and/or a database of `schema`.
    func bundle(
        _ fixture: XCResultFixture = fixture, data: Bool = true, database schema: XCResultDatabaseWriter.Schema? = .xcode26,
        databaseFixture: XCResultFixture? = nil
    ) throws -> (dir: String, run: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-xcdb-\(UUID().uuidString)").path
        let run = dir + "/run"
        var writer = XCResultWriter()
        fixture.write(into: &writer)
        if !data { writer.files = writer.files.filter { !$0.key.contains("/Data/") } }
        try writer.write(to: run)
        if let schema {
            try XCResultDatabaseWriter(schema: schema).write(databaseFixture ?? fixture, to: run + "/results/Run.xcresult/database.sqlite3")
        }
        return (dir, run)
    }

    func load(_ run: String) -> EvidenceBundle {
        BundleLoader.load(runID: "run", from: DirectoryEvidenceSource(root: URL(fileURLWithPath: run)))
    }

    /// What both sources must agree on, without what only the database has.
    func facts(_ r: TestResults) -> [String] {
        var out = ["\(r.totalCount ?? -1) \(r.passedCount ?? -1) \(r.failedCount ?? -1) \(r.skippedCount ?? -1) \(r.expectedFailureCount ?? -1) \(r.outcome)"]
        out += r.testCases.map { "\($0.identifier ?? $0.name) \($0.outcome) \($0.attempts) \($0.durationSeconds ?? -1) \($0.activities.count)" }
        out += r.failures.map { f in
            "\(f.displayName) \(f.targetName ?? "") \(f.attempts ?? 0)/\(f.failedAttempts ?? 0) "
                + f.messages.map { "\($0.text)@\($0.sourceFile ?? ""):\($0.line ?? 0)" }.joined(separator: " | ")
        }
        out += r.devices.map(\.label) + r.devices.map { $0.identifier ?? "" }
        return out
    }

    @Test(arguments: schemas) func bothSourcesGiveTheSameTestsCountsAndFailures(_ schema: XCResultDatabaseWriter.Schema) throws {
        let dataOnly = try bundle(database: nil)
        let databaseOnly = try bundle(data: false, database: schema)
        let both = try bundle(database: schema)
        defer { for d in [dataOnly, databaseOnly, both] { try? FileManager.default.removeItem(atPath: d.dir) } }
        let fromData = try #require(load(dataOnly.run).primaryResults)
        let fromDatabase = try #require(load(databaseOnly.run).primaryResults)
        #expect(facts(fromDatabase) == facts(fromData))
        #expect(fromData.failures.map(\.displayName) == ["VaultTests/testCache()", "VaultTests/param(value:)"])
        #expect(fromData.testCases.first { $0.identifier == "VaultTests/testFlaky()" }?.isFlaky == true)
        #expect(fromDatabase.startTime == fromData.startTime && fromDatabase.finishTime == fromData.finishTime)
        let loaded = load(both.run)
        #expect(facts(try #require(loaded.primaryResults)) == facts(fromData))
        #expect(!loaded.diagnostics.contains { $0.message.contains("disagrees") }, "\(loaded.diagnostics)")
        #expect(loaded.status(of: "results/Run.xcresult/database.sqlite3") == .loaded)
        #expect(loaded.status(of: "results/Run.xcresult/Data") == .loaded)
    }

    /// Which source was read is said, with the schema the columns showed.
    @Test func theNoteSaysWhichSourceAndSchemaWereRead() throws {
        for (schema, name) in [(XCResultDatabaseWriter.Schema.xcode16, "Xcode 16"), (.xcode26, "Xcode 26")] {
            let both = try bundle(database: schema)
            let alone = try bundle(data: false, database: schema)
            defer { for d in [both, alone] { try? FileManager.default.removeItem(atPath: d.dir) } }
            let notes = { (run: String) in self.load(run).diagnostics.filter { $0.file == "results/Run.xcresult" }.map(\.message) }
            #expect(notes(both.run) == ["test results read from Data/; database.sqlite3 (\(name) schema) read too, for call stacks and captured values"])
            #expect(notes(alone.run) == ["test results read from database.sqlite3 (\(name) schema) alone: Data/ is absent or could not be read"])
            let facts = try ResultDatabase.probe(path: both.run + "/results/Run.xcresult/database.sqlite3")
            #expect(facts.schema == name)
        }
        let none = try bundle(database: nil)
        defer { try? FileManager.default.removeItem(atPath: none.dir) }
        #expect(!load(none.run).diagnostics.contains { $0.file.hasPrefix("results/Run.xcresult") })
    }

    /// What only the database keeps reaches the failure: the call stack in frame
    /// order and the `#expect`'s values; with Data/ too, on the Data/ message it matches.
    @Test(arguments: [true, false]) func theDatabaseGivesTheCallStackAndCapturedValues(_ withData: Bool) throws {
        let b = try bundle(data: withData)
        defer { try? FileManager.default.removeItem(atPath: b.dir) }
        let results = try #require(load(b.run).primaryResults)
        let failure = try #require(results.failures.first { $0.displayName == "VaultTests/testCache()" })
        #expect(failure.messages.count == 2)
        let evidence = try #require(failure.messages[0].evidence)
        #expect(evidence.callStack == Self.stack)
        #expect(evidence.expression == Self.expression)
        #expect(evidence.expression.map { $0.capturedValues.map(\.sourceCode) } == ["password.count", "password.count < 8"])
        #expect(failure.messages[1].evidence == nil, "the second action's run recorded no stack")
        // Data/ alone has none of it.
        let dataOnly = try bundle(database: nil)
        defer { try? FileManager.default.removeItem(atPath: dataOnly.dir) }
        #expect(try #require(load(dataOnly.run).primaryResults).failures.allSatisfy { $0.messages.allSatisfy { $0.evidence == nil } })
    }

    /// A database that says otherwise than Data/: warned with both, Data/ shown.
    @Test func aDisagreeingDatabaseIsWarnedAndDataIsShown() throws {
        var other = Self.fixture
        other.actions[0].runs[0].status = "Failure"
        let b = try bundle(databaseFixture: other)
        defer { try? FileManager.default.removeItem(atPath: b.dir) }
        let loaded = load(b.run)
        #expect(loaded.primaryResults?.failedCount == 2)
        let warning = try #require(loaded.diagnostics.first { $0.message.contains("disagrees") })
        #expect(warning.file == "results/Run.xcresult/database.sqlite3")
        #expect(warning.message == "disagrees with Data/, which is shown: 1 passed where Data/ says 2; 3 failed where Data/ says 2")
    }

    /// Garbage, a truncated database, one that is not a result database: a clear
    /// message naming the file, Data/ still loads; with no Data/, no results at all
    /// (never an empty pass).
    @Test(arguments: ["garbage", "truncated", "foreign"]) func anUnreadableDatabaseIsReportedAndTheRestLoads(_ damage: String) throws {
        let b = try bundle()
        let alone = try bundle(data: false)
        defer { for d in [b, alone] { try? FileManager.default.removeItem(atPath: d.dir) } }
        for run in [b.run, alone.run] {
            let file = run + "/results/Run.xcresult/database.sqlite3"
            switch damage {
            case "garbage": try Data("not SQLite at all".utf8).write(to: URL(fileURLWithPath: file))
            case "truncated":
                let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
                try bytes.prefix(bytes.count / 3).write(to: URL(fileURLWithPath: file))
            default:
                try FileManager.default.removeItem(atPath: file)
                try XCResultDatabaseWriter.execute("CREATE TABLE Notes (text TEXT); INSERT INTO Notes VALUES ('hi');", at: file)
            }
        }
        let withData = load(b.run)
        let problem = try #require(withData.diagnostics.first { $0.file == "results/Run.xcresult/database.sqlite3" && $0.severity == .error })
        #expect(problem.message.hasPrefix("cannot be read as a result database ("))
        #expect(problem.message.hasSuffix("the results come from Data/ alone, without call stacks or captured values"))
        if case .malformed? = withData.status(of: "results/Run.xcresult/database.sqlite3") {} else { Issue.record("not recorded as malformed") }
        #expect(withData.primaryResults?.failedCount == 2)
        let databaseOnly = load(alone.run)
        #expect(databaseOnly.results.isEmpty)
        #expect(databaseOnly.diagnostics.contains { $0.severity == .error && $0.message.hasSuffix("the bundle's tests are unknown") })
    }

    /// `subexpressions` and `parent_fk` are row ids: a crafted database loops them.
    /// The reader stops at its bounds, it never hangs or recurses without end.
    @Test func craftedCyclesInTheDatabaseAreBounded() throws {
        let b = try bundle(data: false)
        defer { try? FileManager.default.removeItem(atPath: b.dir) }
        let file = b.run + "/results/Run.xcresult/database.sqlite3"
        try XCResultDatabaseWriter.execute(
            "UPDATE Expressions SET subexpressions = (SELECT group_concat(rowid) FROM Expressions); UPDATE Activities SET parent_fk = rowid WHERE parent_fk IS NOT NULL;"
                + "UPDATE TestSuiteRuns SET parentSuiteRun_fk = rowid;",
            at: file)
        let results = try #require(load(b.run).primaryResults)
        #expect(results.totalCount == 6)
        let failure = try #require(results.failures.first { $0.displayName == "VaultTests/testCache()" })
        #expect(failure.messages[0].evidence?.expression != nil)
        #expect(results.testCases[0].activities.first?.children.isEmpty == true)
    }

    /// Activities from Data/: nested, with attachments, their times written at
    /// UTC+05:00 and read as absolute; the database gives the same.
    @Test func activitiesAndAttachmentsCarryAbsoluteTimes() throws {
        let dataOnly = try bundle(database: nil)
        let databaseOnly = try bundle(data: false)
        defer { for d in [dataOnly, databaseOnly] { try? FileManager.default.removeItem(atPath: d.dir) } }
        let expected = try #require(Self.fixture.actions[0].runs[0].activities.first)
        for run in [dataOnly.run, databaseOnly.run] {
            let test = try #require(load(run).primaryResults?.testCases.first { $0.identifier == "VaultTests/testA()" })
            #expect(test.activities.count == 1)
            var activity = try #require(test.activities.first)
            #expect(activity.attempt == 1, "testA ran twice; its first run holds the activity")
            activity.attempt = nil
            #expect(activity == expected)
            #expect(activity.flattened().map { "\($0.depth) \($0.activity.title)" } == ["0 Open the vault", "1 Tap Unlock"])
        }
        #expect(XCResultFixture.offsetDate(1_762_156_805.25) == "2025-11-03T13:00:05.250+0500")
    }

    /// The Diagnostics folder: every file's path below it and its stored size.
    @Test func diagnosticsFilesAreListedWithTheirStoredSizes() throws {
        var writer = XCResultWriter()
        let log = Array("Xcode version: 26.3 (17C519)\n".utf8)
        let big = [UInt8](repeating: 0x41, count: 4000)
        let logID = writer.add(log, compressed: false)
        let bigID = writer.add(big)
        let device = writer.add(Array(#"[{"name":"launchd_state.log","type":1}]"#.utf8), children: [bigID])
        let simctl = writer.add(Array(#"[{"name":"5E1A2B3C","type":2}]"#.utf8), children: [device])
        let folder = writer.add(
            Array(#"[{"name":"Session-VaultTests-2026-11-03_100005-a1B2c3.log","type":1},{"name":"simctl_diagnostics","type":2}]"#.utf8),
            children: [logID, simctl])
        var fixture = Self.fixture
        fixture.actions[0].diagnosticsRef = folder
        fixture.write(into: &writer)
        let bundle = BundleLoader.load(runID: "run", from: writer.source)
        let files = try #require(bundle.primaryResults?.diagnosticsFiles)
        #expect(files.map(\.path) == ["Session-VaultTests-2026-11-03_100005-a1B2c3.log", "simctl_diagnostics/5E1A2B3C/launchd_state.log"])
        #expect(files[0].storedSize == log.count)
        #expect(files[1].storedSize == writer.files["results/Run.xcresult/" + bigID.dataPath]?.count)
        #expect((files[1].storedSize ?? .max) < big.count, "compressed: the stored size, not the decoded one")
        #expect(bundle.metadata.xcodeVersion == "26.3 (17C519)")
    }

    /// The real Xcode 16.2 bundle, whose database has the Xcode 26 schema: both
    /// sources agree, and the database adds each failure's call stack.
    @Test(.enabled(if: RealEvidence.isPresent, RealEvidence.absent)) func theRealRepeatedBundleAgreesWithItsDatabase() throws {
        let root = RealEvidence.root.appendingPathComponent("xcresult")
        let bundle = BundleLoader.load(
            runID: RealXCResult.repeated,
            from: MountedEvidenceSource(
                DirectoryEvidenceSource(root: root.appendingPathComponent(RealXCResult.repeated)), at: "results/\(RealXCResult.repeated)"))
        #expect(!bundle.diagnostics.contains { $0.message.contains("disagrees") }, "\(bundle.diagnostics)")
        #expect(bundle.diagnostics.contains { $0.message.contains("database.sqlite3 (Xcode 26 schema) read too") })
        let dataOnly = try RealXCResult.loadBundle(RealXCResult.repeated)
        let ours = try #require(bundle.primaryResults)
        #expect(facts(ours) == facts(try #require(dataOnly.primaryResults)))
        let path = root.appendingPathComponent(RealXCResult.repeated + "/database.sqlite3").path
        guard case .read(let contents) = ResultDatabase.read(path: path) else {
            Issue.record("the real database did not read")
            return
        }
        #expect(facts(contents.results()) == facts(ours))
        let first = try #require(ours.failures.first?.messages.first?.evidence)
        #expect(first.callStack.contains { $0.symbol == "test_repeatTests.test_random()" && $0.file == "test_repeatTests.swift" && $0.line == 15 })
    }
}
