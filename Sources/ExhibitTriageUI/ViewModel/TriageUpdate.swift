import ExhibitCore
import ExhibitRules

/// The state machine's transitions: one action in, a new state and effects out. The
/// terminal's keys (resize, Ctrl-L, Ctrl-C) and the pane-wide keys are handled here;
/// the rest goes to the overlay on top, or else to the focused pane, through their view
/// operations (`TriageOverlay`, `TriagePane`).
extension TriageState {
    mutating func handle(_ action: Action) -> [TriageEffect] {
        switch action {
        case .resize(let rows, let cols):
            layout = ScreenLayout(rows: rows, cols: cols)
            revealAll()
            return []
        case .redraw:
            return [.redraw]
        case .forceQuit:
            return leaving()
        default:
            break
        }
        message = nil
        if let top = overlays.last { return top.view.handle(action, in: &self) }
        return handlePane(action)
    }

    /// Effects for leaving the UI: an unfinished comment is kept first.
    public func leaving() -> [TriageEffect] {
        (pendingDraft.map { [TriageEffect.saveDraft($0, data)] } ?? []) + [.quit]
    }

    private mutating func handlePane(_ action: Action) -> [TriageEffect] {
        if data.isChecking && action.needsFindings {
            message = .info("Still checking the rules against \(data.inventory?.count ?? 0) entries; a moment")
            return []
        }
        switch action {
        case .nextPane, .previousPane:
            let all = Pane.allCases
            let i = all.firstIndex(of: focus) ?? 0
            focus = all[(i + (action == .nextPane ? 1 : all.count - 1)) % all.count]
        case .help:
            openOverlay(HelpView(origin: focus.context, width: layout.cols))
        case .showEvidence:
            openOverlay(EvidenceView(data: data))
        case .classify:
            // A classified run shows its record and asks before another classification.
            if let decision, draft == nil {
                openOverlay(ReplaceRecordQuestion(current: decision))
                return []
            }
            openClassChooser()
        case .export:
            return [.exportNote(decision, data)]
        case .compareWithBase:
            return requestBases(.latestPassing)
        case .chooseBase:
            return requestBases(.choose)
        case .nextMatch, .previousMatch:
            guard focus == .tree else {
                stepListSearch(forward: action == .nextMatch)
                return []
            }
            return stepSearch(forward: action == .nextMatch)
        case .quit:
            if focus != .tree {
                focus = .tree
                return []
            }
            return leaving()
        default:
            focus.view.handle(action, in: &self)
        }
        return []
    }

    /// After a resize every list keeps its selection visible, every overlay its scroll.
    /// Not while the screen is too small: nothing is shown, and a resize back finds the
    /// screen as it was.
    mutating func revealAll() {
        guard !layout.isTooSmall else { return }
        for pane in Pane.allCases { pane.view.fit(&self) }
        for i in overlays.indices {
            var view = overlays[i].view
            view.fit(layout)
            overlays[i] = view.overlay
        }
    }
}

extension Action {
    /// Actions that act on the rules' findings, refused until a deferred check is done:
    /// classifying or exporting before the findings exist would record a guess.
    var needsFindings: Bool {
        switch self {
        case .classify, .export, .compareWithBase, .chooseBase, .nextViolation, .previousViolation, .chooseKind, .chooseRule:
            true
        default:
            false
        }
    }
}
