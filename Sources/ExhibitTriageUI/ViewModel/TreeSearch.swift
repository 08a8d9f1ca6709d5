import ExhibitCore
import ExhibitRules

/// `/`, `n` and `N` in the tree: the search runs as an effect (`.search`), its matches
/// come back as `.searched`, and each step reveals the match in the tree, opening the
/// directories on the way, with "match 3 of 17" on the status line.
extension TriageState {
    /// Enter in the search prompt: an empty text repeats the last search, as in less.
    mutating func startSearch(_ text: String) -> [TriageEffect] {
        let wanted = text.isEmpty ? (search?.pattern.text ?? "") : text
        guard !wanted.isEmpty else { return [] }
        let pattern: SearchPattern
        do {
            pattern = try SearchPattern(wanted)
        } catch {
            switch error {
            case .empty: return []
            case .badGlob(let offset, let why):
                message = .failure("not a glob at character \(offset + 1) of \(TerminalText.escape(wanted, emoji: .escaped)): \(why)")
                return []
            }
        }
        searchStepForward = true
        return [.search(pattern, tree.order, data)]
    }

    /// `n` (forward) or `N`: the next match from the cursor. A search made under another
    /// sort order is made again first, so "next" is always the next one drawn.
    mutating func stepSearch(forward: Bool) -> [TriageEffect] {
        guard let search else {
            message = .info("no search yet: / searches the whole container")
            return []
        }
        if search.order != tree.order {
            searchStepForward = forward
            return [.search(search.pattern, tree.order, data)]
        }
        takeSearchStep(forward: forward)
        return []
    }

    mutating func receivedSearch(_ found: ContainerSearch) {
        search = found
        let forward = searchStepForward ?? true
        searchStepForward = nil
        // The tree may have been re-sorted while it ran: the step waits for a fresh one.
        if found.order != tree.order {
            _ = stepSearch(forward: forward)
            return
        }
        takeSearchStep(forward: forward)
    }

    private mutating func takeSearchStep(forward: Bool) {
        guard let search, let inventory = data.inventory else { return }
        guard let step = search.step(from: tree.selected, forward: forward, in: inventory) else {
            let what = search.pattern.isGlob ? "match" : "contain"
            message = .info("no names \(what) \(TerminalText.escape(search.pattern.text, emoji: .escaped)) in the container")
            return
        }
        // Clears a directory filter that would hide the match.
        tree.reveal(step.node, inventory, page: treePage)
        message = .info(ContainerSearch.status(step, of: search, forward: forward))
    }
}
