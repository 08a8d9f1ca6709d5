import ExhibitCore
import ExhibitRules

/// One row of the action table: the keys that trigger an action and the help text the
/// `?` screen shows for it. The table both binds keys and generates help, so the two
/// cannot drift apart (tig's request table works the same way).
public struct KeyBinding: Sendable, Equatable {
    public let action: Action
    public let keys: [Key]
    public let help: String

    public init(_ action: Action, _ keys: [Key], _ help: String) {
        self.action = action
        self.keys = keys
        self.help = help
    }
}

/// A titled group of bindings; the help screen shows one section per group.
public struct BindingGroup: Sendable, Equatable {
    public let title: String
    public let bindings: [KeyBinding]
}

/// Where keys are read: each pane, overlay and text prompt has its own table.
public enum BindingContext: String, Sendable, CaseIterable, Hashable {
    case tree, violations, failures, budgets
    case details, help
    /// The evidence pane (`v`).
    case evidence
    /// The question before recording a class the evidence cannot support.
    case unsupportedClass
    /// The question before replacing a run's record (`c` on a classified run).
    case replaceRecord
    /// The optional issue link after the comment.
    case issueInput
    /// The comparison with a base run (`b`).
    case diff
    case filterInput, searchInput, classChooser, commentInput, chooser
    /// The archive's run list and its `/` prompt.
    case runList, runListFilter

    /// Text prompts turn unbound printable keys into `.insert`.
    public var acceptsText: Bool {
        self == .filterInput || self == .searchInput || self == .commentInput || self == .issueInput || self == .runListFilter
    }

    public var title: String {
        switch self {
        case .tree: "Container tree"
        case .violations: "Violations"
        case .failures: "Failing tests"
        case .budgets: "Budgets"
        case .details: "Details"
        case .help: "Help"
        case .evidence: "Evidence"
        case .unsupportedClass: "Unsupported class"
        case .replaceRecord: "Replace the record"
        case .issueInput: "Issue link"
        case .diff: "Compared files"
        case .filterInput: "Filter"
        case .searchInput: "Search"
        case .classChooser: "Classify"
        case .commentInput: "Comment"
        case .chooser: "Chooser"
        case .runList: "Runs"
        case .runListFilter: "Filter runs"
        }
    }
}

public enum KeyBindings {
    private static let movement = BindingGroup(
        title: "Moving",
        bindings: [
            KeyBinding(.moveDown, [.char("j"), .down], "Move down"),
            KeyBinding(.moveUp, [.char("k"), .up], "Move up"),
            KeyBinding(.pageDown, [.pageDown, .ctrl("d")], "Page down"),
            KeyBinding(.pageUp, [.pageUp, .ctrl("u")], "Page up"),
            KeyBinding(.top, [.char("g"), .home], "First line"),
            KeyBinding(.bottom, [.char("G"), .end], "Last line"),
        ])

    private static let panes = BindingGroup(
        title: "Panes and triage",
        bindings: [
            KeyBinding(.nextPane, [.tab], "Next pane"),
            KeyBinding(.previousPane, [.backTab], "Previous pane"),
            KeyBinding(.classify, [.char("c")], "Classify the run"),
            KeyBinding(.export, [.char("x")], "Export the triage note"),
            KeyBinding(.showEvidence, [.char("v")], "Evidence: each file's state and messages"),
            KeyBinding(.help, [.char("?")], "Keys for this screen"),
            KeyBinding(.redraw, [.ctrl("l")], "Redraw the screen"),
            KeyBinding(.quit, [.char("q")], "Back, or quit from the tree"),
            KeyBinding(.forceQuit, [.ctrl("c")], "Quit at once"),
        ])

    private static let terminal = BindingGroup(
        title: "Always",
        bindings: [
            KeyBinding(.redraw, [.ctrl("l")], "Redraw the screen"),
            KeyBinding(.forceQuit, [.ctrl("c")], "Quit at once"),
        ])

    private static let tree = BindingGroup(
        title: "Container tree",
        bindings: [
            KeyBinding(.open, [.enter, .char("l"), .right], "Open directory"),
            KeyBinding(.back, [.char("h"), .left, .backspace], "Parent directory"),
            KeyBinding(.sortBySize, [.char("s")], "Sort by size (again: reverse)"),
            KeyBinding(.sortByName, [.char("a")], "Sort by name, a to z (again: reverse)"),
            KeyBinding(.sortByCount, [.char("C")], "Sort by file count (again: reverse)"),
            KeyBinding(.startSearch, [.char("/")], "Search the whole container (a glob with * ? [)"),
            KeyBinding(.nextMatch, [.char("n")], "Next match, in tree order"),
            KeyBinding(.previousMatch, [.char("N")], "Previous match"),
            KeyBinding(.startFilter, [.char("&")], "Filter this directory's names (Esc clears)"),
            KeyBinding(.nextViolation, [.char("e")], "Next violating file, in tree order"),
            KeyBinding(.previousViolation, [.char("E")], "Previous violating file"),
            KeyBinding(.toggleDetails, [.char("i")], "Details of the entry"),
        ])

    private static let failures = BindingGroup(
        title: "Failing tests",
        bindings: [
            KeyBinding(.toggleDetails, [.char("i")], "The failure text whole, wrapped"),
            KeyBinding(.startSearch, [.char("/")], "Search the tests' names and failure texts"),
            KeyBinding(.nextMatch, [.char("n")], "Next match"),
            KeyBinding(.previousMatch, [.char("N")], "Previous match"),
        ])

    private static let violations = BindingGroup(
        title: "Violations",
        bindings: [
            KeyBinding(.open, [.enter, .char("l"), .right], "Show the file in the tree"),
            KeyBinding(.chooseKind, [.char("f")], "Filter by kind"),
            KeyBinding(.chooseRule, [.char("r")], "Filter by rule"),
            KeyBinding(.clearViolationFilters, [.char("a")], "Show all violations"),
            KeyBinding(.toggleDetails, [.char("i")], "Details of the file"),
            KeyBinding(.startSearch, [.char("/")], "Search the paths and rule names"),
            KeyBinding(.nextMatch, [.char("n")], "Next match"),
            KeyBinding(.previousMatch, [.char("N")], "Previous match"),
        ])

    /// In a run opened from an archive; without one the keys do nothing.
    private static let archive = BindingGroup(
        title: "Archive",
        bindings: [
            KeyBinding(.nextRun, [.char("]")], "Next run of the archive"),
            KeyBinding(.previousRun, [.char("[")], "Previous run of the archive"),
        ])

    private static let compare = BindingGroup(
        title: "Compare",
        bindings: [
            KeyBinding(.compareWithBase, [.char("b")], "Compare with the latest earlier run that passed"),
            KeyBinding(.chooseBase, [.char("B")], "Compare with a run chosen from a list"),
        ])

    private static let diff = BindingGroup(
        title: "Compared files",
        bindings: [
            KeyBinding(.open, [.enter, .char("l"), .right], "Show the file in the tree"),
            KeyBinding(.toggleDetails, [.char("i")], "Details of the row, every cell whole"),
            KeyBinding(.help, [.char("?")], "Keys for this screen"),
        ])

    private static let runList = BindingGroup(
        title: "Runs",
        bindings: [
            KeyBinding(.open, [.enter, .char("l"), .right], "Open the run"),
            KeyBinding(.startFilter, [.char("/")], "Filter runs (Esc clears)"),
            KeyBinding(.help, [.char("?")], "Keys for this screen"),
            KeyBinding(.quit, [.char("q")], "Quit"),
            KeyBinding(.redraw, [.ctrl("l")], "Redraw the screen"),
            KeyBinding(.forceQuit, [.ctrl("c")], "Quit at once"),
        ])

    private static let runListFilter = BindingGroup(
        title: "Filter runs",
        bindings: [
            KeyBinding(.confirm, [.enter], "Keep the filter"),
            KeyBinding(.cancel, [.escape], "Clear the filter"),
            KeyBinding(.deleteBackward, [.backspace], "Delete a character"),
            KeyBinding(.moveDown, [.down], "Move down"),
            KeyBinding(.moveUp, [.up], "Move up"),
        ])

    private static let closeOverlay = BindingGroup(
        title: "Closing",
        bindings: [
            KeyBinding(.cancel, [.escape], "Close"),
            KeyBinding(.quit, [.char("q")], "Close"),
        ])

    private static let details = BindingGroup(
        title: "Details",
        bindings: [
            KeyBinding(.toggleDetails, [.char("i")], "Close details"),
            KeyBinding(.back, [.char("h"), .left], "Close details"),
            KeyBinding(.help, [.char("?")], "Keys for this screen"),
        ])

    private static let evidence = BindingGroup(
        title: "Evidence",
        bindings: [
            KeyBinding(.showEvidence, [.char("v")], "Close the evidence"),
            KeyBinding(.help, [.char("?")], "Keys for this screen"),
        ])

    private static let unsupportedClass = BindingGroup(
        title: "Unsupported class",
        bindings: [
            KeyBinding(.confirm, [.char("y")], "Record the class anyway"),
            KeyBinding(.cancel, [.escape, .char("n")], "Back to the classes"),
        ])

    private static let replaceRecord = BindingGroup(
        title: "Replace the record",
        bindings: [
            KeyBinding(.confirm, [.char("y"), .enter], "Classify again (the current record is kept in the history)"),
            KeyBinding(.cancel, [.escape, .char("n")], "Keep the current record"),
        ])

    private static let issueInput = BindingGroup(
        title: "Issue link",
        bindings: [
            KeyBinding(.confirm, [.enter], "Record the classification (an empty link records none)"),
            KeyBinding(.cancel, [.escape], "Back to the comment"),
            KeyBinding(.deleteBackward, [.backspace], "Delete a character"),
        ])

    private static let help = BindingGroup(
        title: "Help",
        bindings: [
            KeyBinding(.help, [.char("?")], "Close help")
        ])

    private static let filterInput = BindingGroup(
        title: "Filter",
        bindings: [
            KeyBinding(.confirm, [.enter], "Keep the filter"),
            KeyBinding(.cancel, [.escape], "Clear the filter"),
            KeyBinding(.deleteBackward, [.backspace], "Delete a character"),
            KeyBinding(.moveDown, [.down], "Move down"),
            KeyBinding(.moveUp, [.up], "Move up"),
        ])

    private static let searchInput = BindingGroup(
        title: "Search",
        bindings: [
            KeyBinding(.confirm, [.enter], "Search"),
            KeyBinding(.cancel, [.escape], "Cancel"),
            KeyBinding(.deleteBackward, [.backspace], "Delete a character"),
        ])

    private static let chooser = BindingGroup(
        title: "Choosing",
        bindings: [
            KeyBinding(.moveDown, [.char("j"), .down], "Move down"),
            KeyBinding(.moveUp, [.char("k"), .up], "Move up"),
            KeyBinding(.top, [.char("g"), .home], "First"),
            KeyBinding(.bottom, [.char("G"), .end], "Last"),
            KeyBinding(.confirm, [.enter], "Choose"),
            KeyBinding(.cancel, [.escape, .char("q")], "Cancel"),
        ])

    private static let commentInput = BindingGroup(
        title: "Comment",
        bindings: [
            KeyBinding(.confirm, [.enter], "Confirm the classification"),
            KeyBinding(.cancel, [.escape], "Back to the classes"),
            KeyBinding(.deleteBackward, [.backspace], "Delete a character"),
        ])

    /// The groups in force in a context, in help-screen order.
    public static func groups(for context: BindingContext) -> [BindingGroup] {
        switch context {
        case .tree: [tree, movement, panes, compare, archive]
        case .violations: [violations, movement, panes, compare, archive]
        case .failures: [failures, movement, panes, compare, archive]
        case .budgets: [movement, panes, compare, archive]
        case .diff: [diff, movement, compare, closeOverlay, terminal]
        case .details: [details, movement, closeOverlay, terminal]
        case .help: [help, movement, closeOverlay, terminal]
        case .evidence: [evidence, movement, closeOverlay, terminal]
        case .unsupportedClass: [unsupportedClass, terminal]
        case .replaceRecord: [replaceRecord, terminal]
        case .issueInput: [issueInput, terminal]
        case .filterInput: [filterInput, terminal]
        case .searchInput: [searchInput, terminal]
        case .classChooser, .chooser: [chooser, terminal]
        case .commentInput: [commentInput, terminal]
        case .runList: [runList, movement]
        case .runListFilter: [runListFilter, terminal]
        }
    }

    public static func bindings(for context: BindingContext) -> [KeyBinding] {
        groups(for: context).flatMap(\.bindings)
    }

    /// The action a key triggers in a context. In text prompts an unbound printable
    /// key becomes `.insert`.
    public static func action(for key: Key, in context: BindingContext) -> Action? {
        for binding in bindings(for: context) where binding.keys.contains(key) { return binding.action }
        if context.acceptsText, case .char(let c) = key { return .insert(c) }
        return nil
    }
}
