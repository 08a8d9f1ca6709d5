import ExhibitCore
import ExhibitRules

/// Comparing the open run with a base run: `b` asks for the latest earlier run that
/// passed, `B` for a chooser of runs; the performer finds the runs and reads the base's
/// inventory (I/O, asked for as effects) and they come back here as events, where the
/// diff is made and shown.
extension TriageState {
    /// The run's date as the run list sorts it: the evidence's start time, else the id's.
    var runDate: Double {
        data.bundle.metadata.startTime.flatMap { Timestamp.isUsable($0) ? $0 : nil } ?? RunSummary.date(inRunID: data.bundle.runID) ?? 0
    }

    mutating func requestBases(_ request: BaseRequest) -> [TriageEffect] {
        guard canCompare else {
            message = .info("no other runs to compare with: open the run from its archive")
            return []
        }
        guard data.inventory != nil else {
            message = .info("this run has no container inventory to compare")
            return []
        }
        return [.listBases(request, runID: data.bundle.runID)]
    }

    /// The runs found for `.listBases`: `b` loads the latest earlier one that passed,
    /// `B` offers them all, newest first, with that one selected.
    mutating func receivedBases(_ candidates: [BaseCandidate], for request: BaseRequest) -> [TriageEffect] {
        let runID = data.bundle.runID
        let others = BaseCandidate.newestFirst(candidates.filter { $0.runID != runID })
        let date = candidates.first { $0.runID == runID }?.date ?? runDate
        let latest = BaseCandidate.latestPassing(before: runID, runDate: runDate, among: candidates)
        switch request {
        case .latestPassing:
            guard let latest else {
                let earlier = others.contains { RunSummary.newestFirst(runID, date, $0.runID, $0.date) }
                message = .info(earlier ? "no earlier run passed; B chooses a base" : "no earlier run to compare with; B chooses a base")
                return []
            }
            return [.loadBase(latest.runID, of: data)]
        case .choose:
            guard !others.isEmpty else {
                message = .info("no other runs to compare with")
                return []
            }
            let options = others.map { c in
                Chooser.Option(label: c.dateText + "  " + c.runID + "  " + c.outcomeText, count: nil, value: c.runID)
            }
            let at = others.firstIndex { $0.runID == latest?.runID } ?? 0
            overlays.append(.chooser(Chooser(purpose: .base, options: options, cursor: ListCursor(index: at))))
            return []
        }
    }

    /// The comparison made for `.loadBase`: the diff view opens on it, or the status
    /// line says why not.
    mutating func receivedBase(_ baseRunID: String, _ result: Result<RunComparison, ArchiveOpenFailure>) {
        switch result {
        case .failure(let failure):
            message = .failure(failure.message)
        case .success(let comparison):
            var view = DiffView(baseRunID: baseRunID, comparison: comparison)
            view.cursor.reveal(page: layout.diffRows, count: view.rows.count)
            // A new base (B from the diff view) replaces the comparison shown.
            overlays.removeAll { if case .diff = $0 { true } else { false } }
            overlays.append(.diff(view))
        }
    }

    /// Keys of the diff view: move, Enter to the file in the tree (a failing test in the
    /// Failures pane), b or B for another base, q or Esc back.
    mutating func handleDiff(_ view: DiffView, _ action: Action) -> [TriageEffect] {
        var view = view
        switch action {
        case .cancel, .quit, .back:
            overlays.removeLast()
        case .help:
            overlays.append(.help(origin: .diff, ListCursor(), width: layout.cols))
        case .compareWithBase:
            return requestBases(.latestPassing)
        case .chooseBase:
            return requestBases(.choose)
        case .open:
            guard let row = view.selected else { return [] }
            open(row, since: view.baseRunID)
        case .toggleDetails:
            // The row's cells whole: the columns cut them to share the width.
            guard let row = view.selected else { return [] }
            openOverlay(DetailsView(.compared(row, since: view.baseRunID), data: data, width: layout.cols))
        default:
            if view.move(action, page: layout.diffRows) {
                overlays[overlays.count - 1] = .diff(view)
            }
        }
        return []
    }

    /// Enter on a row: the tree at its path, the Failures pane at a test failing now, or
    /// a status line saying why it cannot go there.
    private mutating func open(_ row: DiffView.Row, since baseRunID: String) {
        let path = row.path
        switch row.item {
        case .section, .note:
            return
        case .file(let entry) where entry.change == .removed:
            message = .info("removed since " + baseRunID + ": not in this run")
            return
        case .test(let test, let section):
            guard section != .fixedTests, let i = data.failures.firstIndex(where: { $0.displayName == test.test }) else {
                message = .info(test.test + ": " + test.other + "; not failing in this run")
                return
            }
            overlays.removeLast()
            focus = .failures
            failures.index = i
            failures.reveal(page: layout.listRows(.failures, itemCount: data.failures.count), count: data.failures.count)
            return
        default:
            break
        }
        guard let inventory = data.inventory, let node = inventory.lookup(path), node != Inventory.root else {
            message = .info("not in the container inventory: " + path)
            return
        }
        overlays.removeLast()
        focus = .tree
        tree.reveal(node, inventory, page: layout.listRows(.tree))
    }
}
