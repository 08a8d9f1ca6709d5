/// A person's classification of one run: what the run list shows as its triage status
/// and what the note quotes. Stored one small JSON file per run, outside the evidence.
/// The top-level fields are the current (newest) classification; `history` keeps every
/// one made, oldest first, the current one last, so re-classifying never loses one.
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
    /// The classifications before this one, oldest first. A record of format 1 (no
    /// history) has none: it reads as a one-entry history.
    public var earlier: [TriageClassification]

    /// Every classification of the run, oldest first; the last is the current one.
    public var history: [TriageClassification] { earlier + [current] }

    public init(
        runID: String, failureClass: FailureClass, comment: String = "", issue: String? = nil, author: String,
        time: Double, proposed: FailureClass?, isDraft: Bool = false, earlier: [TriageClassification] = []
    ) {
        self.runID = runID
        self.failureClass = failureClass
        self.comment = comment
        self.issue = issue
        self.author = author
        self.time = time
        self.proposed = proposed
        self.isDraft = isDraft
        self.earlier = earlier
    }

    /// The current classification as a history entry.
    public var current: TriageClassification {
        TriageClassification(failureClass: failureClass, comment: comment, issue: issue, author: author, time: time, proposed: proposed)
    }

    /// `newer` made the current classification, with this record's history before it.
    public func superseded(by newer: TriageRecord) -> TriageRecord {
        TriageRecord(
            runID: runID, failureClass: newer.failureClass, comment: newer.comment, issue: newer.issue, author: newer.author,
            time: newer.time, proposed: newer.proposed, isDraft: newer.isDraft, earlier: history)
    }

    /// Whether the person took the classifier's proposal or overrode it.
    public var decision: String {
        guard let proposed else { return "classified without a proposal" }
        return proposed == failureClass ? "accepted the proposal" : "overrode the proposal (\(proposed.title))"
    }

    /// 2 added `history`; format 1 records still read.
    public static let formatVersion = 2
}

/// One classification in a run's history: who decided what, when, and why.
public struct TriageClassification: Sendable, Equatable {
    public var failureClass: FailureClass
    public var comment: String
    public var issue: String?
    public var author: String
    /// Seconds since 1970.
    public var time: Double
    public var proposed: FailureClass?

    public init(failureClass: FailureClass, comment: String, issue: String?, author: String, time: Double, proposed: FailureClass?) {
        self.failureClass = failureClass
        self.comment = comment
        self.issue = issue
        self.author = author
        self.time = time
        self.proposed = proposed
    }

    var json: JSONWriter.Value {
        .object([
            ("class", .string(failureClass.rawValue)), ("comment", .string(comment)), ("issue", .optional(issue)),
            ("author", .string(author)), ("time", .string(Timestamp.iso8601(time))), ("epoch", .double(time)),
            ("proposed", .optional(proposed?.rawValue)),
        ])
    }
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
            ("history", .array(history.map(\.json))),
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
        var record = TriageRecord(
            runID: try string("run"), failureClass: cls, comment: try optionalString("comment") ?? "",
            issue: try optionalString("issue"), author: try optionalString("author") ?? "unknown", time: epoch,
            proposed: proposed, isDraft: root["draft"]?.bool ?? false)
        // Format 1 has no history: the record alone is its one entry.
        guard let entries = root["history"], !entries.isNull else { return record }
        guard let items = entries.array else { throw shape.mismatch(entries, expected: "an array for \"history\"") }
        var history: [TriageClassification] = []
        for item in items {
            guard item.members != nil else { throw shape.mismatch(item, expected: "an object in \"history\"") }
            func text(_ key: String) throws(Diagnostic) -> String? {
                guard let v = item[key], !v.isNull else { return nil }
                guard let s = v.string else { throw shape.mismatch(v, expected: "a string or null for \"\(key)\" in \"history\"") }
                return s
            }
            guard let classText = try text("class"), let c = FailureClass(rawValue: classText) else {
                throw shape.mismatch(item, expected: "a known \"class\" in each \"history\" entry")
            }
            guard let time = item["epoch"]?.double else { throw shape.mismatch(item, expected: "a number \"epoch\" in each \"history\" entry") }
            let proposedText = try text("proposed")
            history.append(
                TriageClassification(
                    failureClass: c, comment: try text("comment") ?? "", issue: try text("issue"), author: try text("author") ?? "unknown",
                    time: time, proposed: proposedText.flatMap(FailureClass.init(rawValue:))))
        }
        // The top-level fields are the current classification: the history ends with it.
        if history.last == record.current { history.removeLast() }
        record.earlier = history
        return record
    }
}
