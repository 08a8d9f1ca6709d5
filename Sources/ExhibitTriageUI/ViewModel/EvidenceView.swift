import ExhibitCore
import ExhibitRules

/// The evidence pane (`v`): each artifact's state, position and message, the
/// exclusion-flag coverage and the other diagnostics, as `summary` lists them under
/// Evidence and Diagnostics. Holds its lines (made for Unicode glyphs), so scrolling is
/// bounded by what is drawn. Drawn by `EvidenceRenderer`.
public struct EvidenceView: Sendable, Equatable {
    public private(set) var lines: [StyledLine]
    public var cursor = ListCursor()

    init(data: TriageData) {
        lines = Self.lines(data: data, glyphs: .unicode)
    }
}

extension EvidenceView: TriageOverlay {
    var context: BindingContext { .evidence }
    var overlay: Overlay { .evidence(self) }
    var coversPane: Bool { true }

    func handle(_ action: Action, in state: inout TriageState) -> [TriageEffect] {
        switch action {
        case .showEvidence, .cancel, .quit, .back: state.closeOverlay()
        case .help: state.openOverlay(HelpView(origin: .evidence, width: state.layout.cols))
        default:
            var view = self
            if view.cursor.scroll(action, count: lines.count, page: state.layout.overlayRows) { state.updateOverlay(view) }
        }
        return []
    }

    mutating func fit(_ layout: ScreenLayout) { cursor.clampScroll(count: lines.count, page: layout.overlayRows) }

    /// The findings arrived: the undecided rules are known now.
    mutating func reload(_ data: TriageData) { lines = Self.lines(data: data, glyphs: .unicode) }

    func hint(_ layout: ScreenLayout) -> String { "j/k scroll  q close" }

    func draw(_ state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        EvidenceRenderer.draw(self, state: state, into: &grid, glyphs: glyphs)
    }
}

/// The content.
extension EvidenceView {
    /// The content, one styled line each, for `glyphs`.
    public static func lines(data: TriageData, glyphs: Glyphs) -> [StyledLine] {
        let evidence = data.evidence
        var lines: [StyledLine] = []
        if let headline = evidence.headline {
            lines.append([Segment(" evidence: ", .dim), Segment(glyphs.safe(headline), evidence.inventoryUnreadable ? .error : .warning)])
        }
        if let flags = evidence.flags { lines.append([Segment(" " + glyphs.safe(flags), flags.contains("recorded (") ? .plain : .warning)]) }
        let undecided = data.report.undecidedRules
        if !undecided.isEmpty {
            let causes = data.report.undecidedCauses()
            lines.append([Segment(" Undecided rules (the files' exclusion flags are \(causes.words))", .columnTitle)])
            for r in undecided {
                let files = r.fileCount
                // With more than one cause in the run, each rule says its own.
                let why = causes.isMixed ? "; flags " + r.causes.words : ""
                lines.append([
                    Segment("   " + glyphs.safe(r.rule), .warning),
                    Segment(" (\(r.requirement?.rawValue ?? r.kind.rawValue)): \(files) file\(files == 1 ? "" : "s") undecided" + why),
                ])
            }
        }
        let unchecked = data.report.unchecked
        if !unchecked.isEmpty {
            // What the check could not see, as `check` lists it under "not checked".
            lines.append([Segment(" Not checked", .columnTitle)])
            for u in unchecked { lines.append([Segment("   " + glyphs.safeMessage(u.reason), u.voidsFindings ? .error : .warning)]) }
        }
        if !lines.isEmpty { lines.append([]) }
        for row in evidence.rows {
            let role: Role =
                switch row.state {
                case "malformed", "unreadable": .error
                case "missing", "superseded", "reading": .dim
                default: .plain
                }
            lines.append([Segment(" " + TextFit.padRight(row.state, to: 11), role), Segment(glyphs.safe(row.file) + glyphs.safeMessage(row.detail))])
        }
        if !evidence.diagnostics.isEmpty {
            lines.append([])
            lines.append([Segment(" Diagnostics", .columnTitle)])
            // Repeats of one kind in one file as one line, as `summary` and `check` show them.
            for folded in DiagnosticFolding.fold(evidence.diagnostics) {
                let severity = folded.first.severity
                let role: Role = severity == .error ? .error : severity == .warning ? .warning : .dim
                lines.append([Segment(" " + glyphs.safeMessage(folded.description), role)])
            }
        }
        return lines
    }
}
