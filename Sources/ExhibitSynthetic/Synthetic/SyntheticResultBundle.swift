import ExhibitCore

/// A synthetic `.xcresult` bundle in the real on-disk format, for the benchmark: one
/// test action of `testCount` tests (one in a hundred fails, with a message and a
/// location), each run's `ActionTestSummary` with one activity holding one attachment,
/// whose payloads make up most of `payloadBytes`; the rest is a session log in the
/// Diagnostics folder. Objects are stored raw (the format allows it: the reader tests
/// the zstd magic) and their ids computed as the real tools do (BLAKE2b-512 over refs
/// and bytes). Files are handed to `emit` one at a time, so memory is bounded by the
/// largest object (the tests tree), not by the bundle.
public struct SyntheticResultBundle: Sendable {
    public var testCount: Int
    public var payloadBytes: Int
    public var seed: UInt64

    public init(testCount: Int, payloadBytes: Int, seed: UInt64 = 1) {
        self.testCount = testCount
        self.payloadBytes = payloadBytes
        self.seed = seed
    }

    /// Writes the bundle's files, bundle-relative paths (`Info.plist`, `Data/data.ID`,
    /// `Data/refs.ID`), through `emit`.
    public func write(_ emit: (String, [UInt8]) throws -> Void) rethrows {
        var random = SplitMix64(seed: seed)
        func store(_ bytes: [UInt8], children: [XCResultObjectID] = []) throws -> XCResultObjectID {
            let id = XCResultObjectID.computed(children: children, storedBytes: bytes)
            try emit(id.dataPath, bytes)
            try emit(id.refsPath, RefsFile.encode(children))
            return id
        }
        func noise(_ count: Int) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: count)
            var i = 0
            while i < count {
                var word = random.next()
                for _ in 0..<8 where i < count {
                    out[i] = UInt8(truncatingIfNeeded: word)
                    word >>= 8
                    i += 1
                }
            }
            return out
        }
        let logBytes = max(0, payloadBytes / 10)
        let perPayload = testCount > 0 ? max(0, payloadBytes - logBytes) / testCount : 0
        var metadata: [Token] = []
        var summaries: [XCResultObjectID] = []
        for index in 0..<testCount {
            let identifier = "SyntheticTests/test\(index)()"
            let failed = index % 100 == 7
            let payload = try store(noise(perPayload))
            let stamp = "2026-11-03T10:00:\(String(format2: index % 60)).\(String(format3: index % 1000))+0200"
            var fields: [(String, Token)] = [
                (
                    "activitySummaries",
                    .array([
                        .object(
                            "ActionTestActivitySummary",
                            [
                                ("activityType", .string("com.apple.dt.xctest.activity-type.userCreated")),
                                (
                                    "attachments",
                                    .array([
                                        .object(
                                            "ActionTestAttachment",
                                            [
                                                ("filename", .string("Screenshot_\(index).png")), ("lifetime", .string("keepAlways")),
                                                ("name", .string("Screenshot")), ("payloadRef", .reference(payload)),
                                                ("payloadSize", .scalar("Int", String(perPayload))), ("timestamp", .scalar("Date", stamp)),
                                                ("uniformTypeIdentifier", .string("public.png")),
                                            ])
                                    ])
                                ),
                                ("finish", .scalar("Date", stamp)), ("start", .scalar("Date", stamp)), ("title", .string("Step \(index)")),
                            ])
                    ])
                ),
                ("duration", .scalar("Double", "0.01")),
            ]
            if failed {
                fields.append(
                    (
                        "failureSummaries",
                        .array([
                            .object(
                                "ActionTestFailureSummary",
                                [
                                    ("fileName", .string("/ci/src/SyntheticTests.swift")), ("lineNumber", .scalar("Int", String(10 + index % 90))),
                                    ("message", .string("XCTAssertEqual failed: (\"\(index)\") is not equal to (\"0\")")),
                                ])
                        ])
                    ))
            }
            fields += [("identifier", .string(identifier)), ("name", .string("test\(index)()")), ("testStatus", .string(failed ? "Failure" : "Success"))]
            let summary = try store(Token.encode(.object("ActionTestSummary", fields)), children: [payload])
            summaries.append(summary)
            metadata.append(
                .object(
                    "ActionTestMetadata",
                    [
                        ("duration", .scalar("Double", "0.01")), ("identifier", .string(identifier)), ("name", .string("test\(index)()")),
                        ("summaryRef", .reference(summary)), ("testStatus", .string(failed ? "Failure" : "Success")),
                    ]))
        }
        let plan = Token.object(
            "ActionTestPlanRunSummaries",
            [
                (
                    "summaries",
                    .array([
                        .object(
                            "ActionTestPlanRunSummary",
                            [
                                (
                                    "testableSummaries",
                                    .array([
                                        .object(
                                            "ActionTestableSummary",
                                            [
                                                ("name", .string("SyntheticTests")), ("targetName", .string("SyntheticTests")),
                                                (
                                                    "tests",
                                                    .array([
                                                        .object("ActionTestSummaryGroup", [("name", .string("All tests")), ("subtests", .array(metadata))])
                                                    ])
                                                ),
                                            ])
                                    ])
                                )
                            ])
                    ])
                )
            ])
        metadata = []
        let tests = try store(Token.encode(plan), children: summaries)
        let log = try store(Array("Xcode version: 26.1.1 (17B100)\n".utf8) + noise(logBytes))
        let folder = try store(Array(#"[{"name":"Session-SyntheticTests-2026-11-03_100000-aBcDeF.log","type":1}]"#.utf8), children: [log])
        let failedCount = testCount > 7 ? (testCount - 8) / 100 + 1 : 0
        let root = Token.object(
            "ActionsInvocationRecord",
            [
                (
                    "actions",
                    .array([
                        .object(
                            "ActionRecord",
                            [
                                (
                                    "actionResult",
                                    .object(
                                        "ActionResult",
                                        [
                                            ("diagnosticsRef", .reference(folder)),
                                            (
                                                "metrics",
                                                .object(
                                                    "ResultMetrics",
                                                    [
                                                        ("testsCount", .scalar("Int", String(testCount))),
                                                        ("testsFailedCount", .scalar("Int", String(failedCount))),
                                                    ])
                                            ),
                                            ("status", .string(failedCount > 0 ? "failed" : "succeeded")), ("testsRef", .reference(tests)),
                                        ])
                                ),
                                ("endedTime", .scalar("Date", "2026-11-03T10:20:00.000+0200")),
                                ("startedTime", .scalar("Date", "2026-11-03T10:00:00.000+0200")),
                                ("title", .string("Testing workspace Synthetic with scheme Synthetic")),
                            ])
                    ])
                )
            ])
        let rootID = try store(Token.encode(root), children: [folder, tests])
        try emit("Info.plist", Array(Self.infoPlist(rootID: rootID.text).utf8))
    }

    static func infoPlist(rootID: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>dateCreated</key>
        \t<date>2026-11-03T08:20:00Z</date>
        \t<key>externalLocations</key>
        \t<array/>
        \t<key>rootId</key>
        \t<dict>
        \t\t<key>hash</key>
        \t\t<string>\(rootID)</string>
        \t</dict>
        \t<key>storage</key>
        \t<dict>
        \t\t<key>backend</key>
        \t\t<string>fileBacked2</string>
        \t\t<key>compression</key>
        \t\t<string>standard</string>
        \t</dict>
        \t<key>version</key>
        \t<dict>
        \t\t<key>major</key>
        \t\t<integer>3</integer>
        \t\t<key>minor</key>
        \t\t<integer>56</integer>
        \t</dict>
        </dict>
        </plist>

        """
    }

    /// The typed-object grammar, as much of it as the generator needs: a type's first
    /// use in an object defines it (`T[K2:_nV<n>:<name>]`), later uses name it (`S<n>:`).
    indirect enum Token {
        case object(String, [(String, Token)])
        case array([Token])
        case scalar(String, String)

        static func string(_ text: String) -> Token { .scalar("String", text) }
        static func reference(_ id: XCResultObjectID) -> Token { .object("Reference", [("id", .string(id.text))]) }

        static func encode(_ token: Token) -> [UInt8] {
            var defined: Set<String> = []
            var out: [UInt8] = []
            func counted(_ marker: String, _ payload: [UInt8]) { out += Array("\(marker)\(payload.count):".utf8) + payload }
            func type(_ name: String) {
                if defined.insert(name).inserted {
                    out += Array("T[K2:_n".utf8)
                    counted("V", Array(name.utf8))
                    out.append(UInt8(ascii: "]"))
                } else {
                    counted("S", Array(name.utf8))
                }
            }
            func write(_ token: Token) {
                out.append(UInt8(ascii: "["))
                switch token {
                case .scalar(let name, let text):
                    type(name)
                    out += Array("K2:_v".utf8)
                    counted("V", Array(text.utf8))
                case .array(let items):
                    type("Array")
                    for item in items { write(item) }
                case .object(let name, let fields):
                    type(name)
                    for (key, value) in fields {
                        counted("K", Array(key.utf8))
                        write(value)
                    }
                }
                out.append(UInt8(ascii: "]"))
            }
            write(token)
            return out
        }
    }
}

extension String {
    /// Zero-padded to two and three digits (no Foundation in the pure targets' hot code).
    fileprivate init(format2 n: Int) { self = n < 10 ? "0\(n)" : "\(n)" }
    fileprivate init(format3 n: Int) { self = n < 10 ? "00\(n)" : n < 100 ? "0\(n)" : "\(n)" }
}
