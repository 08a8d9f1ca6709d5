import ExhibitCore
import ExhibitRules

/// A pane Tab cycles through, as a view operation (tig's `view_ops`): the keys it takes,
/// how it keeps its selection in view, what the tab and the status line say about it,
/// and how it is drawn. The state machine and the renderer reach a pane only through
/// `Pane.view`, so a new pane is one file (a type conforming to this) and one line there.
///
/// A pane's state is a field of `TriageState` (the tree's `TreeBrowser`, the violations'
/// `ViolationsBrowser`, a cursor for the others), not of the pane type: other panes and
/// overlays move it (`e` in the tree steps through the violations, Enter on a violation
/// or a compared file moves the tree). Drawing stays a renderer in Render/ (pure
/// drawing into a grid); `draw` is only called by `TriageRenderer`.
protocol TriagePane {
    static var title: String { get }
    /// The binding table its keys are read through.
    static var context: BindingContext { get }
    /// An action the pane-wide keys (Tab, `?`, `v`, `c`, `x`, `b`, `q`) left.
    static func handle(_ action: Action, in state: inout TriageState)
    /// The screen changed size or the findings arrived: keep the selection on screen.
    static func fit(_ state: inout TriageState)
    /// What follows the title on its tab (a count), or "".
    static func tabNote(_ state: TriageState, glyphs: Glyphs) -> String
    /// The status line's left part: where the selection is.
    static func position(_ state: TriageState, glyphs: Glyphs) -> String
    /// The status line's key hints.
    static func hint(_ layout: ScreenLayout) -> String
    static func draw(_ state: TriageState, into grid: inout Grid, glyphs: Glyphs)
}

/// Something drawn over the focused pane that takes the keys until closed, as a view
/// operation: the overlay value is its own state (a cursor, the lines it shows, the text
/// typed), kept on `TriageState.overlays` as an `Overlay` case. The state machine and
/// the renderer reach it only through `Overlay.view`, so a new overlay is one file (a
/// type conforming to this), one `Overlay` case and one line in `Overlay.view`.
protocol TriageOverlay: Sendable {
    /// The binding table its keys are read through.
    var context: BindingContext { get }
    /// Itself as kept on the stack.
    var overlay: Overlay { get }
    /// True for overlays that replace the pane's body (details, help, evidence, diff);
    /// false for boxes and prompts drawn over the pane.
    var coversPane: Bool { get }
    /// One action, while this overlay is on top (the top of `state.overlays`): it closes
    /// itself (`state.closeOverlay()`), stores its changed self (`state.updateOverlay`),
    /// opens another on top, or changes the rest of the state.
    func handle(_ action: Action, in state: inout TriageState) -> [TriageEffect]
    /// The screen changed size: keep the scroll or selection in range.
    mutating func fit(_ layout: ScreenLayout)
    /// The data was replaced (the deferred rules check is done): what it shows is made again.
    mutating func reload(_ data: TriageData)
    /// The status line's left part while it is on top; nil leaves the focused pane's.
    func position(glyphs: Glyphs) -> String?
    /// The status line's key hints while it is on top.
    func hint(_ layout: ScreenLayout) -> String
    func draw(_ state: TriageState, into grid: inout Grid, glyphs: Glyphs)
}

extension TriageOverlay {
    var coversPane: Bool { false }
    mutating func fit(_ layout: ScreenLayout) {}
    mutating func reload(_ data: TriageData) {}
    func position(glyphs: Glyphs) -> String? { nil }
}

/// The panes Tab cycles through, in tab order.
public enum Pane: String, Sendable, CaseIterable, Hashable {
    case tree, violations, failures, budgets

    /// The registration: each pane's view operations.
    var view: any TriagePane.Type {
        switch self {
        case .tree: TreePane.self
        case .violations: ViolationsPane.self
        case .failures: FailuresPane.self
        case .budgets: BudgetsPane.self
        }
    }

    public var title: String { view.title }
    public var context: BindingContext { view.context }
}

/// What the overlays stack holds: each case carries one overlay's value.
public enum Overlay: Sendable, Equatable {
    /// The `&` prompt of the tree; the filter of the directory shown applies live.
    case filterInput
    /// The tree's `/` prompt and the text typed; Enter searches the whole container.
    case searchInput(String)
    case details(DetailsView)
    case help(HelpView)
    case chooser(Chooser)
    /// The optional one-line comment after a class was chosen.
    case comment(FailureClass, String)
    /// Files added, removed and grown since a base run (`b`, `B`).
    case diff(DiffView)
    /// Each artifact's state, position and message (`v`), as `summary` lists them.
    case evidence(EvidenceView)
    /// The class chosen is one the evidence cannot support (the reason): asked before recording.
    case unsupportedClass(FailureClass, String)
    /// `c` on a classified run: the current record, and whether to replace it.
    case replaceRecord(TriageDecision)
    /// The optional issue link after the comment (class, comment, text typed).
    case issue(FailureClass, String, String)

    /// The registration: each case's view operations.
    var view: any TriageOverlay {
        switch self {
        case .filterInput: FilterPrompt()
        case .searchInput(let text): SearchPrompt(text: text)
        case .details(let view): view
        case .help(let view): view
        case .chooser(let chooser): chooser
        case .comment(let cls, let text): CommentPrompt(failureClass: cls, text: text)
        case .diff(let view): view
        case .evidence(let view): view
        case .unsupportedClass(let cls, let reason): UnsupportedClassQuestion(failureClass: cls, reason: reason)
        case .replaceRecord(let current): ReplaceRecordQuestion(current: current)
        case .issue(let cls, let comment, let text): IssuePrompt(failureClass: cls, comment: comment, text: text)
        }
    }

    /// The key help opened from `origin` (the diff view opens it this way).
    static func help(origin: BindingContext, _ cursor: ListCursor, width: Int) -> Overlay {
        .help(HelpView(origin: origin, cursor: cursor, width: width))
    }
}

extension TriageState {
    /// Removes the overlay on top (the one handling the key).
    mutating func closeOverlay() { overlays.removeLast() }

    /// Stores the changed overlay on top in its place.
    mutating func updateOverlay(_ overlay: some TriageOverlay) { overlays[overlays.count - 1] = overlay.overlay }

    mutating func openOverlay(_ overlay: some TriageOverlay) { overlays.append(overlay.overlay) }
}
