import CCurses
import ExhibitCore
import ExhibitTriageUI

/// One thing read from the terminal.
enum TerminalInput: Equatable {
    case key(Key)
    case resize
    /// Nothing within the timeout, or a key exhibit does not use.
    case none
    /// The TTY went away (a dropped SSH link).
    case lost
    /// SIGINT, SIGTERM or SIGHUP arrived (the handler only records it).
    case signalled(Int32)
    /// The inbox has results of effects to take.
    case woken
}

/// Turns the shim's input codes into the pure `Key` type.
enum KeyDecoder {
    /// The next input, a pending signal first: a signal interrupts the read, and what
    /// was read with it no longer matters.
    static func next(timeoutMilliseconds: Int32) -> TerminalInput {
        let input = read(timeoutMilliseconds: timeoutMilliseconds)
        if let signal = Terminal.pendingSignal { return .signalled(signal) }
        return input
    }

    static func read(timeoutMilliseconds: Int32) -> TerminalInput {
        var code: Int32 = 0
        switch cc_read_key(timeoutMilliseconds, &code) {
        case Int32(CC_INPUT_CHAR): return character(code).map(TerminalInput.key) ?? .none
        case Int32(CC_INPUT_KEY): return functionKey(code).map(TerminalInput.key) ?? .none
        case Int32(CC_INPUT_RESIZE): return .resize
        case Int32(CC_INPUT_LOST): return .lost
        default: return .none
        }
    }

    /// A character code: Enter, Tab, Backspace and Esc arrive as control characters;
    /// other control characters are Ctrl plus a letter.
    static func character(_ code: Int32) -> Key? {
        switch code {
        case 13, 10: return .enter
        case 9: return .tab
        case 8, 127: return .backspace
        case 27: return .escape
        case 1...26: return .ctrl(Character(Unicode.Scalar(UInt8(code) + 0x60)))
        case 0, 28...31: return nil
        default:
            guard code > 31, let scalar = Unicode.Scalar(UInt32(code)) else { return nil }
            return .char(Character(scalar))
        }
    }

    static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case Int32(CC_KEY_UP): .up
        case Int32(CC_KEY_DOWN): .down
        case Int32(CC_KEY_LEFT): .left
        case Int32(CC_KEY_RIGHT): .right
        case Int32(CC_KEY_PAGE_UP): .pageUp
        case Int32(CC_KEY_PAGE_DOWN): .pageDown
        case Int32(CC_KEY_HOME): .home
        case Int32(CC_KEY_END): .end
        case Int32(CC_KEY_ENTER): .enter
        case Int32(CC_KEY_BACKSPACE): .backspace
        case Int32(CC_KEY_DELETE): .delete
        case Int32(CC_KEY_BACK_TAB): .backTab
        case Int32(CC_KEY_F1): .char("?")
        default: nil
        }
    }
}
