import ExhibitCore
import ExhibitRules

/// `/`, `n` and `N` in the Violations and Failures panes, the tree's way
/// (`SearchPattern`: a substring, or a glob with `*`, `?` or `[`; smartcase): the
/// matches are the rows of the list as shown, in its order, and `n`/`N` move its
/// cursor from match to match with "match 3 of 17" and the wrap said. A violation row
/// matches by its path or a rule name, a failing test by its name or its failure text.
/// The lists are the pane's own rows (thousands, not the container's million names),
/// so the search runs on the key thread.
public struct ListSearch: Sendable, Equatable {
    public let pattern: SearchPattern
    /// The pane searched: `n` in another pane asks for a search of its own.
    public let pane: Pane

    /// The positions of the matches in the pane's list as shown now.
    static func matches(_ pattern: SearchPattern, in pane: Pane, of state: TriageState) -> [Int] {
        let data = state.data
        switch pane {
        case .violations:
            let rows = data.violationRows.rows
            return state.violations.shown.indices.filter { position in
                let row = rows[state.violations.shown[position]]
                if pattern.matches(text: row.path) { return true }
                return row.violations.contains { data.report.violations[$0].ruleName.map(pattern.matches(text:)) ?? false }
            }
        case .failures:
            return data.failures.indices.filter { i in
                let test = data.failures[i]
                return pattern.matches(text: test.identifier ?? test.testName) || test.messages.contains { pattern.matches(text: $0.text) }
            }
        case .tree, .budgets:
            return []
        }
    }
}

extension TriageState {
    /// Enter in the search prompt of a list pane: an empty text repeats the last search.
    mutating func startListSearch(_ text: String) {
        let wanted = text.isEmpty ? (listSearch?.pattern.text ?? "") : text
        guard !wanted.isEmpty else { return }
        do {
            listSearch = ListSearch(pattern: try SearchPattern(wanted), pane: focus)
        } catch {
            if case .badGlob(let offset, let why) = error {
                message = .failure("not a glob at character \(offset + 1) of \(TerminalText.escape(wanted, emoji: .escaped)): \(why)")
            }
            return
        }
        stepListSearch(forward: true)
    }

    /// `n` (forward) or `N` in a list pane: the next match after the cursor, wrapping.
    mutating func stepListSearch(forward: Bool) {
        guard let search = listSearch, search.pane == focus else {
            message = .info("no search yet: / searches this list")
            return
        }
        let matches = ListSearch.matches(search.pattern, in: focus, of: self)
        guard !matches.isEmpty else {
            let what = search.pattern.isGlob ? "match" : "contain"
            message = .info("no rows \(what) \(TerminalText.escape(search.pattern.text, emoji: .escaped))")
            return
        }
        let cursor = focus == .violations ? violations.cursor.index : failures.index
        let next = forward ? matches.firstIndex { $0 > cursor } : matches.lastIndex { $0 < cursor }
        let wrapped = next == nil
        let at = next ?? (forward ? 0 : matches.count - 1)
        switch focus {
        case .violations: violations.select(position: matches[at], page: violationsPage)
        case .failures: failures.index = matches[at]
        case .tree, .budgets: break
        }
        revealAll()
        let position = "match \(at + 1) of \(matches.count)"
        message = .info(
            wrapped ? position + (forward ? " (search hit BOTTOM, continuing at TOP)" : " (search hit TOP, continuing at BOTTOM)") : position)
    }
}
