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
        case .sortBySize: state.tree.sort(by: .size, inventory, page: page)
        case .sortByName: state.tree.sort(by: .name, inventory, page: page)
        case .sortByCount: state.tree.sort(by: .count, inventory, page: page)
        case .startFilter: state.openOverlay(FilterPrompt())
        case .startSearch: state.openOverlay(SearchPrompt(text: ""))
        case .toggleDetails:
            if let sel = state.tree.selected { state.openOverlay(DetailsView(.node(sel), data: state.data)) }
        case .nextViolation, .previousViolation:
            guard let v = state.violations.step(forward: action == .nextViolation, page: state.violationsPage) else {
                state.message = .info(state.violations.isFiltered ? "no violations match the filters" : "no violations")
                return
            }
            state.showInTree(v)
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

    /// Moves the tree to a violation's file. False (with a message) when the file is
    /// not in the inventory.
    @discardableResult
    mutating func showInTree(_ violation: Int) -> Bool {
        guard let inventory = data.inventory, let node = data.index.nodes[violation], node != Inventory.root else {
            let path = data.report.violations[violation].path
            message = .info("not in the container inventory: " + path)
            return false
        }
        tree.reveal(node, inventory, page: treePage)
        return true
    }
}
