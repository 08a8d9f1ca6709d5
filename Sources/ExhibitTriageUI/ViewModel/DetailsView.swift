import ExhibitCore
import ExhibitRules

/// What the details overlay describes.
public enum DetailsSubject: Sendable, Equatable {
    case node(Inventory.NodeID)
    case violation(Int)
}

/// Details of one entry or violation (`i`): path, size, effective backup status and why,
/// rules, creating step, violations and the failing tests they explain. Holds its lines
/// (made for Unicode glyphs) so scrolling is bounded by what is drawn, and the state
/// machine never asks a renderer. Drawn by `DetailsRenderer`.
public struct DetailsView: Sendable, Equatable {
    public let subject: DetailsSubject
    public private(set) var lines: [StyledLine]
    public var cursor = ListCursor()

    init(_ subject: DetailsSubject, data: TriageData) {
        self.subject = subject
        self.lines = Self.lines(subject, data: data, glyphs: .unicode)
    }
}

extension DetailsView: TriageOverlay {
    var context: BindingContext { .details }
    var overlay: Overlay { .details(self) }
    var coversPane: Bool { true }

    func handle(_ action: Action, in state: inout TriageState) -> [TriageEffect] {
        switch action {
        case .toggleDetails, .cancel, .quit, .back: state.closeOverlay()
        case .help: state.openOverlay(HelpView(origin: .details))
        default:
            var view = self
            if view.cursor.scroll(action, count: lines.count, page: state.layout.overlayRows) { state.updateOverlay(view) }
        }
        return []
    }

    mutating func fit(_ layout: ScreenLayout) { cursor.clampScroll(count: lines.count, page: layout.overlayRows) }

    /// The findings arrived: the violations and tests at the entry are known now.
    mutating func reload(_ data: TriageData) { lines = Self.lines(subject, data: data, glyphs: .unicode) }

    func hint(_ layout: ScreenLayout) -> String { "j/k scroll  q close" }

    func draw(_ state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        DetailsRenderer.draw(self, state: state, into: &grid, glyphs: glyphs)
    }
}

/// The content.
extension DetailsView {
    private static func field(_ name: String, _ value: String, _ role: Role = .plain) -> StyledLine {
        [Segment(" " + TextFit.padRight(name, to: 10), .dim), Segment(value, role)]
    }

    /// The content, one styled line each, for `glyphs`.
    public static func lines(_ subject: DetailsSubject, data: TriageData, glyphs: Glyphs) -> [StyledLine] {
        var lines: [StyledLine] = []
        var node: Inventory.NodeID?
        switch subject {
        case .node(let n):
            node = n
        case .violation(let v):
            guard data.report.violations.indices.contains(v) else { return [] }
            let violation = data.report.violations[v]
            lines.append(
                field(
                    "Violation", String(violation.kind.badge) + " " + violation.kind.title,
                    violation.kind.isBlocking ? .violation : .warning))
            lines.append(field("Reason", glyphs.safe(violation.reason)))
            var rule = glyphs.safe(violation.ruleName ?? "none")
            if let owner = violation.ruleOwner { rule += " (owner " + glyphs.safe(owner) + ")" }
            if let req = violation.requirement { rule += ", " + req.rawValue }
            lines.append(field("Rule", rule))
            node = data.index.nodes[v]
            if violation.kind == .configuration {
                lines.append(field("Path", glyphs.safe(violation.path)))
                lines.append([])
                lines += AppEvidenceDetails.backgroundTaskLines(data: data, glyphs: glyphs)
                return lines
            }
            if node == nil {
                lines.append(field("Path", glyphs.safe(violation.path)))
                lines.append(field("Size", sizeText(violation.size)))
                lines.append(field("Step", glyphs.safe(violation.step ?? "unknown")))
                lines.append(field("Inventory", "not in the container inventory", .dim))
            }
            lines.append([])
        }
        if let node, let inventory = data.inventory, node >= 0, node < inventory.count {
            lines += entryLines(node, inventory: inventory, data: data, glyphs: glyphs)
        }
        return lines
    }

    private static func sizeText(_ bytes: UInt64) -> String {
        bytes < 1024 ? SizeLabel.text(bytes) : SizeLabel.text(bytes) + " (\(bytes) B)"
    }

    /// The effective backup status as the rules engine resolves it (the same call
    /// `exhibit check` relies on), with its reason.
    private static func backupLine(_ status: BackupStatus, glyphs: Glyphs) -> StyledLine {
        switch status {
        case .backedUp: field("Backup", glyphs.safe(status.explanation))
        case .excludedByOwnFlag, .excludedByAncestor: field("Backup", glyphs.safe(status.explanation), .excluded)
        case .notBackedUpArea: field("Backup", glyphs.safe(status.explanation), .notBackedUp)
        case .flagUnknown: field("Backup", glyphs.safe(status.explanation), .warning)
        case .ignored: field("Backup", glyphs.safe(status.explanation), .dim)
        }
    }

    private static func entryLines(_ node: Inventory.NodeID, inventory: Inventory, data: TriageData, glyphs: Glyphs) -> [StyledLine] {
        var lines: [StyledLine] = []
        let path = inventory.pathBytes(node)
        lines.append(field("Path", path.isEmpty ? "/ (container root)" : glyphs.safe(bytes: path)))
        let isDir = inventory.isDirectory(node)
        let type =
            isDir
            ? "directory, " + Wording.count(inventory.fileCount(node), "file")
            : inventory.kindDescription(node)
        lines.append(field("Type", type))
        var size = sizeText(isDir ? inventory.totalSize(node) : inventory.size(node))
        if inventory.diskSize(node) > 0 { size += ", on disk " + SizeLabel.text(inventory.diskSize(node)) }
        lines.append(field("Size", size))
        let ruleDetails = data.rules.details(for: node, in: inventory)
        lines.append(backupLine(ruleDetails.status, glyphs: glyphs))
        lines.append(
            field(
                "Area",
                glyphs.safe(ruleDetails.area.path == "." ? "container root" : ruleDetails.area.path + "/")
                    + " (" + glyphs.safe(ruleDetails.area.basis) + ")", .dim))
        let here = data.index.violations(at: node)
        var rules: [String] = []
        for name in ruleDetails.rules.map(\.name) + ruleDetails.policies + here.compactMap({ data.report.violations[$0].ruleName })
        where !rules.contains(name) { rules.append(name) }
        lines.append(field("Rules", rules.isEmpty ? "none known" : rules.map(glyphs.safe).joined(separator: ", "), rules.isEmpty ? .dim : .plain))
        lines.append(field("Step", inventory.step(node).map(glyphs.safe) ?? "unknown", inventory.step(node) == nil ? .dim : .plain))
        lines += CreationStepDetails.lines(node, inventory: inventory, data: data, glyphs: glyphs)
        var flags: [String] = []
        if inventory.hasReadError(node) { flags.append("unreadable when archived") }
        if inventory.isDuplicate(node) { flags.append("listed more than once") }
        if !flags.isEmpty { lines.append(field("Notes", flags.joined(separator: ", "), .warning)) }

        lines.append([])
        lines.append([Segment(" Violations here: \(here.count)", .columnTitle)])
        var tests: [String] = []
        for v in here {
            let violation = data.report.violations[v]
            lines.append([
                Segment("  " + String(violation.kind.badge) + " " + violation.kind.title, violation.kind.isBlocking ? .violation : .warning),
                Segment(": " + glyphs.safe(violation.reason)),
                Segment(violation.ruleName.map { "  (" + glyphs.safe($0) + ")" } ?? "", .dim),
            ])
            for t in data.index.tests(explainedBy: v) where !tests.contains(t) { tests.append(t) }
        }
        if isDir {
            let below = data.index.kinds(atOrBelow: node)
            if !below.isEmpty {
                lines.append([Segment("  at or below: " + below.map { String($0.badge) + " " + $0.title }.joined(separator: ", "), .dim)])
            }
        }
        lines.append([])
        lines.append([Segment(" Failing tests linked: \(tests.count)", .columnTitle)])
        for t in tests { lines.append([Segment("  " + glyphs.safe(t))]) }
        if !isDir { lines += AppEvidenceDetails.preferenceLines(path: inventory.path(node), data: data, glyphs: glyphs) }
        return lines
    }
}
