/// A usage mistake: printed with the command's usage line, exit status 2.
struct UsageError: Error, Equatable {
    var message: String
    var command: String?
}

/// Arguments after parsing against a `CommandSpec`.
struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var wantsHelp = false

    func value(_ name: String) -> String? { values[name] }
    func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// Parses `--name value`, `--name=value`, `-o value`, flags, `--` and positionals.
enum ArgumentParser {
    static func parse(_ arguments: [String], for spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if onlyPositionals || arg == "-" || !arg.hasPrefix("-") {
                parsed.positionals.append(arg)
                continue
            }
            if arg == "--" {
                onlyPositionals = true
                continue
            }
            if arg == "-h" || arg == "--help" {
                parsed.wantsHelp = true
                continue
            }
            var name: String
            var inlineValue: String?
            if arg.hasPrefix("--") {
                name = String(arg.dropFirst(2))
                if let eq = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
            } else {
                guard arg.count == 2, let short = arg.last,
                    let option = spec.options.first(where: { $0.short == short })
                else { throw UsageError(message: "unknown option '\(arg)'", command: spec.name) }
                name = option.name
            }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                throw UsageError(message: "unknown option '--\(name)'", command: spec.name)
            }
            if option.takesValue {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard i < arguments.count else {
                        throw UsageError(message: "option '--\(name)' expects \(option.valueName!)", command: spec.name)
                    }
                    value = arguments[i]
                    i += 1
                }
                if let choices = option.choices, !choices.contains(value) {
                    throw UsageError(
                        message: "option '--\(name)' expects one of \(choices.joined(separator: ", ")), not '\(value)'",
                        command: spec.name)
                }
                parsed.values[name] = value
            } else {
                guard inlineValue == nil else {
                    throw UsageError(message: "option '--\(name)' takes no value", command: spec.name)
                }
                parsed.flags.insert(name)
            }
        }
        if !parsed.wantsHelp {
            let required = spec.positionals.filter { !$0.hasSuffix("?") }.count
            if parsed.positionals.count < required {
                throw UsageError(message: "missing \(spec.positionals[parsed.positionals.count])", command: spec.name)
            }
            if parsed.positionals.count > spec.positionals.count {
                throw UsageError(message: "unexpected argument '\(parsed.positionals[spec.positionals.count])'", command: spec.name)
            }
        }
        return parsed
    }
}
