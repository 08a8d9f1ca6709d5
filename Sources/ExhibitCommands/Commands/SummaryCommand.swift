import ExhibitCore
import Foundation
import ExhibitIO

/// `exhibit summary RUN`: what the bundle holds.
enum SummaryCommand {
    static let spec = CommandSpec(
        name: "summary", positionals: ["RUN"],
        options: [OptionSpec(name: "format", valueName: "FORMAT", choices: ["text", "json"], help: "Output format (default text)")],
        summary: "Print run metadata, test counts, failing tests, container totals and which evidence loaded",
        details: "Exit status 0 when the bundle was read (malformed files are listed, not fatal), 2 when RUN cannot be read.")

    static func run(_ args: ParsedArguments, _ console: Console) throws -> Int32 {
        let bundle = try RunInput.loadRun(args.positionals[0])
        console.write(args.value("format") == "json" ? SummaryReport.json(bundle) : SummaryReport.text(bundle))
        return Exhibit.ExitStatus.success
    }
}

/// Shared handling of the RUN argument.
enum RunInput {
    static func loadRun(_ path: String) throws -> EvidenceBundle {
        try loadRunWithURL(path).bundle
    }

    /// The bundle and where it lives (its parent directory is the archive).
    static func loadRunWithURL(_ path: String) throws -> (url: URL, bundle: EvidenceBundle) {
        let located: (url: URL, kind: RunLocator.Kind)
        do {
            located = try RunLocator.resolve(path)
        } catch {
            throw InputError(description: error.description)
        }
        guard located.kind != .archive else {
            throw InputError(description: "\(path): is an archive of runs; name one run inside it")
        }
        return (located.url, RunLocator.loadRun(at: located.url))
    }
}
