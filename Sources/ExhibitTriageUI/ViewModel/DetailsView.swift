import ExhibitCore
import ExhibitRules

/// What the details overlay describes.
public enum DetailsSubject: Sendable, Equatable {
    case node(Inventory.NodeID)
    case violation(Int)
    /// The violations of one row (`ViolationRow`): a file that breaks several rules.
    case violations([Int])
    /// A failing test (an index into `TriageData.failures`): its whole failure text and
    /// the violations that explain it.
    case failure(Int)
    /// A row of the diff view and the base run's id: every cell whole (`ComparedRowDetails`).
    case compared(DiffView.Row, since: String)
}

/// Details of one entry or violation (`i`): path, size, effective backup status and why,
/// rules, creating step, violations and the failing tests they explain. Holds its lines
/// (made for Unicode glyphs) so scrolling is bounded by what is drawn, and the state
/// machine never asks a renderer. Everything is read whole: a line wider than the screen
/// wraps (`StyledLineWrap`), made again when the width changes. Drawn by `DetailsRenderer`.
public struct DetailsView: Sendable, Equatable {
    public let subject: DetailsSubject
    /// The content, one logical line each.
    public private(set) var content: [StyledLine]
    /// The content wrapped at `width`: what is drawn and scrolled.
    public private(set) var lines: [StyledLine]
    /// The columns `lines` were wrapped for.
    public private(set) var width: Int
    public var cursor = ListCursor()

    init(_ subject: DetailsSubject, data: TriageData, width: Int) {
        self.subject = subject
        self.width = width
        self.content = Self.lines(subject, data: data, glyphs: .unicode)
        self.lines = StyledLineWrap.wrap(content, width: width)
    }
}

extension DetailsView: TriageOverlay {
    var context: BindingContext { .details }
    var overlay: Overlay { .details(self) }
    var coversPane: Bool { true }

    func handle(_ action: Action, in state: inout TriageState) -> [TriageEffect] {
        switch action {
        case .toggleDetails, .cancel, .quit, .back: state.closeOverlay()
        case .help: state.openOverlay(HelpView(origin: .details, width: state.layout.cols))
        default:
            var view = self
            if view.cursor.scroll(action, count: lines.count, page: state.layout.overlayRows) { state.updateOverlay(view) }
        }
        return []
    }

    mutating func fit(_ layout: ScreenLayout) {
        if layout.cols != width {
            width = layout.cols
            lines = StyledLineWrap.wrap(content, width: width)
        }
        cursor.clampScroll(count: lines.count, page: layout.overlayRows)
    }

    /// The findings arrived: the violations and tests at the entry are known now.
    mutating func reload(_ data: TriageData) {
        content = Self.lines(subject, data: data, glyphs: .unicode)
        lines = StyledLineWrap.wrap(content, width: width)
    }

    func hint(_ layout: ScreenLayout) -> String { "j/k PgDn/PgUp scroll  q close" }

    func draw(_ state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        DetailsRenderer.draw(self, state: state, into: &grid, glyphs: glyphs)
    }
}

/// The content.
extension DetailsView {
    static func field(_ name: String, _ value: String, _ role: Role = .plain) -> StyledLine {
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
            lines += violationLines(violation, glyphs: glyphs)
            node = data.index.nodes[v]
            if violation.kind == .configuration {
                lines.append(field("Path", glyphs.safePath(violation)))
                lines.append([])
                lines += AppEvidenceDetails.backgroundTaskLines(data: data, glyphs: glyphs)
                return lines
            }
            if node == nil {
                lines.append(field("Path", glyphs.safePath(violation)))
                lines.append(field("Size", sizeText(of: violation)))
                lines.append(field("Step", glyphs.safe(violation.step ?? "unknown")))
                lines.append(field("Inventory", "not in the container inventory", .dim))
            }
            lines.append([])
        case .compared(let row, let base):
            return comparedLines(row, since: base, glyphs: glyphs)
        case .failure(let i):
            guard data.failures.indices.contains(i) else { return [] }
            let test = data.failures[i]
            lines.append(field("Test", glyphs.safe(test.identifier ?? test.testName)))
            lines.append([])
            return lines + FailuresRenderer.detailLines(test, data: data, glyphs: glyphs)
        case .violations(let list):
            for v in list where data.report.violations.indices.contains(v) {
                lines += violationLines(data.report.violations[v], glyphs: glyphs)
                lines.append([])
            }
            node = list.first.flatMap { data.index.nodes.indices.contains($0) ? data.index.nodes[$0] : nil }
            guard node == nil, let first = list.first, data.report.violations.indices.contains(first) else { break }
            let violation = data.report.violations[first]
            lines.append(field("Path", glyphs.safePath(violation)))
            if list.contains(where: { data.report.violations.indices.contains($0) && data.report.violations[$0].kind == .configuration }) {
                lines.append([])
                lines += AppEvidenceDetails.backgroundTaskLines(data: data, glyphs: glyphs)
                return lines
            }
            lines.append(field("Size", sizeText(of: violation)))
            lines.append(field("Inventory", "not in the container inventory", .dim))
        }
        if let node, let inventory = data.inventory, node >= 0, node < inventory.count {
            lines += entryLines(node, inventory: inventory, data: data, glyphs: glyphs)
        }
        return lines
    }

    /// What a violation is, why, and the rule's name, owner and requirement: the head of
    /// one violation's details, whether the row holds one violation or several.
    static func violationLines(_ violation: Violation, glyphs: Glyphs) -> [StyledLine] {
        var rule = glyphs.safe(violation.ruleName ?? "none")
        if let owner = violation.ruleOwner { rule += " (owner " + glyphs.safe(owner) + ")" }
        if let req = violation.requirement { rule += ", " + req.rawValue }
        return [
            field(
                "Violation", String(violation.kind.badge) + " " + violation.kind.title,
                violation.kind.isBlocking ? .violation : .warning),
            field("Reason", glyphs.safe(violation.reason)),
            field("Rule", rule),
        ]
    }

    static func sizeText(_ bytes: UInt64) -> String {
        bytes < 1024 ? SizeLabel.text(bytes) : SizeLabel.text(bytes) + " (\(bytes) B)"
    }

    /// A violation's size, in the reports' words when some of it was not recorded.
    static func sizeText(of v: Violation) -> String {
        v.unrecordedSizes > 0 ? v.sizeText(files: { _ in "" }) : sizeText(v.size)
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
        if inventory.isSizeUnrecorded(node) {
            // Never "0 B" for a size the scan did not measure (ncdu `excluded`, `read_error`).
            // Unlisted: a path list's file without a sizes.txt line, or an ncdu item whose
            // size was not usable (negative, fractional, past 64 bits): its own size only.
            let unlisted = inventory.isSizeUnlisted(node)
            let fromList = data.bundle.inventorySource == EvidenceLayout.filesList
            let why =
                unlisted
                ? (fromList ? "no container/sizes.txt line gives it" : "the inventory gives no usable size")
                : inventory.scanExclusion(node) != .none ? "the scan excluded it" : "the scan could not read it"
            if !isDir {
                size = "not recorded (\(why))"
            } else if unlisted && !fromList {
                size = "at least " + size + "; its own size was not recorded (\(why))"
            } else {
                size = "at least " + size + "; what it holds was not recorded (\(why))"
            }
        } else if isDir, data.unrecordedSizes.hasUnrecorded(atOrBelow: node) {
            // A folder's total leaves out what below it has no size: as the tree says it.
            let missing = inventory.unrecordedSizes(at: node)
            let entries = Wording.count(missing, "entry", "entries") + " below " + (missing == 1 ? "has" : "have") + " no recorded size"
            size = inventory.totalSize(node) == 0 ? "not recorded (\(entries))" : "at least " + size + "; " + entries
        }
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
        // A run opened for its first screen reads steps.tsv and times.txt with the check:
        // until then the step is not known to be absent, only not read yet.
        let pending = data.bundle.stillLoading
        if pending.contains(EvidenceLayout.steps) {
            lines.append(field("Step", "reading " + EvidenceLayout.steps + glyphs.ellipsis, .dim))
        } else {
            lines.append(field("Step", inventory.step(node).map(glyphs.safe) ?? "unknown", inventory.step(node) == nil ? .dim : .plain))
        }
        if pending.isEmpty {
            lines += CreationStepDetails.lines(node, inventory: inventory, data: data, glyphs: glyphs)
        } else {
            lines.append(field("Inferred", "after " + pending.joined(separator: " and ") + (pending.count == 1 ? " is" : " are") + " read", .dim))
        }
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
