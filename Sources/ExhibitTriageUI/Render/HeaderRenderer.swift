import ExhibitCore
import ExhibitRules

/// The two header rows: what run this is, and what the tests and the rules say.
/// On a narrow terminal the least important parts give way first, so the run id, the
/// counts and the proposed class always show whole.
enum HeaderRenderer {
    static func draw(_ state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        let data = state.data
        let bundle = data.bundle
        let meta = bundle.metadata
        let results = bundle.primaryResults
        var facts: [String] = [bundle.runID]
        if let commit = meta.commit { facts.append(String(commit.prefix(10))) }
        if let scheme = meta.scheme ?? results?.scheme { facts.append(scheme) }
        let device = results?.devices.first
        if let runtime = meta.runtimeVersion.map({ "iOS " + $0 }) ?? device?.osVersion.map({ "iOS " + $0 }) {
            facts.append(runtime)
        }
        if let name = meta.deviceName ?? device?.name ?? device?.modelName { facts.append(name) }
        grid.fill(row: 0, role: .header)
        // What is wrong with the evidence, at the right end; the facts give way to it.
        var factsWidth = grid.cols
        if let headline = data.evidence.headline {
            let text = " evidence: " + glyphs.safe(headline) + " "
            let width = DisplayWidth.of(text)
            if width < grid.cols - 12 {
                factsWidth = grid.cols - width
                grid.put(text, row: 0, col: factsWidth, role: data.evidence.inventoryUnreadable ? .error : .warning)
            }
        }
        grid.put(fitFacts(facts.map(glyphs.safe), width: factsWidth, ellipsis: glyphs.ellipsis), row: 0, col: 0, role: .header, limit: factsWidth)

        let taskCause = data.report.backgroundTasks?.cause
        // Each segment carries a drop priority: 0 stays, higher numbers go first.
        var line: [(Segment, Int)] = [(Segment(" Tests ", .dim), 0)]
        if let results {
            let failed = failedCount(results, data)
            let total = results.totalCount.map { " of \($0)" } ?? ""
            line.append((Segment("\(failed.count) failed\(total)", failed.count > 0 ? .violation : .plain), 0))
            if failed.filesDisagree { line.append((Segment(" (results files disagree)", .warning), 1)) }
            line.append((Segment(" (\(results.outcome))", .dim), 2))
        } else {
            line.append((Segment("none in the bundle", .dim), 0))
        }
        if data.evidence.inventoryUnreadable {
            // Nothing was checked: no counts of zero, and no class proposed.
            line.append((Segment("  Container ", .dim), 0))
            line.append((Segment("not checked", .error), 0))
            if let decision = state.decision {
                line.append((Segment("  Confirmed ", .dim), 0))
                line.append((Segment(decision.failureClass.title, .message), 0))
            } else {
                line.append((Segment("  Proposed ", .dim), 0))
                line.append((Segment("none", .plain), 0))
            }
        } else if data.isChecking {
            line.append((Segment("  Checking the rules" + glyphs.ellipsis, .message), 0))
        } else {
            appendFindings(of: state, to: &line)
        }
        if let taskCause {
            line.append((Segment("  Tasks ", .dim), 1))
            line.append((Segment(taskCause.shortTitle, taskCause == .configurationRegression ? .violation : .plain), 1))
        } else if let tasks = data.report.backgroundTasks, !tasks.isDecided {
            // The Info.plist could not be read: no verdict, and not silence either.
            line.append((Segment("  Tasks ", .dim), 1))
            line.append((Segment("not checked", .warning), 1))
        }
        let full = fit(line, width: grid.cols)
        if lineWidth(full) <= grid.cols {
            grid.put(full, row: 1, col: 0)
        } else {
            grid.put(fit(compactLine(of: state, width: grid.cols, glyphs: glyphs), width: grid.cols), row: 1, col: 0, limit: grid.cols)
        }
    }

    private static func lineWidth(_ line: StyledLine) -> Int { line.reduce(0) { $0 + DisplayWidth.of($1.text) } }

    /// The failed count the header shows: the shown file's, but never fewer than the
    /// failing tests the Failures pane lists (merged from every results file), and
    /// whether the results files disagree (`ResultsMerge`), which `summary` and the note
    /// spell out. "0 failed of 2" beside a listed failure claimed a pass no file made alone.
    static func failedCount(_ results: TestResults, _ data: TriageData) -> (count: Int, filesDisagree: Bool) {
        let listed = data.failures.count
        let count = max(results.failedCount ?? listed, listed)
        return (count, data.resultsFilesDisagree)
    }

    /// The second row when even its shortest long form does not fit (under about 60
    /// columns): `4/42 failed  U1 M2 C1  Proposed misplaced file`, the label of the class
    /// becoming a mark when narrower (`misplaced file?` proposed, `✓ misplaced file`
    /// confirmed), then "failed" going. The counts are files per blocking kind, as in
    /// the long form; the rule hits, the outcome, the confidence and the tasks go.
    static func compactLine(of state: TriageState, width: Int, glyphs: Glyphs) -> [(Segment, Int)] {
        let data = state.data
        var line: [(Segment, Int)] = []
        if let results = data.bundle.primaryResults {
            let failed = failedCount(results, data)
            let role: Role = failed.count > 0 ? .violation : .plain
            line.append((Segment(" \(failed.count)" + (failed.filesDisagree ? "?" : "") + (results.totalCount.map { "/\($0)" } ?? ""), role), 0))
            line.append((Segment(" failed", role), 3))
        } else {
            line.append((Segment(" no tests", .dim), 0))
        }
        var findings: [Segment] = []
        if data.evidence.inventoryUnreadable {
            findings.append(Segment("not checked", .error))
        } else if data.isChecking {
            findings.append(Segment("checking" + glyphs.ellipsis, .message))
        } else {
            let unknown = BlockingCounts.unknownKinds(of: data.report)
            for kind in ViolationKind.allCases where kind.isBlocking {
                let n = data.violationRows.fileCount(of: kind)
                let undecided = unknown.contains(kind)
                guard kind.isBoundaryFailure || n > 0 || undecided else { continue }
                let count = undecided ? (n > 0 ? "\(n)+?" : "?") : "\(n)"
                if !findings.isEmpty { findings.append(Segment(" ")) }
                findings.append(Segment("\(kind.badge)" + count, n > 0 ? .violation : (undecided ? .warning : .plain)))
            }
        }
        line.append((Segment("  "), 0))
        line += findings.map { ($0, 0) }
        // The class: confirmed, else proposed (a finding that explains the tests by name).
        let title: String
        let role: Role
        let label: String
        let mark: (before: String, after: String)
        if let decision = state.decision {
            (title, role, label) = (decision.failureClass.title, .message, "Confirmed ")
            mark = (glyphs.unicodeText ? "\u{2713} " : "ok ", "")
        } else if data.evidence.inventoryUnreadable || data.isChecking {
            return line
        } else if data.proposedClass == nil {
            (title, role, label, mark) = ("none", .plain, "Proposed ", ("", "?"))
        } else {
            let proposal = data.report.proposal
            title = proposal.finding?.shortTitle ?? proposal.proposed.title
            role = proposal.finding == nil ? .plain : .violation
            (label, mark) = ("Proposed ", ("", "?"))
        }
        let labelled = line + [(Segment("  " + label, .dim), 0), (Segment(title, role), 0)]
        if lineWidth(labelled.map(\.0)) <= width { return labelled }
        return line + [(Segment("  " + mark.before + title + mark.after, role), 0)]
    }

    /// The blocking counts and the confirmed or proposed class.
    private static func appendFindings(of state: TriageState, to line: inout [(Segment, Int)]) {
        let data = state.data
        let taskCause = data.report.backgroundTasks?.cause
        // Files, not rule hits: a file breaking two rules is one file, a folder reported
        // as a whole counts its files. The hits follow as a second figure, dropped first.
        line.append((Segment("  Blocking ", .dim), 0))
        var hits = 0
        var first = true
        let unknown = BlockingCounts.unknownKinds(of: data.report)
        for kind in ViolationKind.allCases where kind.isBlocking {
            let n = data.violationRows.fileCount(of: kind)
            hits += data.index.count(of: kind)
            // Configuration and preference counts only when there are some (or not known): most runs have none.
            guard kind.isBoundaryFailure || n > 0 || unknown.contains(kind) else { continue }
            let unit = first ? (n == 1 ? " file" : " files") : ""
            first = false
            // Undecided rules (unknown flags), or evidence not read: the count is not known.
            if unknown.contains(kind) {
                line.append((Segment("\(kind.badge) " + (n > 0 ? "\(n)+?" : "?"), n > 0 ? .violation : .warning), 0))
            } else {
                line.append((Segment("\(kind.badge) \(n)", n > 0 ? .violation : .plain), 0))
            }
            if !unit.isEmpty { line.append((Segment(unit, n > 0 ? .violation : .plain), 1)) }
            line.append((Segment(" "), 0))
        }
        line.append((Segment("(" + Wording.count(hits, "rule hit") + ") ", .dim), 4))
        if let decision = state.decision {
            line.append((Segment(" Confirmed ", .dim), 0))
            line.append((Segment(decision.failureClass.title, .message), 0))
        } else if data.proposedClass == nil {
            line.append((Segment(" Proposed ", .dim), 0))
            line.append((Segment("none", .plain), 0))
            let why =
                data.evidence.authoritativeInventoryBroken
                ? " (inventory.json unusable)" : data.report.unchecked.isEmpty ? " (rules undecided)" : " (not all checked)"
            line.append((Segment(why, .dim), 1))
        } else {
            let proposal = data.report.proposal
            line.append((Segment(" Proposed ", .dim), 0))
            // A configuration or preference finding that explains the tests is named, not the class.
            line.append((Segment(proposal.finding?.shortTitle ?? proposal.proposed.title, proposal.finding == nil ? .plain : .violation), 0))
            // With a background-task verdict to show, the confidence gives way first.
            line.append((Segment(" (\(proposal.confidence.text))", .dim), taskCause == nil ? 2 : 3))
        }
    }

    /// The run facts that fit: the device goes first, then the "exhibit" label, the
    /// runtime, scheme and commit, so the run id always shows.
    static func fitFacts(_ facts: [String], width: Int, ellipsis: String = "\u{2026}") -> String {
        var kept = facts
        var label = " exhibit · "
        func text() -> String { label + kept.joined(separator: " · ") }
        while DisplayWidth.of(text()) > width {
            if kept.count == facts.count && kept.count > 1 {
                kept.removeLast()
            } else if label != " " {
                label = " "
            } else if kept.count > 1 {
                kept.removeLast()
            } else {
                break
            }
        }
        // The run id alone is too wide: cut in its middle, so its date and its end show.
        if kept.count == 1, DisplayWidth.of(text()) > width {
            return label + TextFit.shorten(kept[0], to: max(width - DisplayWidth.of(label), 0), ellipsis: ellipsis)
        }
        return text()
    }

    /// Drops segments, highest priority number first, until the line fits.
    static func fit(_ line: [(Segment, Int)], width: Int) -> StyledLine {
        var kept = line
        func total() -> Int { kept.reduce(0) { $0 + DisplayWidth.of($1.0.text) } }
        while total() > width, let worst = kept.map(\.1).max(), worst > 0 {
            kept.removeAll { $0.1 == worst }
        }
        return kept.map(\.0)
    }
}
