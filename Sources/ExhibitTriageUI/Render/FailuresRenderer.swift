import ExhibitCore
import ExhibitRules

/// Failing tests in a list; below it the selected test's failure text and the
/// violations that explain it.
enum FailuresRenderer {
    static func draw(_ state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        let layout = state.layout
        let failures = state.data.failures
        let none = state.data.bundle.results.isEmpty ? " No test results in the bundle." : " No failing tests in the results."
        let title = failures.isEmpty ? none : " " + Wording.count(failures.count, "failing test")
        grid.put(title, row: layout.titleRow, col: 0, role: failures.isEmpty ? .dim : .plain)
        guard !failures.isEmpty else { return }
        let top = layout.listTop(.failures)
        let rows = layout.listRows(.failures, itemCount: failures.count)
        for r in 0..<rows {
            let i = state.failures.offset + r
            guard i < failures.count else { break }
            let test = failures[i]
            let linked = state.data.linkedViolations(ofTest: test)
            let note = linked.isEmpty ? "  unexplained" : "  " + Wording.count(linked.count, "violation")
            // The same test on two destinations is two entries: the device tells them apart.
            let identifier = glyphs.safe(test.identifier ?? test.testName)
            let destination = test.destination.map { " · " + glyphs.safe($0) } ?? ""
            let room = layout.cols - 3 - DisplayWidth.of(note)
            let nameRoom = room - DisplayWidth.of(destination)
            let name =
                nameRoom >= 12
                ? TestNameLabel.fit(identifier, width: nameRoom, ellipsis: glyphs.ellipsis) + destination
                : TextFit.shorten(identifier + destination, to: room, ellipsis: glyphs.ellipsis)
            let x = grid.put(glyphs.unicodeText ? " ✗ " : " x ", row: top + r, col: 0, role: .violation)
            let used = grid.put(name, row: top + r, col: x, role: .plain)
            grid.put(note, row: top + r, col: x + used, role: linked.isEmpty ? .warning : .dim)
            if i == state.failures.index { grid.restyle(row: top + r, role: .selected) }
        }
        let ruleRow = top + rows
        let heading = " Failure text "
        grid.put(String(repeating: glyphs.horizontal, count: layout.cols), row: ruleRow, col: 0, role: .dim)
        grid.put(heading, row: ruleRow, col: 2, role: .columnTitle)
        guard failures.indices.contains(state.failures.index) else { return }
        let lines = detailLines(failures[state.failures.index], state: state, glyphs: glyphs)
        for (i, line) in lines.enumerated() {
            let row = ruleRow + 1 + i
            guard row < layout.statusRow else { break }
            if row == layout.statusRow - 1, i < lines.count - 1 {
                grid.put(" … \(lines.count - i) more lines (i shows the whole text)", row: row, col: 0, role: .dim)
                break
            }
            grid.put(line, row: row, col: 0, limit: layout.cols)
        }
    }

    /// Each failure message line by line (each escaped and clipped, nothing wraps) with
    /// its source location, the destination and attempts when recorded, and the linked
    /// violations.
    static func detailLines(_ test: TestFailure, state: TriageState, glyphs: Glyphs) -> [StyledLine] {
        detailLines(test, data: state.data, glyphs: glyphs)
    }

    static func detailLines(_ test: TestFailure, data: TriageData, glyphs: Glyphs) -> [StyledLine] {
        var lines: [StyledLine] = []
        if let destination = test.destination { lines.append([Segment(" on ", .dim), Segment(glyphs.safe(destination), .dim)]) }
        if let attempts = test.attempts, attempts > 1 {
            lines.append([Segment(" failed \(test.failedAttempts ?? attempts) of \(attempts) attempts", .dim)])
        }
        if let arguments = test.failingArguments {
            lines.append([Segment(" " + SummaryReport.argumentsLine(arguments, escape: glyphs.safe), .dim)])
        }
        for message in test.messages {
            for textLine in message.text.split(separator: "\n", omittingEmptySubsequences: false) {
                lines.append([Segment(" " + glyphs.safe(String(textLine)))])
            }
            if let file = message.sourceFile {
                lines.append([Segment(" at ", .dim), Segment(glyphs.safe(file) + (message.line.map { ":\($0)" } ?? ""), .dim)])
            }
            lines += FailureEvidenceLines.values(message.evidence, glyphs: glyphs)
        }
        let linked = data.linkedViolations(ofTest: test)
        if !linked.isEmpty {
            lines.append([Segment(" Explained by", .columnTitle)])
            for v in linked {
                let violation = data.report.violations[v]
                lines.append([
                    Segment("  " + String(violation.kind.badge) + " ", violation.kind.isBlocking ? .violation : .warning),
                    Segment(glyphs.safePath(violation)),
                    Segment("  " + glyphs.safe(violation.reason), .dim),
                ])
            }
        }
        lines += FailureEvidenceLines.callStack(test.messages.first { $0.evidence != nil }?.evidence, glyphs: glyphs)
        return lines
    }
}
