/// One option a command accepts. The same values parse arguments and print help, so
/// `exhibit help CMD` and the man page cannot drift from what the parser accepts.
struct OptionSpec: Sendable {
    /// Long name without dashes (`format`).
    var name: String
    /// Optional one-letter alias (`o` for `-o`).
    var short: Character?
    /// Placeholder for the value (`FILE`); nil for a flag.
    var valueName: String?
    /// Accepted values, when the set is closed (`text|json`).
    var choices: [String]?
    var help: String

    var takesValue: Bool { valueName != nil }

    var usage: String {
        var s = "--\(name)"
        if let short { s = "-\(short), " + s }
        if let valueName { s += " " + (choices?.joined(separator: "|") ?? valueName) }
        return s
    }
}

/// A subcommand: its name, positional arguments, options and help text.
struct CommandSpec: Sendable {
    var name: String
    /// Positional placeholders, e.g. `["RUN"]`; a trailing `?` marks optional.
    var positionals: [String]
    var options: [OptionSpec]
    var summary: String
    /// Longer text for `exhibit help CMD`: exit status, notes.
    var details: String

    var synopsis: String {
        var parts = ["exhibit", name]
        parts += positionals.map { $0.hasSuffix("?") ? "[\($0.dropLast())]" : $0 }
        for o in options {
            parts.append("[" + (o.takesValue ? "--\(o.name) \(o.choices?.joined(separator: "|") ?? o.valueName!)" : "--\(o.name)") + "]")
        }
        return parts.joined(separator: " ")
    }

    var helpText: String {
        var s = "usage: \(synopsis)\n\n\(summary)\n"
        if !options.isEmpty {
            s += "\noptions:\n"
            let width = options.map { $0.usage.count }.max() ?? 0
            for o in options {
                s += "  " + o.usage.padding(to: width) + "  " + o.help + "\n"
            }
            s += "  " + "-h, --help".padding(to: width) + "  Show this help\n"
        }
        if !details.isEmpty { s += "\n" + details + "\n" }
        return s
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
