import CCurses
import ExhibitCore
import ExhibitTriageUI

/// The terminal as the driver sees it: the CCurses shim behind Swift types. Nothing
/// else in ExhibitTUI calls CCurses except the painter and the key decoder.
enum Terminal {
    /// How opening the terminal went.
    enum Opening: Equatable {
        case opened
        /// `$TERM` was unknown; `fallback` was used instead.
        case openedWithFallback(String)
        case unavailable
    }

    /// The terminal type tried when `$TERM` has no terminfo entry (common over SSH
    /// from a newer terminal emulator).
    static let fallbackTerm = "xterm-256color"

    static func open() -> Opening {
        switch cc_start(fallbackTerm) {
        case Int32(CC_START_OK): .opened
        case Int32(CC_START_FALLBACK): .openedWithFallback(fallbackTerm)
        default: .unavailable
        }
    }

    static func close() { cc_stop() }

    static var isInteractive: Bool { cc_stdio_is_tty() != 0 }
    static var hasColors: Bool { cc_has_colors() != 0 }
    static var isUTF8: Bool { cc_locale_is_utf8() != 0 }
    static var rows: Int { Int(cc_rows()) }
    static var cols: Int { Int(cc_cols()) }

    /// Registers every role of `theme` as a style numbered by the role's raw value.
    static func apply(_ theme: Theme) {
        for role in Role.allCases {
            let a = theme.attributes(for: role)
            var flags: Int32 = 0
            if a.bold { flags |= Int32(CC_ATTR_BOLD) }
            if a.reverse { flags |= Int32(CC_ATTR_REVERSE) }
            if a.underline { flags |= Int32(CC_ATTR_UNDERLINE) }
            if a.dim { flags |= Int32(CC_ATTR_DIM) }
            cc_define_style(Int32(role.rawValue), a.foreground.rawValue, a.background.rawValue, flags)
        }
    }

    static func writeError(_ text: String) { cc_write_stderr(text) }

    /// The signal (SIGINT, SIGTERM, SIGHUP) that asked the UI to stop, if any.
    static var pendingSignal: Int32? {
        let s = cc_pending_signal()
        return s == 0 ? nil : s
    }

    static func installHandlers() {
        cc_install_signal_handlers()
        cc_install_crash_handler()
    }
}
