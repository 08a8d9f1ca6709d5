import ExhibitCore
import ExhibitRules

/// Everything a person can ask the triage UI to do. Keys map to actions through
/// `KeyBindings`; the state machine only ever sees actions.
public enum Action: Sendable, Hashable {
    // Moving in a list.
    case moveUp, moveDown, pageUp, pageDown, top, bottom
    // The tree.
    case open, back
    case sortBySize, sortByName, sortByCount
    case nextViolation, previousViolation
    /// `/` over the whole container, and `n`/`N` through its matches.
    case startSearch, nextMatch, previousMatch
    // Panes and overlays.
    case nextPane, previousPane
    case startFilter
    case toggleDetails
    case help
    /// The evidence pane: each artifact's state, position and message.
    case showEvidence
    case chooseKind, chooseRule, clearViolationFilters
    // Triage.
    case classify
    case export
    // An archive: the next or previous run of the run list, without going back to it.
    case nextRun, previousRun
    // Comparing with another run: the latest earlier one that passed, or a chosen one.
    case compareWithBase, chooseBase
    // Dialogs and text entry.
    case confirm, cancel
    case deleteBackward
    case insert(Character)
    // Leaving and the terminal.
    case quit
    case forceQuit
    case redraw
    case resize(rows: Int, cols: Int)
}
