import ExhibitCore
import ExhibitRules
/// How a run's UI compares it with another run (`b`, `B`). Finding the runs and
/// reading a base's inventory is I/O, so the command supplies both as closures, as it
/// does the archive's `openRun`; the state machine asks for them through effects.
public struct RunComparison {
    /// The runs that could be a base: the archive's, or for a run opened alone its
    /// parent directory's. May include the open run itself (it is skipped).
    public var candidates: () -> [BaseCandidate]
    /// Reads a base run's container inventory, or says why it cannot.
    public var loadBase: (String) -> Result<Inventory, ArchiveOpenFailure>

    public init(candidates: @escaping () -> [BaseCandidate],
                loadBase: @escaping (String) -> Result<Inventory, ArchiveOpenFailure>) {
        self.candidates = candidates
        self.loadBase = loadBase
    }
}

/// Which base `b` and `B` ask for.
public enum BaseRequest: Sendable, Equatable {
    /// The latest earlier run that passed (`b`).
    case latestPassing
    /// A chooser listing the runs (`B`).
    case choose
}
