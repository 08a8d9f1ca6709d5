import ExhibitCore
import ExhibitIO
import ExhibitTriageUI
import Foundation

/// Opening a run for triage: what happens before the UI takes over. The run is loaded
/// and its rules chosen and compiled; the check itself is left to the UI, which shows
/// the tree while it runs (`check`).
public struct OpenRun: Sendable {
    public let url: URL
    public let bundle: EvidenceBundle
    public let rules: RulesInput.Loaded

    /// Loads the run at `url` (a run directory or a bare result bundle), held against
    /// `sharedRules` (`--rules FILE`, loaded once per command) or else its own rules.
    public init(at url: URL, sharedRules: RulesInput.Loaded? = nil) throws(InputError) {
        self.url = url
        self.bundle = RunLocator.loadRun(at: url)
        self.rest = nil
        self.rules = try RulesInput.load(for: bundle, shared: sharedRules)
    }

    /// What finishes `bundle` (steps.tsv, times.txt) when it was loaded for the first
    /// screen only; nil when `bundle` is whole.
    public let rest: DeferredLoad?

    /// Loads the run as `init(at:sharedRules:)` does, reporting to `observer` (the
    /// loading screen); nil when the observer was cancelled part way. With
    /// `firstScreenOnly`, what the UI's first screen does not show is left to `rest`.
    public init?(at url: URL, sharedRules: RulesInput.Loaded? = nil, observer: LoadObserver, firstScreenOnly: Bool = false) throws(InputError) {
        if firstScreenOnly {
            guard let (bundle, rest) = RunLocator.loadRunForFirstScreen(at: url, observer: observer) else { return nil }
            self.bundle = bundle
            self.rest = rest
        } else {
            guard let bundle = RunLocator.loadRun(at: url, observer: observer) else { return nil }
            self.bundle = bundle
            self.rest = nil
        }
        self.url = url
        // The rules file is read in the first part: the tree's marks come from the rules.
        self.rules = try RulesInput.load(for: bundle, shared: sharedRules)
    }

    /// The rules check, for the UI to run in the background (on the finished bundle).
    public func check() -> CheckReport { rules.check(rest?.finish(bundle) ?? bundle) }

    /// The notes store for a run or a result bundle opened alone: beside its parent
    /// directory, or beside the outermost run it is inside (`OpenedInput`).
    public static func notesStore(for url: URL, override: String?, environment: [String: String]) -> NotesStore {
        NotesStore.locate(for: OpenedInput(url, isArchive: false), override: override, environment: environment)
    }
}
