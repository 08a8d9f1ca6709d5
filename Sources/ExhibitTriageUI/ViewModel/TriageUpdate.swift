import ExhibitCore
import ExhibitRules

/// The state machine's transitions: one action in, a new state and effects out.
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
        if let top = overlays.last { return handleOverlay(top, action) }
        return handlePane(action)
    }

    /// Effects for leaving the UI: an unfinished comment is kept first.
    public func leaving() -> [TriageEffect] {
        (pendingDraft.map { [TriageEffect.saveDraft($0, data)] } ?? []) + [.quit]
    }

    // MARK: - Panes

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
            return []
        case .help:
            overlays.append(.help(origin: focus.context, ListCursor()))
            return []
        case .showEvidence:
            overlays.append(.evidence(ListCursor()))
            return []
        case .classify:
            // A classified run shows its record and asks before another classification.
            if let decision, draft == nil {
                overlays.append(.replaceRecord(decision))
                return []
            }
            openClassChooser()
            return []
        case .export:
            return [.exportNote(decision, data)]
        case .compareWithBase:
            return requestBases(.latestPassing)
        case .chooseBase:
            return requestBases(.choose)
        case .quit:
            if focus != .tree {
                focus = .tree
                return []
            }
            return leaving()
        default:
            break
        }
        switch focus {
        case .tree: handleTree(action)
        case .violations: handleViolations(action)
        case .failures:
            failures.apply(action, count: data.failures.count, page: layout.listRows(.failures, itemCount: data.failures.count))
        case .budgets:
            budgets.apply(action, count: data.budgetRows.count, page: layout.listRows(.budgets))
        }
        return []
    }

    private var treePage: Int { layout.listRows(.tree) }
    private var violationsPage: Int { layout.listRows(.violations) }

    private mutating func handleTree(_ action: Action) {
        guard let inventory = data.inventory else { return }
        switch action {
        case .open: _ = tree.open(inventory, page: treePage)
        case .back: _ = tree.back(inventory, page: treePage)
        case .sortBySize: tree.sort(by: .size, inventory, page: treePage)
        case .sortByName: tree.sort(by: .name, inventory, page: treePage)
        case .sortByCount: tree.sort(by: .count, inventory, page: treePage)
        case .startFilter: overlays.append(.filterInput)
        case .toggleDetails:
            if let sel = tree.selected { overlays.append(.details(.node(sel), ListCursor())) }
        case .nextViolation, .previousViolation:
            guard let v = violations.step(forward: action == .nextViolation, page: violationsPage) else {
                message = .info(violations.isFiltered ? "no violations match the filters" : "no violations")
                return
            }
            showInTree(v)
        default:
            tree.cursor.apply(action, count: tree.entries.count, page: treePage)
        }
    }

    private mutating func handleViolations(_ action: Action) {
        let total = data.report.violations.count
        switch action {
        case .open:
            if let v = violations.selected, showInTree(v) { focus = .tree }
        case .chooseKind:
            overlays.append(.chooser(.kinds(data.index, total: total, current: violations.kindFilter)))
        case .chooseRule:
            overlays.append(.chooser(.rules(data.index, total: total, current: violations.ruleFilter)))
        case .clearViolationFilters:
            violations.setFilters(kind: nil, rule: nil, data.report, page: violationsPage)
        case .toggleDetails:
            if let v = violations.selected { overlays.append(.details(.violation(v), ListCursor())) }
        default:
            violations.cursor.apply(action, count: violations.shown.count, page: violationsPage)
        }
    }

    /// Moves the tree to a violation's file. False (with a message) when the file is
    /// not in the inventory.
    @discardableResult
    private mutating func showInTree(_ violation: Int) -> Bool {
        guard let inventory = data.inventory, let node = data.index.nodes[violation], node != Inventory.root else {
            let path = data.report.violations[violation].path
            message = .info("not in the container inventory: " + TerminalText.escape(path))
            return false
        }
        tree.reveal(node, inventory, page: treePage)
        return true
    }

    // MARK: - Overlays

    private mutating func handleOverlay(_ top: Overlay, _ action: Action) -> [TriageEffect] {
        switch top {
        case .filterInput:
            handleFilterInput(action)
        case .details(let subject, var cursor):
            switch action {
            case .toggleDetails, .cancel, .quit, .back: overlays.removeLast()
            case .help: overlays.append(.help(origin: .details, ListCursor()))
            default:
                let count = DetailsRenderer.lines(subject, data: data, glyphs: .unicode).count
                if cursor.scroll(action, count: count, page: layout.overlayRows) {
                    overlays[overlays.count - 1] = .details(subject, cursor)
                }
            }
        case .help(let origin, var cursor):
            switch action {
            case .help, .cancel, .quit: overlays.removeLast()
            default:
                let count = HelpRenderer.lines(for: origin).count
                if cursor.scroll(action, count: count, page: layout.overlayRows) {
                    overlays[overlays.count - 1] = .help(origin: origin, cursor)
                }
            }
        case .chooser(let chooser):
            return handleChooser(chooser, action)
        case .comment(let cls, let text):
            return handleComment(cls, text, action)
        case .diff(let view):
            return handleDiff(view, action)
        case .evidence(var cursor):
            switch action {
            case .showEvidence, .cancel, .quit, .back: overlays.removeLast()
            case .help: overlays.append(.help(origin: .evidence, ListCursor()))
            default:
                let count = EvidenceRenderer.lines(data: data, glyphs: .unicode).count
                if cursor.scroll(action, count: count, page: layout.overlayRows) {
                    overlays[overlays.count - 1] = .evidence(cursor)
                }
            }
        case .replaceRecord:
            handleReplaceRecord(action)
        case .issue(let cls, let comment, let text):
            return handleIssue(cls, comment: comment, text: text, action)
        case .unsupportedClass(let cls, _):
            switch action {
            case .confirm:
                overlays.removeLast()
                openComment(cls)
            case .cancel:
                overlays.removeLast()
                overlays.append(.chooser(.classes(preselect: cls)))
            default:
                break
            }
        }
        return []
    }

    /// The comment prompt for `cls`, with the draft's text when it was for the same class.
    private mutating func openComment(_ cls: FailureClass) {
        let start = draft?.failureClass == cls ? draft?.comment ?? "" : ""
        overlays.append(.comment(cls, start))
    }

    private mutating func handleFilterInput(_ action: Action) {
        guard let inventory = data.inventory else {
            overlays.removeLast()
            return
        }
        switch action {
        case .insert(let c):
            tree.setFilter(tree.filter + String(c), inventory, page: treePage)
        case .deleteBackward:
            tree.setFilter(String(tree.filter.dropLast()), inventory, page: treePage)
        case .confirm:
            overlays.removeLast()
        case .cancel:
            tree.setFilter("", inventory, page: treePage)
            overlays.removeLast()
        default:
            tree.cursor.apply(action, count: tree.entries.count, page: treePage)
        }
    }

    private mutating func handleChooser(_ chooser: Chooser, _ action: Action) -> [TriageEffect] {
        var chooser = chooser
        switch action {
        case .cancel:
            overlays.removeLast()
        case .confirm:
            overlays.removeLast()
            let value = chooser.selected?.value
            switch chooser.purpose {
            case .kind:
                let kind = value.flatMap(ViolationKind.init(rawValue:))
                violations.setFilters(kind: kind, rule: violations.ruleFilter, data.report, page: violationsPage)
                focus = .violations
            case .rule:
                violations.setFilters(kind: violations.kindFilter, rule: value, data.report, page: violationsPage)
                focus = .violations
            case .base:
                guard let runID = value else { break }
                return [.loadBase(runID, runID: data.bundle.runID)]
            case .failureClass:
                guard let cls = value.flatMap(FailureClass.init(rawValue:)) else { break }
                // A class the evidence cannot support is recorded only when asked twice.
                if let reason = data.evidence.unsupportedReason(for: cls, report: data.report) {
                    overlays.append(.unsupportedClass(cls, reason))
                } else {
                    openComment(cls)
                }
            }
        default:
            if chooser.cursor.apply(action, count: chooser.options.count, page: chooser.options.count) {
                overlays[overlays.count - 1] = .chooser(chooser)
            }
        }
        return []
    }

    /// Longest comment accepted: one line in a note, not an essay.
    public static let maximumCommentLength = 300

    private mutating func handleComment(_ cls: FailureClass, _ text: String, _ action: Action) -> [TriageEffect] {
        switch action {
        case .insert(let c):
            guard text.count < Self.maximumCommentLength else { return [] }
            overlays[overlays.count - 1] = .comment(cls, text + String(c))
        case .deleteBackward:
            overlays[overlays.count - 1] = .comment(cls, String(text.dropLast()))
        case .cancel:
            // Back to the classes, keeping what was typed for this class.
            draft = TriageDraft(failureClass: cls, comment: text)
            overlays.removeLast()
            overlays.append(.chooser(.classes(preselect: cls)))
        case .confirm:
            // The issue link comes next (optional); the current one is offered.
            overlays.removeLast()
            overlays.append(.issue(cls, text.trimmingSpaces, decision?.issue ?? ""))
        default:
            break
        }
        return []
    }

    /// After a resize every list keeps its selection visible.
    mutating func revealAll() {
        tree.cursor.reveal(page: treePage, count: tree.entries.count)
        violations.cursor.reveal(page: violationsPage, count: violations.shown.count)
        failures.reveal(page: layout.listRows(.failures, itemCount: data.failures.count), count: data.failures.count)
        budgets.reveal(page: layout.listRows(.budgets), count: data.budgetRows.count)
        for (i, overlay) in overlays.enumerated() {
            switch overlay {
            case .details(let s, var c):
                let count = DetailsRenderer.lines(s, data: data, glyphs: .unicode).count
                c.clampScroll(count: count, page: layout.overlayRows)
                overlays[i] = .details(s, c)
            case .help(let o, var c):
                let count = HelpRenderer.lines(for: o).count
                c.clampScroll(count: count, page: layout.overlayRows)
                overlays[i] = .help(origin: o, c)
            case .evidence(var c):
                c.clampScroll(count: EvidenceRenderer.lines(data: data, glyphs: .unicode).count, page: layout.overlayRows)
                overlays[i] = .evidence(c)
            case .diff(var view):
                view.cursor.reveal(page: layout.diffRows, count: view.rows.count)
                overlays[i] = .diff(view)
            default:
                break
            }
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

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s.removeFirst() }
        while s.last?.isWhitespace == true { s.removeLast() }
        return String(s)
    }
}
