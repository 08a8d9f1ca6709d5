import ExhibitCore
import ExhibitRules

/// Details-pane sections for the two neighbouring evidence families: the decoded
/// preference file of a selected `Library/Preferences/*.plist`, and the background-task
/// configuration behind a configuration finding. Values are escaped and shortened:
/// they come from the app under test.
enum AppEvidenceDetails {
    static let keyWidth = 26
    static let typeWidth = 9
    static let valueWidth = 40

    /// The decoded preference file at `path`, when `path` is one and the bundle has a copy.
    static func preferenceLines(path: String, data: TriageData, glyphs: Glyphs) -> [StyledLine] {
        let lower = path.lowercased()
        guard lower.hasPrefix("library/preferences/"), lower.hasSuffix(".plist") else { return [] }
        var lines: [StyledLine] = [[]]
        guard let file = data.bundle.preferences.first(where: { $0.containerPath.lowercased() == lower }) else {
            lines.append([Segment(" Preferences: not archived (no copy under container/preferences/)", .dim)])
            // A contract on the file is then not checked, and says why.
            for o in data.report.preferences where o.file.lowercased() == lower && !o.isDecided {
                lines.append([Segment("  " + glyphs.safe(o.contract) + ": ", .columnTitle), Segment(glyphs.safeMessage(o.summary), .warning)])
            }
            return lines
        }
        guard let root = file.value, let members = root.members else {
            let why = file.problem.map { glyphs.safeMessage($0.message) } ?? "the root is not a dictionary"
            lines.append([Segment(" Preferences: unreadable: ", .columnTitle), Segment(why, .warning)])
            return lines
        }
        let format = file.format == .binary ? "binary" : "XML"
        lines.append([Segment(" Preferences: \(format) property list, " + Wording.count(members.count, "key"), .columnTitle)])
        let observations = data.report.preferences.filter { $0.file.lowercased() == lower }
        for (key, value) in members {
            let observation = observations.first { $0.key == key }
            var row: StyledLine = [
                Segment("  " + TextFit.padRight(TextFit.shorten(glyphs.safe(key), to: keyWidth), to: keyWidth), observation == nil ? .plain : .columnTitle),
                Segment(" " + TextFit.padRight(value.type.rawValue, to: typeWidth), .dim),
                Segment(" " + TextFit.shorten(glyphs.safe(value.scalarText), to: valueWidth)),
            ]
            if let observation { row.append(Segment("  " + observation.summary, observation.isValid == false ? .violation : .dim)) }
            lines.append(row)
        }
        for o in observations where o.state == .absent {
            lines.append([
                Segment("  " + TextFit.padRight(TextFit.shorten(glyphs.safe(o.key), to: keyWidth), to: keyWidth), .columnTitle),
                Segment(" " + TextFit.padRight("—", to: typeWidth), .dim),
                Segment(" " + o.summary, o.fallback == nil ? .violation : .dim),
            ])
        }
        return lines
    }

    /// Word-wraps at `width` display columns, so the rationale reads whole on an
    /// 80-column terminal (the pane itself clips, it does not wrap).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if DisplayWidth.of(candidate) > width, !current.isEmpty {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// The background-task verdict and what the Info.plist says, for a configuration finding.
    static func backgroundTaskLines(data: TriageData, glyphs: Glyphs) -> [StyledLine] {
        guard let tasks = data.report.backgroundTasks else { return [] }
        var lines: [StyledLine] = []
        lines.append([
            Segment(" Background tasks: ", .columnTitle),
            Segment(tasks.verdict, tasks.cause == .configurationRegression ? .violation : tasks.isDecided ? .plain : .warning),
        ])
        for line in wrap(glyphs.safe(tasks.rationale), width: 76) { lines.append([Segment(" " + line, .dim)]) }
        for t in tasks.tasks {
            let permitted = t.permitted.map { $0 ? "permitted" : "not permitted" } ?? "not checked"
            let mode = t.backgroundModePresent.map { $0 ? "has" : "lacks" } ?? "unchecked:"
            lines.append([
                Segment(
                    "  " + glyphs.safe(t.identifier) + " (\(t.kind.rawValue)): \(permitted), \(mode) \(t.kind.backgroundMode)",
                    t.isConfigured == false ? .violation : .plain)
            ])
        }
        if let info = data.bundle.appInfo {
            for key in [BackgroundTaskCheck.permittedKey, BackgroundTaskCheck.modesKey] {
                let values = info[key]?.array?.map { glyphs.safe($0.scalarText) } ?? []
                lines.append([Segment(" " + key + ": ", .dim), Segment(values.isEmpty ? "absent" : values.joined(separator: ", "))])
            }
        } else if let problem = tasks.infoPlistProblem {
            for line in wrap("Not checked: " + glyphs.safeMessage(problem), width: 76) { lines.append([Segment(" " + line, .warning)]) }
        }
        return lines
    }
}
