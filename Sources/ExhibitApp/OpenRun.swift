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
        self.rules = try RulesInput.load(for: bundle, shared: sharedRules)
    }

    /// Loads the run as `init(at:sharedRules:)` does, reporting to `observer` (the
    /// loading screen); nil when the observer was cancelled part way.
    public init?(at url: URL, sharedRules: RulesInput.Loaded? = nil, observer: LoadObserver) throws(InputError) {
        guard let bundle = RunLocator.loadRun(at: url, observer: observer) else { return nil }
        self.url = url
        self.bundle = bundle
        self.rules = try RulesInput.load(for: bundle, shared: sharedRules)
    }

    /// The rules check, for the UI to run in the background.
    public func check() -> CheckReport { rules.check(bundle) }

    /// The notes store for a run opened alone: beside its parent directory.
    public static func notesStore(for url: URL, override: String?, environment: [String: String]) -> NotesStore {
        NotesStore.locate(archive: url.deletingLastPathComponent().path, override: override, environment: environment)
    }
}
