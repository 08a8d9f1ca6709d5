import CSQLite
import ExhibitCore
import Foundation

/// Writes an `XCResultFixture` as the `database.sqlite3` xcresulttool would leave in
/// the bundle, with the SQLite C API: the tables and columns the reader uses, in
/// either schema (Xcode 16: `TestIssues.isTopLevelFailure`, no `Activities.warningIDs`;
/// Xcode 26: `isTopLevel`, `warningIDs`), rows linked as the real ones are
/// (action → plan run → testable run → suite run → test case run), times from
/// Core Data's epoch.
struct XCResultDatabaseWriter {
    enum Schema { case xcode16, xcode26 }

    var schema: Schema = .xcode26
    /// Leave these tables out (a database some other tool trimmed, or a crafted one).
    var omittedTables: Set<String> = []

    static func quote(_ text: String?) -> String {
        guard let text else { return "NULL" }
        return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    static func number(_ value: Double?) -> String { value.map { String($0) } ?? "NULL" }

    func createStatements() -> [String] {
        let topLevel = schema == .xcode26 ? "isTopLevel" : "isTopLevelFailure"
        let warnings = schema == .xcode26 ? ", warningIDs TEXT" : ""
        let tables = [
            "Invocations": "uniqueIdentifier TEXT, timestamp REAL, workspacePath TEXT, scheme TEXT",
            "Actions":
                "orderInInvocation INTEGER, host_fk INTEGER, testPlan_fk INTEGER NOT NULL, started REAL, finished REAL, name TEXT, invocation_fk INTEGER NOT NULL, runDestination_fk INTEGER, diagnosticsRef TEXT, developerTools_fk INTEGER",
            "Platforms": "identifier TEXT, userDescription TEXT",
            "Devices":
                "isConcreteDevice INTEGER, modelName TEXT, operatingSystemVersion TEXT, name TEXT, platform_fk INTEGER, identifier TEXT, operatingSystemVersionWithBuildNumber TEXT",
            "RunDestinations": "name TEXT, sdk_fk INTEGER, architecture TEXT, device_fk INTEGER",
            "TestPlans": "name TEXT",
            "TestPlanRuns": "orderInAction INTEGER, configuration_fk INTEGER NOT NULL, testPlan_fk INTEGER NOT NULL, action_fk INTEGER NOT NULL",
            "Testables": "testPlan_fk INTEGER NOT NULL, name TEXT, identifierURL TEXT, testKind TEXT, orderInTestPlan INTEGER",
            "TestableRuns": "orderInTestPlanRun INTEGER, testPlanRun_fk INTEGER NOT NULL, diagnosticsDirectoryName TEXT, testable_fk INTEGER NOT NULL",
            "TestSuites": "identifier TEXT, orderInParent INTEGER, name TEXT, testable_fk INTEGER, parentSuite_fk INTEGER",
            "TestSuiteRuns": "testSuite_fk INTEGER NOT NULL, parentSuiteRun_fk INTEGER, orderInParent INTEGER, testableRun_fk INTEGER, duration REAL",
            "TestCases": "orderInTestSuite INTEGER, name TEXT, identifier TEXT, testSuite_fk INTEGER NOT NULL, identifierURL TEXT",
            "TestCaseRuns":
                "duration REAL, skipNotice_fk INTEGER, testSuiteRun_fk INTEGER NOT NULL, orderInTestSuiteRun INTEGER, result TEXT, repetitionPolicy_fk INTEGER, testCase_fk INTEGER NOT NULL",
            "RepetitionPolicies": "totalRepetitions INTEGER, repetition INTEGER, repetitionModeString TEXT",
            "Parameters": "name TEXT, testCase_fk INTEGER NOT NULL, orderInTestCase INTEGER, typeName TEXT, label TEXT",
            "TestValues": "debugDescription TEXT, label TEXT, description TEXT, orderInParent INTEGER, typeName TEXT",
            "Arguments": "identifier TEXT, testCaseRun_fk INTEGER NOT NULL, testValue_fk INTEGER NOT NULL, parameter_fk INTEGER, orderInTestCaseRun INTEGER",
            "TestIssues":
                "expression_fk INTEGER, testCaseRun_fk INTEGER, detailedDescription TEXT, sourceCodeContext_fk INTEGER, \(topLevel) INTEGER, timestamp REAL, testSuiteRun_fk INTEGER, compactDescription TEXT, issueType TEXT, orderInOwner INTEGER, uuid TEXT, sanitizedDescription TEXT",
            "SourceCodeContexts": "location_fk INTEGER",
            "SourceCodeLocations": "filePath TEXT, lineNumber INTEGER",
            "SourceCodeSymbolInfos": "location_fk INTEGER, imageName TEXT, symbolName TEXT",
            "SourceCodeFrames": "symbolInfo_fk INTEGER, address TEXT, context_fk INTEGER, orderInContainer INTEGER",
            "Expressions": "testValue_fk INTEGER, sourceCode TEXT, subexpressions TEXT",
            "Activities":
                "testCaseRun_fk INTEGER, failureIDs TEXT, startTime REAL, expectedFailureIDs TEXT\(warnings), parent_fk INTEGER, finishTime REAL, activityType TEXT, orderInParent INTEGER, title TEXT, uuid TEXT",
            "Attachments":
                "filenameOverride TEXT, activity_fk INTEGER, lifetime TEXT, testIssue_fk INTEGER, timestamp REAL, xcResultKitPayloadRefId TEXT, uuid TEXT, name TEXT, uniformTypeIdentifier TEXT",
        ]
        return tables.filter { !omittedTables.contains($0.key) }.sorted { $0.key < $1.key }.map { "CREATE TABLE \($0.key) (\($0.value));" }
    }

    /// The SQL that builds the database of `fixture`.
    func script(_ fixture: XCResultFixture) -> String {
        var sql = createStatements()
        var next: [String: Int] = [:]
        func insert(_ table: String, _ columns: [String], _ values: [String]) -> Int {
            next[table, default: 0] += 1
            let id = next[table]!
            if !omittedTables.contains(table) {
                sql.append("INSERT INTO \(table) (rowid, \(columns.joined(separator: ", "))) VALUES (\(id), \(values.joined(separator: ", ")));")
            }
            return id
        }
        let epoch = XCResultDatabaseContents.coreDataEpoch
        let q = Self.quote
        func core(_ date: String) -> String { Self.number(ISO8601Timestamp.secondsSince1970(date).map { $0 - epoch }) }
        let invocation = insert("Invocations", ["scheme", "timestamp"], [q("Vault"), core(fixture.actions.first?.started ?? "")])
        let plan = insert("TestPlans", ["name"], [q("Vault")])
        let platform = insert("Platforms", ["identifier", "userDescription"], [q("com.apple.platform.iphonesimulator"), q("iOS Simulator")])
        let testable = insert("Testables", ["testPlan_fk", "name", "orderInTestPlan"], [String(plan), q(fixture.target), "0"])
        let suite = insert("TestSuites", ["identifier", "name", "orderInParent", "testable_fk"], [q("All tests"), q("All tests"), "0", String(testable)])
        var caseIDs: [String: Int] = [:]
        for (actionIndex, action) in fixture.actions.enumerated() {
            let device = insert(
                "Devices",
                ["identifier", "name", "modelName", "operatingSystemVersion", "operatingSystemVersionWithBuildNumber", "platform_fk", "isConcreteDevice"],
                [q(action.deviceID), q(action.deviceName), q(action.deviceName), q("18.5"), q("18.5 (22F77)"), String(platform), "1"])
            let destination = insert("RunDestinations", ["name", "architecture", "device_fk"], [q(action.deviceName), q("arm64"), String(device)])
            let actionID = insert(
                "Actions", ["orderInInvocation", "testPlan_fk", "started", "finished", "name", "invocation_fk", "runDestination_fk"],
                [String(actionIndex), String(plan), core(action.started), core(action.ended), q("Test"), String(invocation), String(destination)])
            let planRun = insert(
                "TestPlanRuns", ["orderInAction", "configuration_fk", "testPlan_fk", "action_fk"], ["0", "1", String(plan), String(actionID)])
            let testableRun = insert("TestableRuns", ["orderInTestPlanRun", "testPlanRun_fk", "testable_fk"], ["0", String(planRun), String(testable)])
            let suiteRun = insert("TestSuiteRuns", ["testSuite_fk", "orderInParent", "testableRun_fk"], [String(suite), "0", String(testableRun)])
            for (runIndex, run) in action.runs.enumerated() {
                let caseID =
                    caseIDs[run.identifier]
                    ?? insert(
                        "TestCases", ["orderInTestSuite", "name", "identifier", "testSuite_fk"],
                        [String(caseIDs.count), q(run.name), q(run.identifier), String(suite)])
                caseIDs[run.identifier] = caseID
                var policy = "NULL"
                if let mode = run.policy {
                    policy = String(
                        insert("RepetitionPolicies", ["totalRepetitions", "repetition", "repetitionModeString"], ["3", String(run.iteration ?? 1), q(mode)]))
                }
                let runID = insert(
                    "TestCaseRuns", ["duration", "testSuiteRun_fk", "orderInTestSuiteRun", "result", "repetitionPolicy_fk", "testCase_fk"],
                    [Self.number(run.duration), String(suiteRun), String(runIndex), q(run.status), policy, String(caseID)])
                for (order, (label, value)) in run.arguments.enumerated() {
                    let parameter = insert(
                        "Parameters", ["name", "testCase_fk", "orderInTestCase", "typeName", "label"],
                        [q(label), String(caseID), String(order), q("Bool"), q(label)])
                    let testValue = insert("TestValues", ["description", "typeName"], [q(value), q("Bool")])
                    _ = insert(
                        "Arguments", ["identifier", "testCaseRun_fk", "testValue_fk", "parameter_fk", "orderInTestCaseRun"],
                        [q(value), String(runID), String(testValue), String(parameter), String(order)])
                }
                for (order, failure) in run.failures.enumerated() {
                    let path = "/Users/ci/src/Tests/\(failure.file)"
                    let location = insert("SourceCodeLocations", ["filePath", "lineNumber"], [q(path), String(failure.line)])
                    let context = insert("SourceCodeContexts", ["location_fk"], [String(location)])
                    for (frameOrder, frame) in (run.evidence?.callStack ?? []).enumerated() {
                        var symbol = "NULL"
                        if frame.symbol != nil {
                            let frameLocation =
                                frame.file.map {
                                    insert(
                                        "SourceCodeLocations", ["filePath", "lineNumber"],
                                        [q("/Users/ci/src/Tests/\($0)"), frame.line.map(String.init) ?? "NULL"])
                                }
                            symbol = String(
                                insert(
                                    "SourceCodeSymbolInfos", ["location_fk", "imageName", "symbolName"],
                                    [frameLocation.map(String.init) ?? "NULL", q(frame.image), q(frame.symbol)]))
                        }
                        _ = insert(
                            "SourceCodeFrames", ["symbolInfo_fk", "address", "context_fk", "orderInContainer"],
                            [symbol, q(frame.address), String(context), String(frameOrder)])
                    }
                    var expression = "NULL"
                    if let captured = run.evidence?.expression {
                        func write(_ e: CapturedExpression) -> Int {
                            let children = e.subexpressions.map(write)
                            let value = e.value.map { insert("TestValues", ["description", "typeName"], [q($0), q(e.typeName)]) }
                            return insert(
                                "Expressions", ["testValue_fk", "sourceCode", "subexpressions"],
                                [
                                    value.map(String.init) ?? "NULL", q(e.sourceCode),
                                    children.isEmpty ? "NULL" : q(children.map(String.init).joined(separator: ",")),
                                ])
                        }
                        expression = String(write(captured))
                    }
                    let topLevel = schema == .xcode26 ? "isTopLevel" : "isTopLevelFailure"
                    _ = insert(
                        "TestIssues",
                        [
                            "expression_fk", "testCaseRun_fk", "sourceCodeContext_fk", topLevel, "compactDescription", "sanitizedDescription", "issueType",
                            "orderInOwner",
                        ],
                        [expression, String(runID), String(context), "1", q(failure.message), q(failure.message), q("Assertion Failure"), String(order)])
                }
                func writeActivity(_ activity: TestActivity, parent: Int?, order: Int) {
                    let id = insert(
                        "Activities", ["testCaseRun_fk", "parent_fk", "orderInParent", "title", "activityType", "startTime", "finishTime"],
                        [
                            parent == nil ? String(runID) : "NULL", parent.map(String.init) ?? "NULL", String(order), q(activity.title),
                            q(activity.activityType),
                            Self.number(activity.start.map { $0 - epoch }), Self.number(activity.finish.map { $0 - epoch }),
                        ])
                    for a in activity.attachments {
                        _ = insert(
                            "Attachments",
                            ["activity_fk", "name", "filenameOverride", "uniformTypeIdentifier", "timestamp", "lifetime", "xcResultKitPayloadRefId"],
                            [
                                String(id), q(a.name), q(a.filename), q(a.uniformType), Self.number(a.timestamp.map { $0 - epoch }), q(a.lifetime),
                                q(a.payloadID),
                            ])
                    }
                    for (childOrder, child) in activity.children.enumerated() { writeActivity(child, parent: id, order: childOrder) }
                }
                for (order, activity) in run.activities.enumerated() { writeActivity(activity, parent: nil, order: order) }
            }
        }
        return sql.joined(separator: "\n")
    }

    /// Writes the database of `fixture` at `path` (created, journal mode DELETE as xcresulttool leaves it).
    func write(_ fixture: XCResultFixture, to path: String) throws {
        try Self.execute(script(fixture), at: path)
    }

    static func execute(_ sql: String, at path: String) throws {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
            throw Failure(message: "cannot create \(path)")
        }
        defer { sqlite3_close(db) }
        var error: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(db, "BEGIN;\n" + sql + "\nCOMMIT;", nil, nil, &error) == SQLITE_OK else {
            let message = error.map { String(cString: $0) } ?? "?"
            sqlite3_free(error)
            throw Failure(message: message)
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}

extension XCResultWriter {
    /// The bundle's files written below `root` (a run directory, or the bundle itself
    /// when `bundlePath` is empty).
    func write(to root: String) throws {
        for (path, bytes) in files {
            let url = URL(fileURLWithPath: root).appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
    }
}
