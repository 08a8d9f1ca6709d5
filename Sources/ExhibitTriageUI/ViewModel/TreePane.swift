import ExhibitCore
import ExhibitRules

/// The container tree, ncdu's way: one directory at a time, sorted, filtered by name
/// (`&`, `FilterPrompt`), searched as a whole (`/`, `n`, `N`: `SearchPrompt`,
/// `TreeSearch`), `e`/`E` to the next violation's file, `i` for details.
/// State: `TriageState.tree` (`TreeBrowser`). Drawn by `TreeRenderer`.
enum TreePane: TriagePane {
    static let title = "Tree"
    static let context = BindingContext.tree

    static func handle(_ action: Action, in state: inout TriageState) {
        guard let inventory = state.data.inventory else { return }
        let page = state.treePage
        switch action {
        case .open: _ = state.tree.open(inventory, page: page)
        case .back: _ = state.tree.back(inventory, page: page)
        case .sortBySize, .sortByName, .sortByCount:
            let key: SortOrder.Key = action == .sortBySize ? .size : action == .sortByName ? .name : .count
            state.tree.sort(by: key, inventory, page: page)
            // `e` steps in the order the tree draws: the violations list follows the sort.
            state.violations.follow(state.tree.order, state.data, page: state.violationsPage)
        case .startFilter: state.openOverlay(FilterPrompt())
        case .startSearch: state.openOverlay(SearchPrompt(text: ""))
        case .toggleDetails:
            if let sel = state.tree.selected { state.openOverlay(DetailsView(.node(sel), data: state.data, width: state.layout.cols)) }
        case .nextViolation, .previousViolation:
            let forward = action == .nextViolation
            guard let step = state.violations.step(forward: forward, page: state.violationsPage) else {
                state.message = .info(state.violations.isFiltered ? "no violations match the filters" : "no violations")
                return
            }
            if state.showInTree(row: step.row) { state.message = .info(state.violations.status(step, forward: forward)) }
        default:
            state.tree.cursor.apply(action, count: state.tree.entries.count, page: page)
        }
    }

    static func fit(_ state: inout TriageState) {
        state.tree.cursor.reveal(page: state.treePage, count: state.tree.entries.count)
    }

    static func tabNote(_ state: TriageState, glyphs: Glyphs) -> String { "" }

    static func position(_ state: TriageState, glyphs: Glyphs) -> String {
        guard let inventory = state.data.inventory, !state.tree.entries.isEmpty, let sel = state.tree.selected else {
            return "0/0"
        }
        return "\(state.tree.cursor.index + 1)/\(state.tree.entries.count)  " + glyphs.safe(bytes: inventory.pathBytes(sel))
    }

    static func hint(_ layout: ScreenLayout) -> String {
        layout.cols >= 100 ? "/ search  n next  e violation  c classify  ? help  q quit" : "? help  q quit"
    }

    static func draw(_ state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        TreeRenderer.draw(state, into: &grid, glyphs: glyphs)
    }
}

extension TriageState {
    var treePage: Int { layout.listRows(.tree) }

    /// Moves the tree to a violation row's file or folder, opening the directories on
    /// the way. False (with a message) when it is not in the inventory.
    @discardableResult
    mutating func showInTree(row: Int) -> Bool {
        let violationRow = data.violationRows.rows[row]
        guard let inventory = data.inventory, let node = violationRow.node, node != Inventory.root else {
            message = .info(
                "not in the container inventory: " + TerminalText.escape(path: violationRow.path, isEscaped: violationRow.pathIsEscaped, emoji: .escaped))
            return false
        }
        tree.reveal(node, inventory, page: treePage)
        return true
    }
}
