import CBytes
import ExhibitApp
import ExhibitCore
import Foundation

/// The `exhibit` command line: one table of commands, one parser, one mapping from
/// outcomes and errors to exit statuses (`ExitStatus`). `main.swift` only calls
/// `Exhibit.main`.
public enum Exhibit {
    public static let version = ExhibitRelease.version

    public static func main(_ arguments: [String]) -> Int32 {
        exhibit_use_one_malloc_arena()  // before anything runs on a second thread (CBytes.h says why)
        return run(arguments, console: Console())
    }

    static func run(_ arguments: [String], console: Console) -> Int32 {
        run(arguments, console: console, environment: ProcessInfo.processInfo.environment)
    }

    static func run(_ arguments: [String], console: Console, environment: [String: String]) -> Int32 {
        ExitStatus.code(for: outcome(arguments, console: console, environment: environment))
    }

    /// How the command line ended: the command's outcome, or `unusableInput` for every
    /// error it threw (said on standard error first).
    static func outcome(_ arguments: [String], console: Console, environment: [String: String]) -> Outcome {
        // A size limit the person set and mistyped must not leave the defaults in force unsaid.
        if let limits = environment[ArtifactSizeLimits.environmentVariable] {
            do {
                _ = try ArtifactSizeLimits.parse(limits)
            } catch {
                console.error("exhibit: \(safe(error.description))")
                return .unusableInput
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
            return .unusableInput
        } catch let error as InputError {
            console.error("exhibit: \(safe(error.description))")
            return .unusableInput
        } catch {
            console.error("exhibit: \(safe(String(describing: error)))")
            return .unusableInput
        }
    }

    /// Messages quote paths and names the user or the evidence supplied: escaped line by
    /// line, so an escape sequence in a typed path cannot reach the terminal either.
    /// Messages quote evidence already escaped (diagnostics): sanitized, not escaped again.
    static func safe(_ message: String) -> String {
        message.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.sanitized(String($0)) }
            .joined(separator: "\n")
    }

    static func dispatch(_ arguments: [String], console: Console) throws -> Outcome {
        switch arguments.first {
        case "--version", "-V":
            console.print("exhibit \(version)")
            return .success
        case "help":
            let rest = Array(arguments.dropFirst())
            guard let name = rest.first else {
                console.write(CommandTable.overview)
                return .success
            }
            guard let spec = CommandTable.spec(named: name) else {
                throw UsageError(message: "no command named '\(name)'", command: nil)
            }
            console.write(spec.helpText)
            return .success
        default:
            break
        }
        // `exhibit summary RUN`, or the default command for anything else (`exhibit RUN`,
        // `exhibit --rules r.json RUN`, `exhibit -h`); a `--help` anywhere prints the
        // command's help instead of running it.
        let (command, rest) = CommandTable.command(for: arguments)
        let parsed = try ArgumentParser.parse(rest, for: command.spec)
        if parsed.wantsHelp {
            console.write(command.help())
            return .success
        }
        return try command.run(parsed, console)
    }
}
