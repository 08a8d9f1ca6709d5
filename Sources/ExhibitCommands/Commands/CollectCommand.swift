import ExhibitApp
import ExhibitCore
import Foundation

/// `exhibit collect`: captures a failing run's evidence into a run bundle on the CI
/// host, before the simulator is reset (see exhibit-bundle(5) for the layout).
enum CollectCommand {
    static let spec = CommandSpec(
        name: "collect", positionals: [],
        options: [
            OptionSpec(name: "out", valueName: "RUN", help: "Run bundle directory to write (required; refused when not empty)"),
            OptionSpec(name: "bundle-id", valueName: "ID", help: "App bundle identifier whose data container is collected"),
            OptionSpec(name: "device", valueName: "UDID", help: "Simulator UDID, or 'booted' when exactly one is booted"),
            OptionSpec(name: "xcresult", valueName: "PATH", help: "Result bundle of the test run (xcodebuild -resultBundlePath)"),
            OptionSpec(name: "container", valueName: "DIR", help: "Walk DIR as the container instead of asking simctl (Linux, tests)"),
            OptionSpec(name: "excluded-list", valueName: "FILE", help: "Container-relative paths to treat as excluded from backup"),
            OptionSpec(name: "results-json", valueName: "FILE|DIR", help: "Captured results file, or a directory of them, to copy"),
            OptionSpec(name: "steps", valueName: "FILE", help: "Creating-steps log (step<TAB>path) to copy as steps.tsv"),
            OptionSpec(name: "rules", valueName: "FILE", help: "Backup-rules file to copy as rules.json"),
            OptionSpec(name: "app-info-plist", valueName: "FILE", help: "The built app's Info.plist to copy as app/Info.plist"),
            OptionSpec(name: "scheme", valueName: "NAME", help: "Scheme for run.json (default $EXHIBIT_SCHEME or $SCHEME)"),
            OptionSpec(name: "destination", valueName: "SPEC", help: "xcodebuild destination for run.json (default $EXHIBIT_DESTINATION or $DESTINATION)"),
            OptionSpec(name: "include-xcresult", help: "Also copy the whole result bundle (can be hundreds of MB)"),
            OptionSpec(name: "force", help: "Collect into a non-empty RUN, replacing its bundle files"),
        ],
        summary: "Capture a failing run's evidence (container, results, metadata) into a run bundle",
        details: """
            On the macOS build host: exhibit collect --bundle-id ID --device UDID --xcresult PATH --out RUN.
            The device must exist and be booted and the app installed; another booted device is never
            used instead. Elsewhere: exhibit collect --container DIR --out RUN, with the exclusion flag
            read from the user.com.apple.metadata:com_apple_backup_excludeItem attribute or --excluded-list.
            A flag that cannot be read (its attributes refused) is recorded as unknown, with a warning.
            Only relative paths are written; no absolute path, home directory or environment secret.
            Exit status 0 when the bundle was written (warnings name what is missing), 2 on usage
            errors, a missing input, an unusable device or app, or a non-empty RUN without --force.
            """)

    static func run(_ args: ParsedArguments, _ console: Console) throws -> Outcome {
        try run(args, console, environment: ProcessInfo.processInfo.environment)
    }

    /// `environment` is what children see and where `PATH` lookups happen (tests put a fake `xcrun` there).
    static func run(_ args: ParsedArguments, _ console: Console, environment: [String: String]) throws -> Outcome {
        let plan = try plan(args)
        let warn: (String) -> Void = { console.error("exhibit: warning: " + TerminalText.escape($0)) }
        let collected = try Collect.run(plan, environment: environment, warn: warn)
        let unknown = collected.unreadableFlags > 0 ? ", \(collected.unreadableFlags) with a flag that could not be read" : ""
        console.print(
            "collected \(collected.items) items (\(collected.excluded) flagged excluded from backup\(unknown)) into \(TerminalText.escape(plan.out))")
        return .success
    }

    /// The options as a plan: which go together is said here, as usage errors; whether
    /// the files they name exist, by `CollectPlan`.
    static func plan(_ args: ParsedArguments) throws -> CollectPlan {
        let name = spec.name
        guard let out = args.value("out"), !out.isEmpty else { throw UsageError(message: "--out RUN is required", command: name) }
        if args.value("container") != nil {
            if args.value("device") != nil { throw UsageError(message: "--container and --device exclude each other", command: name) }
        } else {
            guard args.value("bundle-id") != nil, args.value("device") != nil else {
                throw UsageError(
                    message: "name the app and simulator with --bundle-id ID --device UDID|booted, or a directory with --container DIR",
                    command: name)
            }
        }
        if args.has("include-xcresult") && args.value("xcresult") == nil {
            throw UsageError(message: "--include-xcresult needs --xcresult PATH", command: name)
        }
        return try CollectPlan(
            out: out, bundleID: args.value("bundle-id"), device: args.value("device"), containerDirectory: args.value("container"),
            xcresult: args.value("xcresult"), excludedList: args.value("excluded-list"), resultsJSON: args.value("results-json"),
            steps: args.value("steps"), rules: args.value("rules"), appInfoPlist: args.value("app-info-plist"),
            scheme: args.value("scheme"), destination: args.value("destination"), includeXcresult: args.has("include-xcresult"),
            force: args.has("force"))
    }
}
