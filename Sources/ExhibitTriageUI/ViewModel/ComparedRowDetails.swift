import ExhibitCore
import ExhibitRules

/// The details of a diff view row (`i` there): what the columns cut to share the width,
/// whole — the path, where it was, the sizes, the step, each violation's kind, reason
/// and rule — or a test's name and what the base run said of it.
extension DetailsView {
    static func comparedLines(_ row: DiffView.Row, since base: String, glyphs: Glyphs) -> [StyledLine] {
        var lines: [StyledLine] = []
        var violations: [Violation] = []
        let since = " since " + glyphs.safe(base)
        switch row.item {
        case .section, .note:
            return []
        case .test(let t, let section):
            lines.append(field("Change", section.title + since))
            lines.append(field("Test", glyphs.safe(t.test)))
            if let destination = t.destination { lines.append(field("On", glyphs.safe(destination))) }
            lines.append(field("Base run", glyphs.safe(t.other)))
            return lines
        case .file(let e):
            lines.append(field("Change", e.change.rawValue + since))
            lines.append(field("Path", glyphs.safe(e.path)))
            // A size the inventory did not record is said so, never `0 B` (as the row says `unknown`).
            let notRecorded = "not recorded"
            if let size = e.size { lines.append(field("Size", e.change == .added && e.sizeNotRecorded ? notRecorded : sizeText(size))) }
            if let size = e.baseSize {
                lines.append(field("Base size", e.change == .removed && e.sizeNotRecorded ? notRecorded : sizeText(size)))
            }
            lines.append(field("Step", glyphs.safe(e.step ?? "unknown"), e.step == nil ? .dim : .plain))
            violations = e.violations
        case .move(let m):
            lines.append(field("Change", "moved" + since))
            lines.append(field("Path", glyphs.safe(m.path) + " (" + m.area.shortName + ")"))
            lines.append(field("Was", glyphs.safe(m.basePath) + " (" + m.baseArea.shortName + ")"))
            lines.append(field("Size", m.sizeNotRecorded ? "not recorded" : sizeText(m.size)))
            lines.append(field("Base size", m.baseSizeNotRecorded ? "not recorded" : sizeText(m.baseSize)))
            lines.append(field("Step", glyphs.safe(m.step ?? "unknown"), m.step == nil ? .dim : .plain))
            violations = m.violations
        case .flag(let f):
            let change = f.direction == .nowBackedUp ? "unflagged: backed up now, excluded in the base" : "flagged: excluded now, backed up in the base"
            lines.append(field("Change", change + since))
            lines.append(field("Path", glyphs.safe(f.path)))
            let bytes = InventoryDiff.totalText(
                f.bytes, fileCount: f.fileCount, unrecorded: f.unrecordedSizes, notRecorded: "not recorded", format: sizeText)
            lines.append(field("Size", bytes + (f.isDirectory ? ", " + RunComparison.counted(f.fileCount, "file") : "")))
            if !f.areaBackedUp { lines.append(field("Area", "not backed up either way", .dim)) }
            violations = f.violations
        case .violation(let v, let fixed):
            lines.append(field("Change", (fixed ? "fixed" : "new") + since))
            lines.append(field("Path", glyphs.safePath(v) + (v.fileCount > 1 ? ", " + RunComparison.counted(v.fileCount, "file") : "")))
            lines.append(field("Size", sizeText(of: v)))
            lines.append(field("Step", glyphs.safe(v.step ?? "unknown"), v.step == nil ? .dim : .plain))
            violations = [v]
        }
        for violation in violations {
            lines.append([])
            lines += violationLines(violation, glyphs: glyphs)
        }
        return lines
    }
}
