import ExhibitCore
import ExhibitRules

/// A one-of-many chooser in a box over the pane: the kind filter (`f`), the rule filter
/// (`r`), the failure class (`c`), or the base run of a comparison (`B`). Enter takes the
/// selected option, Esc cancels. Drawn by `DialogRenderer.drawChooser`.
public struct Chooser: Sendable, Equatable {
    public enum Purpose: Sendable, Equatable {
        case kind, rule, failureClass
        /// The base run of a comparison (`B`).
        case base
    }

    public struct Option: Sendable, Equatable {
        public var label: String
        public var count: Int?
        /// The kind's raw value, the rule name, or the class's raw value; nil means "all".
        public var value: String?
    }

    public var purpose: Purpose
    public var options: [Option]
    public var cursor: ListCursor

    public var title: String {
        switch purpose {
        case .kind: "Filter by kind"
        case .rule: "Filter by rule"
        case .failureClass: "Classify this run"
        case .base: "Compare with run"
        }
    }

    public var selected: Option? { options.indices.contains(cursor.index) ? options[cursor.index] : nil }

    /// Counts are rows of the Violations pane (files and reported folders), as it lists them.
    static func kinds(_ data: TriageData, current: ViolationKind?) -> Chooser {
        let rows = data.violationRows
        var options = [Option(label: "all kinds", count: rows.rows.count, value: nil)]
        for (kind, count) in data.index.kindCounts where count > 0 {
            options.append(Option(label: "\(kind.badge) \(kind.title)", count: rows.rowCount(of: kind), value: kind.rawValue))
        }
        let at = options.firstIndex { $0.value == current?.rawValue } ?? 0
        return Chooser(purpose: .kind, options: options, cursor: ListCursor(index: at))
    }

    static func rules(_ data: TriageData, current: String?) -> Chooser {
        let rows = data.violationRows
        var options = [Option(label: "all rules", count: rows.rows.count, value: nil)]
        for (rule, _) in data.index.ruleCounts {
            options.append(Option(label: rule, count: rows.rowCount(ofRule: rule, data.report), value: rule))
        }
        let at = options.firstIndex { $0.value == current } ?? 0
        return Chooser(purpose: .rule, options: options, cursor: ListCursor(index: at))
    }

    static func classes(preselect: FailureClass?) -> Chooser {
        let options = FailureClass.allCases.map { Option(label: $0.title, count: nil, value: $0.rawValue) }
        let at = FailureClass.allCases.firstIndex { $0 == preselect } ?? 0
        return Chooser(purpose: .failureClass, options: options, cursor: ListCursor(index: at))
    }
}

extension Chooser: TriageOverlay {
    var context: BindingContext { purpose == .failureClass ? .classChooser : .chooser }
    var overlay: Overlay { .chooser(self) }

    func handle(_ action: Action, in state: inout TriageState) -> [TriageEffect] {
        switch action {
        case .cancel:
            state.closeOverlay()
        case .confirm:
            state.closeOverlay()
            return chose(selected?.value, in: &state)
        default:
            var chooser = self
            if chooser.cursor.apply(action, count: options.count, page: options.count) { state.updateOverlay(chooser) }
        }
        return []
    }

    /// What choosing `value` does, the chooser closed.
    private func chose(_ value: String?, in state: inout TriageState) -> [TriageEffect] {
        let report = state.data.report
        switch purpose {
        case .kind:
            let kind = value.flatMap(ViolationKind.init(rawValue:))
            state.violations.setFilters(kind: kind, rule: state.violations.ruleFilter, state.data, page: state.violationsPage)
            state.focus = .violations
        case .rule:
            state.violations.setFilters(kind: state.violations.kindFilter, rule: value, state.data, page: state.violationsPage)
            state.focus = .violations
        case .base:
            guard let runID = value else { break }
            return [.loadBase(runID, of: state.data)]
        case .failureClass:
            guard let cls = value.flatMap(FailureClass.init(rawValue:)) else { break }
            // A class the evidence cannot support is recorded only when asked twice.
            if let reason = state.data.evidence.unsupportedReason(for: cls, report: report) {
                state.openOverlay(UnsupportedClassQuestion(failureClass: cls, reason: reason))
            } else {
                state.openOverlay(CommentPrompt(for: cls, draft: state.draft))
            }
        }
        return []
    }

    func hint(_ layout: ScreenLayout) -> String { "Enter choose  Esc cancel" }

    func draw(_ state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        DialogRenderer.drawChooser(self, layout: state.layout, into: &grid, glyphs: glyphs)
    }
}
