import ExhibitCore
import ExhibitRules

/// The whole triage UI as a value: `receive(_:)` turns an event into a new state plus
/// effects, and `TriageRenderer.render` turns a state into a grid.
public struct TriageState: Sendable {
    /// Replaced once, when a deferred rules check delivers its report.
    public internal(set) var data: TriageData
    public internal(set) var focus: Pane = .tree
    public internal(set) var overlays: [Overlay] = []
    public internal(set) var tree: TreeBrowser
    public internal(set) var violations: ViolationsBrowser
    public internal(set) var failures = ListCursor()
    public internal(set) var budgets = ListCursor()
    /// The confirmed classification (from this or an earlier session).
    public internal(set) var decision: TriageDecision?
    /// An unfinished comment, offered again when the same class is chosen.
    public internal(set) var draft: TriageDraft?
    /// Shown on the status line until the next key.
    public internal(set) var message: HookMessage?
    /// The last `/` search over the whole container (`TreeSearch`), kept for `n`/`N`.
    public internal(set) var search: ContainerSearch?
    /// The last `/` search of the Violations or Failures pane (`ListSearch`).
    public internal(set) var listSearch: ListSearch?
    /// The direction of the step to take when a search asked for arrives.
    var searchStepForward: Bool?
    /// Effects under way, oldest first; the status line names the latest when there is
    /// no message.
    public internal(set) var activities: [TriageActivity] = []
    public internal(set) var layout: ScreenLayout
    /// The decision before the last confirmation, restored if saving it fails.
    var decisionBeforeSave: TriageDecision?
    /// Whether the session can find other runs to compare with (`b`, `B`).
    public let canCompare: Bool

    public init(
        data: TriageData, rows: Int = 24, cols: Int = 80, decision: TriageDecision? = nil, draft: TriageDraft? = nil,
        canCompare: Bool = false
    ) {
        self.data = data
        self.canCompare = canCompare
        self.tree = TreeBrowser(inventory: data.inventory, sizes: data.unrecordedSizes)
        self.violations = ViolationsBrowser(data: data)
        self.decision = decision
        self.draft = draft
        self.layout = ScreenLayout(rows: rows, cols: cols)
        if let draft {
            // Offer the unfinished classification at once, not only after `c`.
            self.message = .info("A draft is kept (\(draft.failureClass.title)): c to finish it")
        }
    }

    public init(session: TriageSession, rows: Int = 24, cols: Int = 80) {
        let data = TriageData(
            bundle: session.bundle, report: session.report, rules: session.rules,
            isChecking: session.needsCheck, rest: session.rest)
        self.init(
            data: data, rows: rows, cols: cols, decision: session.confirmed, draft: session.draft,
            canCompare: session.canCompare)
    }

    /// What the state asks for as it starts: the rules check, when it was deferred.
    public var startEffects: [TriageEffect] { data.isChecking ? [.checkRules(data)] : [] }

    /// The deferred rules check is done: findings, badges and the proposal appear, and
    /// the bundle is the finished one when the check read the rest of the load (steps and
    /// times: the node ids are the same); the tree keeps its place. Ignored unless the
    /// state is still waiting for it.
    mutating func receivedReport(_ report: CheckReport, finished: EvidenceBundle?, prepared: TriageData? = nil) {
        guard data.isChecking else { return }
        data = prepared ?? TriageData(bundle: finished ?? data.bundle, report: report, rules: data.rules)
        violations = ViolationsBrowser(data: data, order: tree.order)
        for i in overlays.indices {
            var view = overlays[i].view
            view.reload(data)
            overlays[i] = view.overlay
        }
        revealAll()
    }

    /// The binding table in force.
    public var context: BindingContext { overlays.last?.view.context ?? focus.context }

    /// The comment being typed, if any: what must be kept when the UI is left abruptly.
    public var pendingDraft: TriageDraft? {
        for overlay in overlays.reversed() {
            if case .comment(let cls, let text) = overlay { return TriageDraft(failureClass: cls, comment: text) }
            if case .issue(let cls, let comment, _) = overlay { return TriageDraft(failureClass: cls, comment: comment) }
        }
        return nil
    }

    public var isFilterInputActive: Bool { overlays.last == .filterInput }

    /// Decodes a key through the binding table of the current context.
    mutating func handle(key: Key) -> [TriageEffect] {
        if layout.isTooSmall {
            // Nothing is visible to act on: only leaving and redrawing work (as in ncdu).
            switch key {
            case .char("q"), .ctrl("c"): return leaving()
            case .ctrl("l"): return [.redraw]
            default: return []
            }
        }
        guard let action = KeyBindings.action(for: key, in: context) else {
            message = nil
            return []
        }
        return handle(action)
    }
}
