import ExhibitCore
import ExhibitRules
/// What the driver hands the results of a run's effects back to: the triage screen of a
/// single run, or the archive with a run open. The driver performs `TriageEffect`s with
/// one function for both.
public protocol TriageEffectReceiver {
    /// Effects that follow from a result (`TriageEffect` or `ArchiveEffect`).
    associatedtype FollowUp
    mutating func complete(_ effect: TriageEffect, with result: HookMessage)
    mutating func receivedBases(_ candidates: [BaseCandidate], for request: BaseRequest) -> [FollowUp]
    mutating func receivedBase(_ runID: String, _ result: Result<Inventory, ArchiveOpenFailure>)
    /// The deferred rules check of the run `runID` is done (dropped if that run was left).
    mutating func receivedReport(_ report: CheckReport, for runID: String)
}

extension TriageState: TriageEffectReceiver {
    public mutating func receivedReport(_ report: CheckReport, for runID: String) {
        guard runID == data.bundle.runID else { return }
        receivedReport(report)
    }
}
extension ArchiveState: TriageEffectReceiver {}
