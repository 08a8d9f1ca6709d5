/// A person's classification of one run: what the run list shows as its triage status
/// and what the note quotes. Stored one small JSON file per run, outside the evidence.
public struct TriageRecord: Sendable, Equatable {
    public var runID: String
    public var failureClass: FailureClass
    /// One line; empty when none was given.
    public var comment: String
    /// An issue id (`VAULT-412`) or URL, when the failure was filed.
    public var issue: String?
    /// From `$EXHIBIT_USER`, `git config user.name` or `$USER`.
    public var author: String
    /// Seconds since 1970.
    public var time: Double
    /// What the classifier proposed when the person decided; nil when it had no proposal.
    public var proposed: FailureClass?
    /// An unfinished classification kept when the UI was left while typing (signal,
    /// dropped SSH session). Reopening the run offers it again.
    public var isDraft: Bool

    public init(
        runID: String, failureClass: FailureClass, comment: String = "", issue: String? = nil, author: String,
        time: Double, proposed: FailureClass?, isDraft: Bool = false
    ) {
        self.runID = runID
        self.failureClass = failureClass
        self.comment = comment
        self.issue = issue
        self.author = author
        self.time = time
        self.proposed = proposed
        self.isDraft = isDraft
    }

    /// Whether the person took the classifier's proposal or overrode it.
    public var decision: String {
        guard let proposed else { return "classified without a proposal" }
        return proposed == failureClass ? "accepted the proposal" : "overrode the proposal (\(proposed.title))"
    }

    public static let formatVersion = 1
}

extension TriageRecord {
    public func encoded() -> [UInt8] {
        let value: JSONWriter.Value = .object([
            ("version", .int(Self.formatVersion)),
            ("run", .string(runID)),
            ("class", .string(failureClass.rawValue)),
            ("comment", .string(comment)),
            ("issue", .optional(issue)),
            ("author", .string(author)),
            ("time", .string(Timestamp.iso8601(time))),
            ("epoch", .double(time)),
            ("proposed", .optional(proposed?.rawValue)),
            ("draft", .bool(isDraft)),
        ])
        return Array(JSONWriter.render(value).utf8)
    }

    /// Reads a record file. A record is small and written by exhibit itself, so any
    /// defect is one error naming the file and position.
    public static func decode(_ bytes: [UInt8], file: String) throws(Diagnostic) -> TriageRecord {
        let root = try JSONDocument.parse(bytes, file: file)
        let shape = JSONShapeReader(bytes: bytes, file: file)
        guard root.members != nil else { throw shape.mismatch(root, expected: "a JSON object") }
        func string(_ key: String) throws(Diagnostic) -> String {
            guard let v = root[key] else { throw Diagnostic.error(file, "missing key \"\(key)\"") }
            guard let s = v.string else { throw shape.mismatch(v, expected: "a string for \"\(key)\"") }
            return s
        }
        func optionalString(_ key: String) throws(Diagnostic) -> String? {
            guard let v = root[key], !v.isNull else { return nil }
            guard let s = v.string else { throw shape.mismatch(v, expected: "a string or null for \"\(key)\"") }
            return s
        }
        func failureClass(_ text: String, key: String) throws(Diagnostic) -> FailureClass {
            guard let c = FailureClass(rawValue: text) else {
                let known = FailureClass.allCases.map(\.rawValue).joined(separator: ", ")
                throw shape.mismatch(root[key]!, expected: "one of \(known) for \"\(key)\"")
            }
            return c
        }
        if let v = root["version"], let n = v.int, n > formatVersion {
            throw shape.mismatch(v, expected: "record format version \(formatVersion) or older")
        }
        let cls = try failureClass(try string("class"), key: "class")
        let proposed = try optionalString("proposed").map { (t: String) throws(Diagnostic) in try failureClass(t, key: "proposed") }
        guard let epoch = root["epoch"]?.double else { throw Diagnostic.error(file, "missing number \"epoch\"") }
        return TriageRecord(
            runID: try string("run"), failureClass: cls, comment: try optionalString("comment") ?? "",
            issue: try optionalString("issue"), author: try optionalString("author") ?? "unknown", time: epoch,
            proposed: proposed, isDraft: root["draft"]?.bool ?? false)
    }
}
