import ExhibitCore

/// The test results of a `database.sqlite3`, read table by table (each once, its rows
/// streamed) and joined here, so a table or a column that is missing costs only what
/// hangs on it. Columns are probed, never assumed: the Xcode 16 and Xcode 26 schemas
/// differ (`TestIssues.isTopLevelFailure`/`isTopLevel`, `Activities.warningIDs`, …) and
/// a crafted database may lack any of them, so a column that is not there reads as
/// NULL. What is read, beside what `Data/` has: each failure's call stack
/// (`SourceCodeContexts` → `SourceCodeFrames` → `SourceCodeSymbolInfos` →
/// `SourceCodeLocations`) and the values a failed `#expect` captured (`Expressions`,
/// `TestValues`). Times count from Core Data's epoch and become seconds since 1970.
extension ResultDatabase {
    /// How many nodes one failure's expression tree or one run's activity tree may
    /// have: `subexpressions` and `parent_fk` are row ids a crafted database can loop.
    static let treeLimit = 4096

    public static func read(path: String) -> ResultDatabaseReading {
        do {
            let db = try Connection(path: path)
            var reading = Reading(db: db)
            return .read(try reading.contents())
        } catch {
            return .unreadable(error.description)
        }
    }

    /// One table's rows by row id, with the probed columns in the order asked for.
    struct Table {
        var rows: [Int: [Value]] = [:]
        /// Row ids in the order the table holds them.
        var order: [Int] = []
    }

    enum Value {
        case null
        case int(Int)
        case double(Double)
        case text(String)

        var int: Int? {
            switch self {
            case .int(let n): n
            case .double(let d): d.isFinite && abs(d) < 9e15 ? Int(d) : nil
            case .text(let t): Int(t)
            case .null: nil
            }
        }

        var double: Double? {
            switch self {
            case .int(let n): Double(n)
            case .double(let d): d.isFinite ? d : nil
            case .text(let t): Double(t)
            case .null: nil
            }
        }

        var text: String? {
            switch self {
            case .text(let t): t
            case .int(let n): String(n)
            case .double(let d): String(d)
            case .null: nil
            }
        }
    }

    struct Reading {
        let db: Connection
        var tables: Set<String> = []
        var diagnostics: [Diagnostic] = []

        init(db: Connection) { self.db = db }

        /// `table`'s rows with `columns` (a missing column reads NULL); an empty table
        /// when the table is not there.
        func load(_ table: String, _ columns: [String]) throws(Failure) -> Table {
            guard tables.contains(table) else { return Table() }
            let present = try db.columns(table)
            let list = columns.map { present.contains($0) ? "\"\($0)\"" : "NULL" }.joined(separator: ", ")
            var out = Table()
            try db.each("SELECT rowid, \(list) FROM \"\(table)\"") { row in
                guard let id = row.int(0) else { return }
                var values: [Value] = []
                values.reserveCapacity(columns.count)
                for index in 1...Int32(columns.count) { values.append(row.value(index)) }
                if out.rows.updateValue(values, forKey: id) == nil { out.order.append(id) }
            }
            return out
        }

        mutating func contents() throws(Failure) -> XCResultDatabaseContents {
            tables = try db.tables()
            guard tables.contains("TestCaseRuns"), tables.contains("TestCases") else {
                throw Failure(description: "no TestCaseRuns or TestCases table: not a result bundle's database (\(tables.count) tables)")
            }
            let schema = tables.contains("TestIssues") ? ResultDatabase.schemaName(testIssuesColumns: try db.columns("TestIssues")) : nil

            let invocations = try load("Invocations", ["scheme"])
            let actions = try load("Actions", ["started", "finished", "runDestination_fk", "orderInInvocation"])
            let destinations = try load("RunDestinations", ["architecture", "device_fk"])
            let devices = try load(
                "Devices", ["identifier", "name", "modelName", "operatingSystemVersion", "operatingSystemVersionWithBuildNumber", "platform_fk"])
            let platforms = try load("Platforms", ["userDescription"])
            let planRuns = try load("TestPlanRuns", ["action_fk", "orderInAction"])
            let testableRuns = try load("TestableRuns", ["testPlanRun_fk", "testable_fk", "orderInTestPlanRun"])
            let testables = try load("Testables", ["name"])
            let suiteRuns = try load("TestSuiteRuns", ["testableRun_fk", "parentSuiteRun_fk", "orderInParent"])
            let cases = try load("TestCases", ["name", "identifier"])
            let caseRuns = try load(
                "TestCaseRuns", ["testCase_fk", "testSuiteRun_fk", "result", "duration", "repetitionPolicy_fk", "orderInTestSuiteRun"])
            let policies = try load("RepetitionPolicies", ["repetitionModeString"])

            // The run destination of each action, and the actions in order.
            var deviceOfAction: [Int: TestDevice] = [:]
            var allDevices: [TestDevice] = []
            var results = (start: Double?.none, finish: Double?.none)
            for id in actions.order {
                let action = actions.rows[id]!
                if let started = action[0].double.map({ $0 + XCResultDatabaseContents.coreDataEpoch }) {
                    results.start = min(results.start ?? started, started)
                }
                if let finished = action[1].double.map({ $0 + XCResultDatabaseContents.coreDataEpoch }) {
                    results.finish = max(results.finish ?? finished, finished)
                }
                guard let destination = action[2].int.flatMap({ destinations.rows[$0] }),
                    let deviceRow = destination[1].int.flatMap({ devices.rows[$0] })
                else { continue }
                var device = TestDevice(
                    identifier: deviceRow[0].text, name: deviceRow[1].text, modelName: deviceRow[2].text,
                    architecture: destination[0].text, osVersion: deviceRow[3].text,
                    platform: deviceRow[5].int.flatMap { platforms.rows[$0]?[0].text })
                if let full = deviceRow[4].text { device.fillVersion(fromVersionWithBuild: full) }
                deviceOfAction[id] = device
                if !allDevices.contains(device) { allDevices.append(device) }
            }

            let messages = try failureMessages()
            let arguments = try argumentsByRun()
            let activities = try activitiesByRun()

            // Each run, with the key that puts it where the bundle ran it: the action,
            // the plan run, the testable run, the suite runs from the top, the run.
            var keyed: [(key: [Int], run: XCResultTestRun)] = []
            for id in caseRuns.order {
                let row = caseRuns.rows[id]!
                guard let testCase = row[0].int.flatMap({ cases.rows[$0] }) else {
                    diagnostics.append(.warning("TestCaseRuns", "row \(id) names no test case (testCase_fk \(row[0].text ?? "NULL")); left out"))
                    continue
                }
                var key: [Int] = []
                var suitePath: [Int] = []
                var testableRun: [Value]?
                var suite = row[1].int
                var visited: Set<Int> = []
                while let current = suite, let suiteRow = suiteRuns.rows[current], visited.insert(current).inserted, visited.count <= 64 {
                    suitePath.insert(suiteRow[2].int ?? 0, at: 0)
                    if let t = suiteRow[0].int.flatMap({ testableRuns.rows[$0] }) { testableRun = t }
                    suite = suiteRow[1].int
                }
                let planRun = testableRun?[0].int.flatMap { planRuns.rows[$0] }
                let actionID = planRun?[0].int
                let action = actionID.flatMap { actions.rows[$0] }
                key += [action?[3].int ?? 0, actionID ?? 0, planRun?[1].int ?? 0, testableRun?[2].int ?? 0]
                key += suitePath + [row[5].int ?? 0, id]
                let name = testCase[0].text ?? testCase[1].text ?? ""
                var run = XCResultTestRun(
                    name: name, identifier: testCase[1].text, target: testableRun?[1].int.flatMap { testables.rows[$0]?[0].text },
                    device: actionID.flatMap { deviceOfAction[$0] },
                    outcome: row[2].text.map(TestOutcome.init) ?? .unknown, durationSeconds: row[3].double)
                run.policy = row[4].int.flatMap { policies.rows[$0]?[0].text }
                run.arguments = arguments[id]
                run.messages = messages[id] ?? []
                run.activities = activities[id] ?? []
                keyed.append((key, run))
            }
            keyed.sort { $0.key.lexicographicallyPrecedes($1.key) }
            return XCResultDatabaseContents(
                schema: schema ?? "unknown", runs: keyed.map(\.run), scheme: invocations.order.first.flatMap { invocations.rows[$0]?[0].text },
                startTime: results.start, finishTime: results.finish, devices: allDevices, diagnostics: diagnostics)
        }

        /// `value: false, other: 2` for each run that has Swift Testing arguments.
        func argumentsByRun() throws(Failure) -> [Int: String] {
            let arguments = try load("Arguments", ["testCaseRun_fk", "testValue_fk", "parameter_fk", "orderInTestCaseRun"])
            guard !arguments.order.isEmpty else { return [:] }
            let values = try load("TestValues", ["description"])
            let parameters = try load("Parameters", ["label"])
            var byRun: [Int: [(order: Int, text: String)]] = [:]
            for id in arguments.order {
                let row = arguments.rows[id]!
                guard let run = row[0].int else { continue }
                let value = row[1].int.flatMap { values.rows[$0]?[0].text } ?? ""
                let text = row[2].int.flatMap { parameters.rows[$0]?[0].text }.map { "\($0): \(value)" } ?? value
                byRun[run, default: []].append((row[3].int ?? 0, text))
            }
            return byRun.mapValues { $0.sorted { $0.order < $1.order }.map(\.text).joined(separator: ", ") }
        }

        /// Each run's failure messages (`TestIssues` in `orderInOwner`), with their
        /// location, call stack and captured expression.
        func failureMessages() throws(Failure) -> [Int: [FailureMessage]] {
            let issues = try load(
                "TestIssues",
                [
                    "testCaseRun_fk", "compactDescription", "detailedDescription", "sanitizedDescription", "sourceCodeContext_fk",
                    "expression_fk", "orderInOwner", "timestamp",
                ])
            guard !issues.order.isEmpty else { return [:] }
            let contexts = try load("SourceCodeContexts", ["location_fk"])
            let locations = try load("SourceCodeLocations", ["filePath", "lineNumber"])
            let frames = try load("SourceCodeFrames", ["context_fk", "symbolInfo_fk", "address", "orderInContainer"])
            let symbols = try load("SourceCodeSymbolInfos", ["imageName", "symbolName", "location_fk"])
            let expressions = try load("Expressions", ["sourceCode", "testValue_fk", "subexpressions"])
            let values = try load("TestValues", ["description", "typeName"])

            var framesByContext: [Int: [(order: Int, frame: StackFrame)]] = [:]
            for id in frames.order {
                let row = frames.rows[id]!
                guard let context = row[0].int else { continue }
                var frame = StackFrame(address: row[2].text)
                if let symbol = row[1].int.flatMap({ symbols.rows[$0] }) {
                    frame.image = symbol[0].text
                    frame.symbol = symbol[1].text
                    if let location = symbol[2].int.flatMap({ locations.rows[$0] }) {
                        frame.file = location[0].text.map(FailureLocation.lastPathComponent)
                        frame.line = location[1].int
                    }
                }
                framesByContext[context, default: []].append((row[3].int ?? 0, frame))
            }

            var budget = ResultDatabase.treeLimit
            func expression(_ id: Int, depth: Int) -> CapturedExpression? {
                guard budget > 0, depth < 64, let row = expressions.rows[id] else { return nil }
                budget -= 1
                let value = row[1].int.flatMap { values.rows[$0] }
                let children = (row[2].text ?? "").split(separator: ",").compactMap { Int($0.filter { $0 != " " }) }
                return CapturedExpression(
                    sourceCode: row[0].text ?? "", value: value?[0].text, typeName: value?[1].text,
                    subexpressions: children.compactMap { expression($0, depth: depth + 1) })
            }

            var byRun: [Int: [(order: Int, message: FailureMessage)]] = [:]
            for id in issues.order {
                let row = issues.rows[id]!
                guard let run = row[0].int else { continue }
                var message = FailureMessage(text: row[1].text ?? row[3].text ?? row[2].text ?? "")
                message.timestamp = row[7].double.map { $0 + XCResultDatabaseContents.coreDataEpoch }
                if let context = row[4].int {
                    if let location = contexts.rows[context]?[0].int.flatMap({ locations.rows[$0] }) {
                        message.sourceFile = location[0].text.map(FailureLocation.lastPathComponent)
                        message.line = location[1].int
                    }
                    budget = ResultDatabase.treeLimit
                    var evidence = FailureEvidence(callStack: (framesByContext[context] ?? []).sorted { $0.order < $1.order }.map(\.frame))
                    evidence.expression = row[5].int.flatMap { expression($0, depth: 0) }
                    if !evidence.isEmpty { message.evidence = evidence }
                } else if let root = row[5].int {
                    budget = ResultDatabase.treeLimit
                    message.evidence = expression(root, depth: 0).map { FailureEvidence(expression: $0) }
                }
                byRun[run, default: []].append((row[6].int ?? 0, message))
            }
            return byRun.mapValues { $0.sorted { $0.order < $1.order }.map(\.message) }
        }

        /// Each run's top-level activities (only they carry `testCaseRun_fk`), their
        /// children through `parent_fk`, and the attachments of each.
        func activitiesByRun() throws(Failure) -> [Int: [TestActivity]] {
            let activities = try load(
                "Activities", ["testCaseRun_fk", "parent_fk", "orderInParent", "title", "activityType", "startTime", "finishTime"])
            guard !activities.order.isEmpty else { return [:] }
            let attachments = try load(
                "Attachments", ["activity_fk", "name", "filenameOverride", "uniformTypeIdentifier", "timestamp", "lifetime", "xcResultKitPayloadRefId"])
            var attachmentsOf: [Int: [TestAttachment]] = [:]
            for id in attachments.order {
                let row = attachments.rows[id]!
                guard let activity = row[0].int else { continue }
                attachmentsOf[activity, default: []].append(
                    TestAttachment(
                        name: row[1].text, filename: row[2].text, uniformType: row[3].text,
                        timestamp: row[4].double.map { $0 + XCResultDatabaseContents.coreDataEpoch }, lifetime: row[5].text,
                        payloadID: row[6].text))
            }
            var childrenOf: [Int: [(order: Int, id: Int)]] = [:]
            for id in activities.order {
                if let parent = activities.rows[id]![1].int { childrenOf[parent, default: []].append((activities.rows[id]![2].int ?? 0, id)) }
            }
            var visited: Set<Int> = []
            func activity(_ id: Int, depth: Int) -> TestActivity? {
                guard depth < 64, visited.count < ResultDatabase.treeLimit * 16, visited.insert(id).inserted, let row = activities.rows[id] else {
                    return nil
                }
                let children = (childrenOf[id] ?? []).sorted { $0.order < $1.order }.compactMap { activity($0.id, depth: depth + 1) }
                return TestActivity(
                    title: row[3].text ?? "", activityType: row[4].text,
                    start: row[5].double.map { $0 + XCResultDatabaseContents.coreDataEpoch },
                    finish: row[6].double.map { $0 + XCResultDatabaseContents.coreDataEpoch },
                    attachments: attachmentsOf[id] ?? [], children: children)
            }
            var byRun: [Int: [(order: Int, activity: TestActivity)]] = [:]
            for id in activities.order {
                let row = activities.rows[id]!
                guard let run = row[0].int, row[1].int == nil, let top = activity(id, depth: 0) else { continue }
                byRun[run, default: []].append((row[2].int ?? 0, top))
            }
            return byRun.mapValues { $0.sorted { $0.order < $1.order }.map(\.activity) }
        }
    }
}
