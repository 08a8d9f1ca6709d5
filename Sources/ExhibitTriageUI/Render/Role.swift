import ExhibitCore
import ExhibitRules

/// What a cell means, never what colour it is: a `Theme` maps roles to attributes,
/// so the monochrome theme and the colour theme draw the same screens.
public enum Role: Int, Sendable, CaseIterable, Hashable {
    case plain
    case dim
    case header
    case tab
    case activeTab
    case columnTitle
    case directory
    case selected
    case violation
    case warning
    case excluded
    case notBackedUp
    case bar
    case barOver
    case status
    case message
    case error
    case dialog
    case dialogTitle
    case input
    case helpKey

    /// One letter per role for style-mask goldens.
    public var code: Character {
        switch self {
        case .plain: "."
        case .dim: "d"
        case .header: "H"
        case .tab: "t"
        case .activeTab: "T"
        case .columnTitle: "c"
        case .directory: "D"
        case .selected: "S"
        case .violation: "V"
        case .warning: "W"
        case .excluded: "X"
        case .notBackedUp: "N"
        case .bar: "b"
        case .barOver: "B"
        case .status: "s"
        case .message: "m"
        case .error: "E"
        case .dialog: "g"
        case .dialogTitle: "G"
        case .input: "I"
        case .helpKey: "k"
        }
    }
}
