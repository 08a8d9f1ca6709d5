import ExhibitCore
import ExhibitIO
import Foundation

/// The `exhibit` command line: one table of commands, one parser, one mapping from
/// errors to exit statuses. `main.swift` only calls `Exhibit.main`.
public enum Exhibit {
    public static let version = "0.1.0"

    /// Exit statuses shared by every command (documented in exhibit(1)).
    enum ExitStatus {
        static let success: Int32 = 0
        /// `check`: a blocking violation exists.
        static let blocking: Int32 = 1
        /// Usage errors, missing or unreadable input, no terminal for the UI.
        static let usage: Int32 = 2
    }

    public static func main(_ arguments: [String]) -> Int32 {
        run(arguments, console: Console())
    }

    static func run(_ arguments: [String], console: Console) -> Int32 {
        run(arguments, console: console, environment: ProcessInfo.processInfo.environment)
    }

    static func run(_ arguments: [String], console: Console, environment: [String: String]) -> Int32 {
        // A size limit the person set and mistyped must not leave the defaults in force unsaid.
        if let limits = environment[ArtifactSizeLimits.environmentVariable] {
            do {
                _ = try ArtifactSizeLimits.parse(limits)
            } catch {
                console.error("exhibit: \(safe(error.description))")
                return ExitStatus.usage
            }
        }
        do {
            return try dispatch(arguments, console: console)
        } catch let error as UsageError {
            console.error("exhibit: \(safe(error.message))")
            if let name = error.command, let spec = CommandTable.spec(named: name) {
                console.error("usage: \(spec.synopsis)\nSee 'exhibit help \(name)'.")
            } else {
                console.error("See 'exhibit --help'.")
            }
            return ExitStatus.usage
        } catch let error as InputError {
            console.error("exhibit: \(safe(error.description))")
            return ExitStatus.usage
        } catch {
            console.error("exhibit: \(safe(String(describing: error)))")
            return ExitStatus.usage
        }
    }

    /// Messages quote paths and names the user or the evidence supplied: escaped line by
    /// line, so an escape sequence in a typed path cannot reach the terminal either.
    /// Messages quote evidence already escaped (diagnostics): sanitized, not escaped again.
    static func safe(_ message: String) -> String {
        message.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.sanitized(String($0)) }
            .joined(separator: "\n")
    }

    static func dispatch(_ arguments: [String], console: Console) throws -> Int32 {
        guard let first = arguments.first else {
            return try OpenCommand.run(ParsedArguments(), console: console)
        }
        switch first {
        case "-h", "--help":
            console.write(CommandTable.overview)
            return ExitStatus.success
        case "--version", "-V":
            console.print("exhibit \(version)")
            return ExitStatus.success
        case "help":
            let rest = Array(arguments.dropFirst())
            guard let name = rest.first else {
                console.write(CommandTable.overview)
                return ExitStatus.success
            }
            guard let spec = CommandTable.spec(named: name) else {
                throw UsageError(message: "no command named '\(name)'", command: nil)
            }
            console.write(spec.helpText)
            return ExitStatus.success
        default:
            break
        }
        if let command = CommandTable.commands.first(where: { $0.spec.name == first }) {
            let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), for: command.spec)
            if parsed.wantsHelp {
                console.write(command.spec.helpText)
                return ExitStatus.success
            }
            return try command.run(parsed, console)
        }
        // Anything else opens the UI (`exhibit RUN`, `exhibit --rules r.json RUN`); a
        // `--help` anywhere prints the help instead of opening it.
        let parsed = try ArgumentParser.parse(arguments, for: OpenCommand.spec)
        if parsed.wantsHelp {
            console.write(CommandTable.overview)
            return ExitStatus.success
        }
        return try OpenCommand.run(parsed, console: console)
    }
}

/// A path or file the user named could not be used: one line, exit status 2.
struct InputError: Error, CustomStringConvertible {
    var description: String
}
