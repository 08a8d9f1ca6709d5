import ExhibitCore
import ExhibitRules

/// The eight ANSI colours ncurses knows, plus the terminal's own default.
public enum TerminalColor: Int32, Sendable {
    case terminalDefault = -1
    case black = 0
    case red, green, yellow, blue, magenta, cyan, white
}

/// How a role looks: colours (ignored in monochrome) and attributes.
public struct TextAttributes: Sendable, Equatable {
    public var foreground: TerminalColor
    public var background: TerminalColor
    public var bold: Bool
    public var reverse: Bool
    public var underline: Bool
    public var dim: Bool

    public init(
        foreground: TerminalColor = .terminalDefault, background: TerminalColor = .terminalDefault,
        bold: Bool = false, reverse: Bool = false, underline: Bool = false, dim: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.reverse = reverse
        self.underline = underline
        self.dim = dim
    }

    public static let plain = TextAttributes()
}

/// Maps roles to attributes. `mono` uses only bold, reverse and underline, so it works
/// on any terminal and is what `NO_COLOR` or a colourless terminal gets.
public enum Theme: Sendable {
    case mono
    case color

    public func attributes(for role: Role) -> TextAttributes {
        switch self {
        case .mono: Self.monochrome(role)
        case .color: Self.colored(role)
        }
    }

    private static func monochrome(_ role: Role) -> TextAttributes {
        switch role {
        case .plain, .bar, .input: .plain
        case .dim, .excluded, .notBackedUp: TextAttributes(dim: true)
        case .header, .status, .activeTab, .selected, .dialogTitle: TextAttributes(reverse: true)
        case .tab, .helpKey, .directory, .violation, .barOver, .error: TextAttributes(bold: true)
        case .columnTitle, .message: TextAttributes(underline: true)
        case .warning: TextAttributes(underline: true)
        case .dialog: .plain
        }
    }

    private static func colored(_ role: Role) -> TextAttributes {
        switch role {
        case .plain, .input, .dialog: .plain
        case .dim: TextAttributes(dim: true)
        case .header, .status: TextAttributes(foreground: .white, background: .blue)
        case .tab: TextAttributes(foreground: .cyan)
        case .activeTab: TextAttributes(foreground: .black, background: .cyan, bold: true)
        case .columnTitle: TextAttributes(underline: true)
        case .directory: TextAttributes(foreground: .blue, bold: true)
        case .selected: TextAttributes(reverse: true)
        case .violation, .error: TextAttributes(foreground: .red, bold: true)
        case .warning: TextAttributes(foreground: .yellow)
        case .excluded: TextAttributes(foreground: .cyan)
        case .notBackedUp: TextAttributes(foreground: .magenta)
        case .bar: TextAttributes(foreground: .green)
        case .barOver: TextAttributes(foreground: .red, bold: true)
        case .message: TextAttributes(foreground: .green, bold: true)
        case .dialogTitle: TextAttributes(foreground: .black, background: .cyan, bold: true)
        case .helpKey: TextAttributes(foreground: .yellow, bold: true)
        }
    }
}

/// Characters for bars, boxes and ellipses: Unicode under a UTF-8 locale, ASCII
/// otherwise (the C locale prints multibyte text as `~W`-style garbage).
public struct Glyphs: Sendable, Equatable {
    public var ellipsis: String
    public var barFull: String
    /// Eighths of a cell, index 1...7.
    public var barPartial: [String]
    public var barEmpty: String
    public var horizontal: String
    public var vertical: String
    public var corners: (topLeft: String, topRight: String, bottomLeft: String, bottomRight: String)
    public var cursor: String
    public var pointer: String
    /// False when non-ASCII text must be shown as `\u{...}` escapes.
    public var unicodeText: Bool

    public static let unicode = Glyphs(
        ellipsis: "…", barFull: "█", barPartial: ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"], barEmpty: " ",
        horizontal: "─", vertical: "│", corners: ("┌", "┐", "└", "┘"), cursor: "▏", pointer: "▶", unicodeText: true)

    /// The ASCII ellipsis is `...`, as ncdu's: `~` is the tree's "never backed up" mark.
    public static let ascii = Glyphs(
        ellipsis: "...", barFull: "#", barPartial: ["", "", "", "", "", "", "", ""], barEmpty: " ",
        horizontal: "-", vertical: "|", corners: ("+", "+", "+", "+"), cursor: "_", pointer: ">", unicodeText: false)

    public static func == (a: Glyphs, b: Glyphs) -> Bool {
        a.ellipsis == b.ellipsis && a.barFull == b.barFull && a.unicodeText == b.unicodeText
    }

    /// Untrusted text made safe to draw: terminal escapes (emoji selectors, joiners and
    /// skin-tone modifiers too: `TerminalText.Emoji.escaped`), and under ASCII every
    /// non-ASCII scalar as `\u{...}`.
    public func safe(_ text: String) -> String {
        asciiIfNeeded(TerminalText.escape(text, emoji: .escaped))
    }

    /// A diagnostic's text, whose quoted parts the reader escaped already: controls are
    /// escaped, backslashes left alone (`TerminalText.sanitized`), so `\x1b` in a quote
    /// is not drawn as `\\x1b`.
    public func safeMessage(_ text: String) -> String {
        asciiIfNeeded(TerminalText.sanitized(text, emoji: .escaped))
    }

    /// A report value's path made safe to draw: `isEscaped` when it is the escaped form
    /// of bytes that are not UTF-8 already (`Violation.pathIsEscaped`), not escaped again.
    public func safe(path: String, isEscaped: Bool) -> String {
        asciiIfNeeded(TerminalText.escape(path: path, isEscaped: isEscaped, emoji: .escaped))
    }

    /// A violation's path made safe to draw (`safe(path:isEscaped:)`).
    public func safePath(_ v: Violation) -> String { safe(path: v.path, isEscaped: v.pathIsEscaped) }

    /// Untrusted bytes (a file name as archived, possibly not UTF-8) made safe to draw.
    public func safe(bytes: some Collection<UInt8>) -> String {
        asciiIfNeeded(TerminalText.escape(bytes: bytes, emoji: .escaped))
    }

    private func asciiIfNeeded(_ escaped: String) -> String {
        guard !unicodeText, escaped.utf8.contains(where: { $0 >= 0x80 }) else { return escaped }
        var out = ""
        for s in escaped.unicodeScalars {
            if s.isASCII { out.unicodeScalars.append(s) } else { out += "\\u{" + String(s.value, radix: 16, uppercase: true) + "}" }
        }
        return out
    }

    /// A bar `width` cells wide filled to `fraction` (0...1), using eighths when available.
    public func bar(fraction: Double, width: Int) -> String {
        guard width > 0 else { return "" }
        let f = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        let eighths = Int(saturating: (f * Double(width) * 8).rounded())
        let full = eighths / 8
        let rest = eighths % 8
        var s = String(repeating: barFull, count: full)
        var used = full
        if used < width, rest > 0 {
            let partial = barPartial[rest]
            if !partial.isEmpty {
                s += partial
                used += 1
            } else if rest >= 4 {
                s += barFull
                used += 1
            }
        }
        return s + String(repeating: barEmpty, count: width - used)
    }
}
