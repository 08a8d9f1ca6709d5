import ExhibitCore

/// `exhibit summary`: what a bundle holds, in text for people and JSON for scripts.
/// Every untrusted string goes through `TerminalText.escape` in the text form.
public enum SummaryReport {
    // MARK: - Text

    public static func text(_ bundle: EvidenceBundle) -> String {
        var out = ""
        func line(_ label: String, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            out += label.padding(11) + TerminalText.escape(value) + "\n"
        }
        let m = bundle.metadata
        line("Run", bundle.runID)
        line("Commit", [m.commit, m.branch.map { "(\($0))" }].compactMap { $0 }.joined(separator: " "))
        line("Scheme", m.scheme)
        line("Device", deviceLine(m))
        line("Runtime", m.runtimeIdentifier)
        line("App", [m.bundleIdentifier, m.appVersion].compactMap { $0 }.joined(separator: " "))
        line("Xcode", xcodeLine(bundle))
        line("Started", timeLine(m))
        line("CI job", [m.ciJobID, m.ciJobURL].compactMap { $0 }.joined(separator: " "))

        out += "\n"
        if let r = bundle.primaryResults {
            out += "Tests".padding(11) + countsLine(r) + " (from \(r.source.rawValue))\n"
            for other in countDisagreements(bundle) { out += "".padding(11) + other + "\n" }
            if r.destinations.count > 1 {
                out += "\nDestinations (\(r.destinations.count))\n"
                for d in r.destinations { out += "  " + destinationLine(d) + "\n" }
            }
            let failures = r.failures
            if !failures.isEmpty {
                out += "\nFailing tests (\(failingCount(r)))\n"
                for f in failures { out += failureLines(f) }
            }
        } else {
            out += "Tests".padding(11) + "no test results in the bundle\n"
        }

        out += "\n"
        if let inv = bundle.inventory {
            out +=
                "Container".padding(11)
                + "\(inv.totalFiles) files, \(inv.totalSizeText(Inventory.root, unrecorded: inv.hasUnrecordedSizes ? inv.unrecordedSizes(at: Inventory.root) : 0)), "
                + (inv.flagCoverage == .unrecorded ? "exclusion unknown" : "\(inv.excludedFileCount) excluded from backup")
                + " (from \(bundle.inventorySource ?? "?"))\n"
            if inv.flagCoverage != .complete, let flags = bundle.flagSummary { out += "".padding(11) + flags + "\n" }
        } else {
            out += "Container".padding(11) + "no inventory in the bundle\n"
        }
        let steps = CreationSteps(bundle: bundle)
        if let timeline = timelineLine(steps.timeline) { out += "Timeline".padding(11) + timeline + "\n" }
        if let agreement = steps.agreement() { out += "Steps".padding(11) + agreement.sentence + "\n" }
        let rows = directoryRows(bundle)
        if !rows.isEmpty {
            out += "\n" + "Top-level directory".padding(30) + "du".leftPadding(12) + "inventory".leftPadding(12) + "files".leftPadding(9) + "\n"
            for row in rows {
                out +=
                    "  " + TerminalText.escape(path: row.name, isEscaped: row.nameIsEscaped).padding(28)
                    + (row.duBytes.map { ByteSize.format($0) } ?? "-").leftPadding(12)
                    + row.inventoryText.leftPadding(12)
                    + (row.files.map { String($0) } ?? "-").leftPadding(9) + "\n"
            }
        }

        out += "\nEvidence\n"
        for row in evidenceRows(bundle) {
            // The detail quotes a diagnostic whose quoted bytes were escaped already.
            out += "  " + row.state.padding(12) + TerminalText.escape(row.file) + TerminalText.sanitized(row.detail) + "\n"
        }
        let others = otherDiagnostics(bundle)
        if !others.isEmpty {
            out += "\nDiagnostics\n"
            // Repeats of one kind in one file as one line (the JSON form keeps each).
            for d in DiagnosticFolding.fold(others) { out += "  " + TerminalText.sanitized(d.description) + "\n" }
        }
        return out
    }

    /// `3 test windows (2 from the session log, 1 from failure time minus duration), 1 named activity`;
    /// nil for a run without a timeline.
    static func timelineLine(_ timeline: RunTimeline) -> String? {
        guard !timeline.tests.isEmpty else { return nil }
        var bySource: [String] = []
        for source in TestWindowSource.allCases {
            let n = timeline.tests.reduce(0) { $0 + ($1.source == source ? 1 : 0) }
            if n > 0 { bySource.append("\(n) from the \(source.rawValue)") }
        }
        func named(_ a: TimelineActivity) -> Int { (a.isNamed ? 1 : 0) + a.children.reduce(0) { $0 + named($1) } }
        let activities = timeline.tests.reduce(0) { $0 + $1.activities.reduce(0) { $0 + named($1) } }
        let n = timeline.tests.count
        return "\(n) test window\(n == 1 ? "" : "s") (\(bySource.joined(separator: ", "))), \(activities) named activit\(activities == 1 ? "y" : "ies")"
    }

    /// Test windows by source, and the events; zeros for a run without a timeline.
    static func timelineJSON(_ timeline: RunTimeline) -> [(String, JSONWriter.Value)] {
        var sources: [(String, JSONWriter.Value)] = []
        for source in TestWindowSource.allCases {
            sources.append((source.rawValue, .int(timeline.tests.reduce(0) { $0 + ($1.source == source ? 1 : 0) })))
        }
        return [
            ("testWindows", .int(timeline.tests.count)), ("windowSources", .object(sources)),
            ("failures", .int(timeline.events.reduce(0) { $0 + ($1.kind == .failure ? 1 : 0) })),
            ("attachments", .int(timeline.events.reduce(0) { $0 + ($1.kind == .attachment ? 1 : 0) })),
            ("containerEvents", .int(timeline.containerEvents.count)),
        ]
    }

    /// One artifact under Evidence: `malformed`, `container/inventory.json`, `: 3:7: …`.
    public struct EvidenceRow: Sendable, Equatable {
        public var state: String
        public var file: String
        /// What follows the file name: `: position: message`, ` (superseded by …)`, or empty.
        public var detail: String
    }

    /// The Evidence section's rows (also the UI's evidence pane).
    public static func evidenceRows(_ bundle: EvidenceBundle) -> [EvidenceRow] {
        // A first screen's bundle (`stillLoading`) names what is still being read.
        let reading = bundle.stillLoading.map { EvidenceRow(state: "reading", file: $0, detail: "") }
        return bundle.files.map { f in
            let detail: String
            switch f.state {
            case .malformed(let d): detail = ": " + d.positionAndMessage
            case .superseded(let by): detail = " (superseded by \(by))"
            case .unreadable(let why): detail = ": " + why
            default: detail = ""
            }
            return EvidenceRow(state: stateWord(f.state), file: f.file, detail: detail)
        } + reading
    }

    /// The diagnostics not already shown as a malformed file's reason.
    public static func otherDiagnostics(_ bundle: EvidenceBundle) -> [Diagnostic] {
        bundle.diagnostics.filter { d in
            !bundle.files.contains { if case .malformed(let m) = $0.state { return m == d } else { return false } }
        }
    }

    static func stateWord(_ s: EvidenceFileStatus.State) -> String {
        switch s {
        case .loaded: "loaded"
        case .missing: "missing"
        case .malformed: "malformed"
        case .superseded: "superseded"
        case .unreadable: "unreadable"
        }
    }

    static func deviceLine(_ m: RunMetadata) -> String? {
        var parts: [String] = []
        if let n = m.deviceName { parts.append(n) }
        if let v = m.runtimeVersion { parts.append("iOS \(v)" + (m.runtimeBuild.map { " (\($0))" } ?? "")) }
        if let id = m.deviceIdentifier { parts.append(id) }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    static func xcodeLine(_ b: EvidenceBundle) -> String? {
        var parts: [String] = []
        if let x = b.metadata.xcodeVersion { parts.append(x) }
        if let v = b.metadata.xcresulttoolVersion { parts.append(v) }
        // results/Info.plist is a copy of the bundle's own when collect kept both.
        for info in b.xcresultInfo {
            var facts: [String] = []
            if let f = info.formatVersion { facts.append("format \(f)") }
            if let t = info.dateCreated { facts.append("created \(Timestamp.utc(t))") }
            let part = "result bundle " + facts.joined(separator: ", ")
            if !facts.isEmpty, !parts.contains(part) { parts.append(part) }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    static func timeLine(_ m: RunMetadata) -> String? {
        guard let start = m.startTime else { return nil }
        guard let date = Timestamp.utcIfUsable(start) else { return "unusable start time (\(start))" }
        var s = date
        if let finish = m.finishTime, finish >= start { s += " · ran \(formatDuration(finish - start))" }
        return s
    }

    /// Durations come from evidence (finish minus start): beyond `implausibleDuration`
    /// (about 31,700 years) no real run lasted that long, so the text says so instead
    /// of printing a clamped number; NaN never reaches here (`finish >= start` is false).
    static func formatDuration(_ seconds: Double) -> String {
        guard seconds < implausibleDuration else { return "more than \(Int(implausibleDuration)) s (implausible)" }
        if seconds < 60 {
            let tenths = Int(saturating: (seconds * 10).rounded())
            return "\(tenths / 10).\(tenths % 10) s"
        }
        let total = Int(saturating: seconds.rounded())
        return total >= 3600 ? "\(total / 3600) h \(total / 60 % 60) min" : "\(total / 60) min \(total % 60) s"
    }

    static let implausibleDuration = 1e12
    /// `iPhone 8 · iOS Simulator 14.0 (18A372) · 8789…: Failed: 7 total, 3 passed, 3 failed, 1 skipped`.
    static func destinationLine(_ d: TestDestination) -> String {
        var head = d.device.label
        if let id = d.device.identifier, !head.contains(id) { head += " · " + id }
        if let c = d.configuration { head += " · " + c }
        var parts: [String] = []
        if let t = d.totalCount { parts.append("\(t) total") }
        if let p = d.passedCount { parts.append("\(p) passed") }
        if let f = d.failedCount { parts.append("\(f) failed") }
        if let s = d.skippedCount { parts.append("\(s) skipped") }
        if let e = d.expectedFailureCount, e > 0 { parts.append("\(e) expected failures") }
        return TerminalText.escape(head) + ": " + d.outcome.description + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
    }

    /// One failing test: its name, target, destination and attempts, then each message
    /// with its own location (a location shared with the head line is not repeated).
    static func failureLines(_ f: TestFailure) -> String {
        var head = "  " + TerminalText.escape(f.displayName)
        if let t = f.targetName { head += " [\(TerminalText.escape(t))]" }
        if let file = f.sourceFile { head += " at \(TerminalText.escape(file))" + (f.line.map { ":\($0)" } ?? "") }
        if let d = f.destination { head += " on \(TerminalText.escape(d))" }
        if let attempts = f.attempts, attempts > 1 {
            head +=
                (f.failedAttempts ?? attempts) == attempts
                ? " (failed all \(attempts) attempts)" : " (failed \(f.failedAttempts ?? 0) of \(attempts) attempts)"
        }
        if let file = f.onlyIn { head += " (only in \(file.rawValue))" }
        var out = head + "\n"
        if let arguments = f.failingArguments { out += "      " + argumentsLine(arguments, escape: TerminalText.escape) + "\n" }
        for (index, m) in f.messages.enumerated() {
            let sameAsHead = index == 0 || (m.sourceFile == f.sourceFile && m.line == f.line)
            var lead = ""
            if let file = m.sourceFile, !sameAsHead { lead = TerminalText.escape(file) + (m.line.map { ":\($0)" } ?? "") + ": " }
            // Each line of a message on its own line (codemagic's text runs over several).
            for (n, textLine) in m.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                out += (n == 0 ? "      " + lead : "        ") + TerminalText.escape(String(textLine)) + "\n"
            }
        }
        return out
    }

    /// `failing argument: value: false`, `failing arguments (2): "a"; "b"`: the Swift
    /// Testing arguments a parameterised test failed with, each escaped by `escape`, at
    /// most eight (a test over every ASCII character fails with 32), an empty one (a
    /// value cut at a NUL) as `(empty)`.
    public static func argumentsLine(_ arguments: [String], escape: (String) -> String) -> String {
        let limit = 8
        let shown = arguments.prefix(limit).map { $0.isEmpty ? "(empty)" : escape($0) }.joined(separator: "; ")
        let more = arguments.count > limit ? " and \(arguments.count - limit) more" : ""
        return arguments.count == 1 ? "failing argument: " + shown : "failing arguments (\(arguments.count)): " + shown + more
    }

    /// `results/junit.xml disagrees: Failed: 2 total, 1 passed, 1 failed`: one line per
    /// results file whose counts differ from the shown ones, so the counts above a
    /// failing test only that file records do not contradict it unsaid.
    static func countDisagreements(_ bundle: EvidenceBundle) -> [String] {
        bundle.resultDisagreements.filter(\.countsDiffer).map { "\($0.other.source.rawValue) disagrees: " + countsLine($0.other) }
    }

    /// The number in "Failing tests (N)", with the shown file's own failed count beside
    /// it where the two differ (`2; results/summary.json counts 1 failed`): a file that
    /// counts more than it names, or failing tests only another file records.
    static func failingCount(_ r: TestResults) -> String {
        let listed = r.failures.count
        guard let counted = r.failedCount, counted != listed else { return "\(listed)" }
        return "\(listed); \(r.source.rawValue) counts \(counted) failed"
    }

    /// The counts as the JSON forms give them (`summary`'s `tests`, the note's, each
    /// disagreeing file's): a count the file did not record is null, never 0.
    static func countsJSON(_ r: TestResults) -> [(String, JSONWriter.Value)] {
        [
            ("source", .string(r.source.rawValue)), ("result", .string(r.outcome.description)),
            ("total", .optional(r.totalCount)), ("passed", .optional(r.passedCount)),
            ("failed", .optional(r.failedCount)), ("skipped", .optional(r.skippedCount)),
            ("expectedFailures", .optional(r.expectedFailureCount)), ("passedOnRetry", .optional(r.passedOnRetryCount)),
        ]
    }

    /// Each results file that disagrees with the shown one: its own counts, and the
    /// tests only it, or only the shown file, records as failing.
    static func disagreementsJSON(_ bundle: EvidenceBundle, clean: (String) -> String = { $0 }) -> JSONWriter.Value {
        .array(
            bundle.resultDisagreements.map { d in
                .object(
                    countsJSON(d.other) + [
                        ("failedOnlyHere", .array(d.failedOnlyHere.map { .string(clean($0)) })),
                        ("failedOnlyInShown", .array(d.failedOnlyInShown.map { .string(clean($0)) })),
                    ])
            })
    }

    static func countsLine(_ r: TestResults) -> String {
        var parts: [String] = []
        if let t = r.totalCount { parts.append("\(t) total") }
        if let p = r.passedCount { parts.append("\(p) passed") }
        if let f = r.failedCount { parts.append("\(f) failed") }
        if let s = r.skippedCount { parts.append("\(s) skipped") }
        if let e = r.expectedFailureCount, e > 0 { parts.append("\(e) expected failures") }
        if let flaky = r.passedOnRetryCount, flaky > 0 { parts.append("\(flaky) passed on retry") }
        // `result` is an open string (new Xcodes add values): escaped like every field.
        return TerminalText.escape(r.outcome.description) + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
    }

    // MARK: - Per-directory rows

    public struct DirectoryRow: Equatable {
        public var name: String
        /// `name` is the escaped form of a name that is not UTF-8 (`Inventory.pathText`).
        public var nameIsEscaped = false
        public var duBytes: UInt64?
        /// A lower bound when `unrecordedSizes` is not 0; nil with no size recorded at all.
        public var inventoryBytes: UInt64?
        public var files: Int?
        /// Entries below whose size the inventory never recorded (`Inventory.unrecordedSizes`).
        public var unrecordedSizes = 0

        /// The inventory column: `12.0 MiB`, `12.0 MiB+` (a lower bound), `unknown`.
        var inventoryText: String {
            guard let bytes = inventoryBytes else { return unrecordedSizes > 0 ? "unknown" : "-" }
            return ByteSize.format(bytes) + (unrecordedSizes > 0 ? "+" : "")
        }
    }

    /// The container's entries whose size was never recorded.
    static func unrecordedSizes(_ inv: Inventory) -> Int { inv.hasUnrecordedSizes ? inv.unrecordedSizes(at: Inventory.root) : 0 }

    /// The container's total in JSON: a lower bound when `unrecordedSizes` is not 0, null
    /// when no size was recorded at all.
    static func inventoryBytesJSON(_ inv: Inventory) -> JSONWriter.Value {
        inv.totalBytes == 0 && unrecordedSizes(inv) > 0 ? .null : .uint(inv.totalBytes)
    }

    /// One row per top-level directory named by du.txt or the inventory, du order first.
    public static func directoryRows(_ b: EvidenceBundle) -> [DirectoryRow] {
        var rows: [DirectoryRow] = []
        let unrecorded = b.inventory?.hasUnrecordedSizes ?? false
        // A total of sizes partly never recorded is a lower bound; of none, unknown.
        func inventoryColumns(_ row: inout DirectoryRow, _ inv: Inventory, _ n: Inventory.NodeID) {
            row.files = inv.fileCount(n)
            row.unrecordedSizes = unrecorded ? inv.unrecordedSizes(at: n) : 0
            let bytes = inv.totalSize(n)
            row.inventoryBytes = row.unrecordedSizes > 0 && bytes == 0 ? nil : bytes
        }
        for t in b.duTotals ?? [] {
            var row = DirectoryRow(name: t.name, duBytes: t.bytes)
            if let inv = b.inventory, let n = inv.lookup(t.name) { inventoryColumns(&row, inv, n) }
            rows.append(row)
        }
        if let inv = b.inventory {
            for child in inv.children(Inventory.root) where inv.isDirectory(child) {
                // A name that is not UTF-8 is its escaped form: `a\xff` and `a\xfe` are two rows.
                let (name, escaped) = inv.pathText(child)
                if rows.contains(where: { $0.name == name && $0.nameIsEscaped == escaped }) { continue }
                var row = DirectoryRow(name: name)
                row.nameIsEscaped = escaped
                inventoryColumns(&row, inv, child)
                rows.append(row)
            }
        }
        return rows
    }

    // MARK: - JSON

    public static func json(_ b: EvidenceBundle) -> String {
        let m = b.metadata
        var members: [(String, JSONWriter.Value)] = [
            ("runID", .string(b.runID)),
            (
                "metadata",
                .object([
                    ("commit", .optional(m.commit)), ("branch", .optional(m.branch)), ("scheme", .optional(m.scheme)),
                    ("destination", .optional(m.destination)), ("deviceName", .optional(m.deviceName)),
                    ("deviceIdentifier", .optional(m.deviceIdentifier)), ("runtimeIdentifier", .optional(m.runtimeIdentifier)),
                    ("runtimeVersion", .optional(m.runtimeVersion)), ("runtimeBuild", .optional(m.runtimeBuild)),
                    ("bundleIdentifier", .optional(m.bundleIdentifier)), ("appVersion", .optional(m.appVersion)),
                    ("xcodeVersion", .optional(m.xcodeVersion)), ("xcresulttoolVersion", .optional(m.xcresulttoolVersion)),
                    ("startTime", .optional(m.startTime)), ("finishTime", .optional(m.finishTime)),
                    ("ciJobID", .optional(m.ciJobID)), ("ciJobURL", .optional(m.ciJobURL)),
                ])
            ),
        ]
        // Each result bundle Info.plist read (the bundle's own, a copy in results/).
        members.append(
            (
                "resultBundles",
                .array(
                    b.xcresultInfo.map { info in
                        .object([
                            ("file", .string(info.file)), ("formatVersion", .optional(info.formatVersion)),
                            ("dateCreated", info.dateCreated.map { .string(Timestamp.iso8601($0)) } ?? .null),
                            ("storageBackend", .optional(info.storageBackend)), ("storageCompression", .optional(info.storageCompression)),
                        ])
                    })
            ))
        if let r = b.primaryResults {
            members.append(
                (
                    "tests",
                    .object(
                        countsJSON(r) + [
                            ("disagreements", disagreementsJSON(b)),
                            (
                                "destinations",
                                .array(
                                    r.destinations.map { d in
                                        .object([
                                            ("deviceName", .optional(d.device.name)), ("deviceIdentifier", .optional(d.device.identifier)),
                                            ("modelName", .optional(d.device.modelName)), ("platform", .optional(d.device.platform)),
                                            ("osVersion", .optional(d.device.osVersion)), ("osBuildNumber", .optional(d.device.osBuildNumber)),
                                            ("configuration", .optional(d.configuration)), ("result", .string(d.outcome.description)),
                                            ("total", .optional(d.totalCount)), ("passed", .optional(d.passedCount)),
                                            ("failed", .optional(d.failedCount)), ("skipped", .optional(d.skippedCount)),
                                            ("expectedFailures", .optional(d.expectedFailureCount)),
                                        ])
                                    })
                            ),
                            (
                                "failures",
                                .array(
                                    r.failures.map { f in
                                        .object([
                                            ("testName", .string(f.testName)), ("identifier", .optional(f.identifier)),
                                            ("targetName", .optional(f.targetName)), ("failureText", .string(f.failureText)),
                                            ("sourceFile", .optional(f.sourceFile)), ("line", .optional(f.line)),
                                            ("destination", .optional(f.destination)),
                                            ("attempts", .optional(f.attempts)), ("failedAttempts", .optional(f.failedAttempts)),
                                            ("failingArguments", f.failingArguments.map { .array($0.map { .string($0) }) } ?? .null),
                                            ("onlyIn", .optional(f.onlyIn?.rawValue)),
                                            (
                                                "messages",
                                                .array(
                                                    f.messages.map { m in
                                                        .object([
                                                            ("text", .string(m.text)), ("sourceFile", .optional(m.sourceFile)), ("line", .optional(m.line)),
                                                        ])
                                                    })
                                            ),
                                        ])
                                    })
                            ),
                        ])
                ))
        } else {
            members.append(("tests", .null))
        }
        if let inv = b.inventory {
            members.append(
                (
                    "container",
                    .object([
                        ("source", .optional(b.inventorySource)), ("files", .int(inv.totalFiles)),
                        ("bytes", inventoryBytesJSON(inv)), ("unrecordedSizes", .int(unrecordedSizes(inv))),
                        ("excludedFiles", .int(inv.excludedFileCount)),
                        ("strippedAbsolutePrefix", .optional(b.strippedAbsolutePrefix)),
                        (
                            "flags",
                            .object([
                                ("coverage", .string(inv.flagCoverage.word)), ("sources", .array(b.flagSources.map { .string($0) })),
                                ("unknownFiles", .int(inv.unknownFlagFileCount)),
                            ])
                        ),
                    ])
                ))
        } else {
            members.append(("container", .null))
        }
        let steps = CreationSteps(bundle: b)
        members.append(("timeline", .object(timelineJSON(steps.timeline))))
        members.append(("stepAgreement", steps.agreement().map(CheckReportFormatter.stepAgreementJSON) ?? .null))
        members.append(
            (
                "directories",
                .array(
                    directoryRows(b).map { row in
                        .object(
                            CheckReportFormatter.pathMembers(row.name, isEscaped: row.nameIsEscaped, key: "name") + [
                                ("duBytes", row.duBytes.map { .uint($0) } ?? .null),
                                ("inventoryBytes", row.inventoryBytes.map { .uint($0) } ?? .null),
                                ("inventoryUnrecordedSizes", .int(row.unrecordedSizes)),
                                ("files", .optional(row.files)),
                            ])
                    })
            ))
        members.append(
            (
                "evidence",
                .array(
                    b.files.map { f in
                        var o: [(String, JSONWriter.Value)] = [("file", .string(f.file)), ("state", .string(stateWord(f.state)))]
                        switch f.state {
                        case .malformed(let d): o.append(("diagnostic", .string(d.description)))
                        case .superseded(let by): o.append(("supersededBy", .string(by)))
                        case .unreadable(let why): o.append(("reason", .string(why)))
                        default: break
                        }
                        return .object(o)
                    })
            ))
        members.append(
            (
                "diagnostics",
                .array(
                    b.diagnostics.map { d in
                        .object([
                            ("severity", .string(d.severity.rawValue)), ("file", .string(d.file)),
                            ("line", .optional(d.position?.line)), ("column", .optional(d.position?.column)),
                            ("byteOffset", .optional(d.position?.byteOffset)), ("message", .string(d.message)),
                        ])
                    })
            ))
        return JSONWriter.render(.object(members))
    }
}

extension String {
    /// Pads with spaces to at least `width` characters (counting Characters).
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }

    func leftPadding(_ width: Int) -> String {
        count >= width ? " " + self : String(repeating: " ", count: width - count) + self
    }
}
