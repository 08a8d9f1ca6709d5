/// How a use case ended, in words the commands map to exit statuses in one place
/// (`ExitStatus.code(for:)` in ExhibitCommands, documented in exhibit(1) EXIT STATUS).
/// Use cases say what happened; which number that is, is the command line's business.
public enum Outcome: Sendable, Equatable {
    case success
    /// `check`: a blocking violation exists.
    case blockingViolation
    /// `verify`: a result bundle is damaged.
    case damagedResultBundle
    /// The UI lost its terminal (a read from it failed).
    case terminalLost
    /// A usage error, or a path, rules file or setting that could not be used.
    case unusableInput
    /// A gate that could not decide: no inventory could be read, the authoritative
    /// inventory is broken, or a blocking rule is undecided. Never a pass.
    case notChecked
    /// The UI needs a terminal and there is none.
    case noTerminal
    /// q or Esc on the UI's loading screen: the run was not opened.
    case loadAborted
    /// The UI was ended by signal N (SIGINT, SIGTERM, SIGHUP).
    case signalled(Int32)

    /// One of each, for the tests that hold the mapping against the documentation.
    public static let every: [Outcome] = [
        .success, .blockingViolation, .damagedResultBundle, .terminalLost, .unusableInput, .notChecked, .noTerminal,
        .loadAborted, .signalled(2),
    ]

    /// The worse of two outcomes of one command (`verify` over several bundles): a
    /// bundle that cannot be read outranks a damaged one, which outranks intact.
    public func worse(_ other: Outcome) -> Outcome {
        func rank(_ o: Outcome) -> Int {
            switch o {
            case .success: 0
            case .blockingViolation, .damagedResultBundle, .terminalLost: 1
            case .unusableInput, .notChecked, .noTerminal: 2
            case .loadAborted: 3
            case .signalled: 4
            }
        }
        return rank(other) > rank(self) ? other : self
    }
}
