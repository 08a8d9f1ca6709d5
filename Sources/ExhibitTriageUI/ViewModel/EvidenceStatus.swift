import ExhibitCore
import ExhibitRules

/// What the triage UI says about the evidence itself, so it fails closed as `check`
/// does: a headline for the header when an artifact is malformed or unreadable, the
/// inventory missing, or the exclusion flags not recorded; the rows of the evidence
/// pane (`v`), the same as `summary` prints under Evidence; and whether the evidence can
/// support a class a person is about to record.
public struct EvidenceStatus: Sendable, Equatable {
    /// The header's few words (`inventory malformed`, `xattr.txt malformed`, `flags not
    /// recorded`); nil when every artifact present was read and every flag is known.
    public let headline: String?
    /// True when the headline is about the container inventory itself: nothing could be
    /// checked, so no class is proposed.
    public let inventoryUnreadable: Bool
    /// inventory.json is present but could not be used, and files.txt stood in: the
    /// findings are from the weaker list, so (as `check`, which fails closed) no class is
    /// proposed and none is recorded without asking.
    public let authoritativeInventoryBroken: Bool
    /// Each artifact's state, file and detail (position and message), raw: escape to show.
    public let rows: [SummaryReport.EvidenceRow]
    /// `exclusion flags: …` (`EvidenceBundle.flagSummary`); nil without an inventory.
    public let flags: String?
    /// Diagnostics not already shown as a malformed file's reason, in load order.
    public let diagnostics: [Diagnostic]

    public init(bundle: EvidenceBundle) {
        rows = SummaryReport.evidenceRows(bundle)
        flags = bundle.flagSummary
        diagnostics = SummaryReport.otherDiagnostics(bundle)
        let broken = bundle.files.filter { f in
            switch f.state {
            case .malformed, .unreadable: true
            default: false
            }
        }
        let primary = bundle.status(of: EvidenceLayout.inventoryJSON)
        authoritativeInventoryBroken =
            bundle.inventory != nil
            && {
                switch primary {
                case .malformed?, .unreadable?: true
                default: false
                }
            }()
        if authoritativeInventoryBroken {
            inventoryUnreadable = false
            if case .unreadable? = primary { headline = "inventory unreadable" } else { headline = "inventory malformed" }
        } else if bundle.inventory == nil {
            inventoryUnreadable = true
            let files = [EvidenceLayout.inventoryJSON, EvidenceLayout.filesList]
            let states = files.compactMap { bundle.status(of: $0) }
            if states.contains(where: { if case .unreadable = $0 { true } else { false } }) {
                headline = "inventory unreadable"
            } else if states.contains(where: { if case .malformed = $0 { true } else { false } }) {
                headline = "inventory malformed"
            } else {
                headline = "inventory missing"
            }
        } else {
            inventoryUnreadable = false
            if let first = broken.first {
                let name = first.file.split(separator: "/").last.map(String.init) ?? first.file
                let word = if case .unreadable = first.state { "unreadable" } else { "malformed" }
                headline = "\(name) \(word)" + (broken.count > 1 ? " (+\(broken.count - 1))" : "")
            } else {
                switch bundle.inventory?.flagCoverage {
                case .unrecorded?: headline = "flags not recorded"
                case .partial?: headline = "flags partly recorded"
                default: headline = nil
                }
            }
        }
    }

    /// Why the evidence cannot support recording `cls`, or nil when it can. Without an
    /// inventory no class is supported; with unknown flags "not a boundary failure"
    /// is not, while a blocking rule is undecided, nor "unset attribute" without a known
    /// unset-attribute violation.
    public func unsupportedReason(for cls: FailureClass, report: CheckReport) -> String? {
        if inventoryUnreadable { return "the container was not checked: \(headline ?? "no inventory")" }
        if authoritativeInventoryBroken {
            return "\(EvidenceLayout.inventoryJSON) could not be used; the findings are from \(EvidenceLayout.filesList)"
        }
        if report.findingsVoided, let why = report.whyNotDecided { return "the findings may be wrong: " + why }
        switch cls {
        case .notBoundaryFailure where report.hasUndecidedBlocking:
            let n = report.undecidedRules.count
            return "\(n) blocking rule\(n == 1 ? " is" : "s are") undecided: the exclusion flags are \(report.undecidedCauses(blockingOnly: true).words)"
        case .notBoundaryFailure where !report.unchecked.isEmpty:
            let what = report.unchecked.allSatisfy(\.kind.isContainer) ? "part of the container was not checked" : "not everything was checked"
            return what + ": " + report.unchecked.map(\.reason).joined(separator: "; ")
        case .unsetAttribute where report.count(of: .unsetAttribute) == 0 && !report.undecided.isEmpty:
            return "no unset attribute is known: the exclusion flags are \(report.undecidedCauses().words)"
        default:
            return nil
        }
    }
}
