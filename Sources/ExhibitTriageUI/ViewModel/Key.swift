import ExhibitCore
import ExhibitRules

/// A key press, decoded from the terminal by the driver. Pure, so the state machine and
/// the binding table are tested without a terminal.
public enum Key: Sendable, Hashable {
    case char(Character)
    /// Ctrl plus a letter, lower-case (`.ctrl("l")` is Ctrl-L).
    case ctrl(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, backspace, escape, tab, backTab, delete

    /// How the help screen names the key.
    public var label: String {
        switch self {
        case .char(" "): "Space"
        case .char(let c): String(c)
        case .ctrl(let c): "^" + String(c).uppercased()
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .enter: "Enter"
        case .backspace: "Bksp"
        case .escape: "Esc"
        case .tab: "Tab"
        case .backTab: "S-Tab"
        case .delete: "Del"
        }
    }
}
