import ExhibitCore
import ExhibitIO
import ExhibitRules
import ExhibitTriageUI

/// Chooses the rules a command holds a run against: `--rules FILE`, else the bundle's
/// own `rules.json` (the inventory as it was at that commit), else the built-in policy.
/// Each rules file is parsed once per command: the bundle's by the loader
/// (`EvidenceBundle.rulesReading`), a `--rules FILE` here.
public enum RulesInput {
    public struct Loaded: Sendable {
        public var rules: RulesInventory
        public var source: String
        public var diagnostics: [Diagnostic]
        /// `rules` compiled, once: the check and the UI's own matching share it.
        public var compiled: CompiledRules

        init(rules: RulesInventory, source: String, diagnostics: [Diagnostic]) {
            self.rules = rules
            self.source = source
            self.diagnostics = diagnostics
            self.compiled = RulesEngine.compile(rules)
        }

        /// The one entry point for the rules check: the report every command and the UI
        /// show, with the evidence account `check` prints before its result.
        public func check(_ bundle: EvidenceBundle) -> CheckReport {
            RulesInput.check(bundle, compiled: compiled, source: source, diagnostics: diagnostics)
        }

        /// The report the UI starts with, before `check` has run.
        public var awaitingCheck: CheckReport {
            .awaitingCheck(rulesSource: source, rulesDiagnostics: diagnostics)
        }
    }

    /// The rules check itself, for rules already compiled (the UI keeps them in its
    /// `TriageData`): `Loaded.check` and the UI's background check both end here.
    public static func check(
        _ bundle: EvidenceBundle, compiled: CompiledRules, source: String,
        diagnostics: [Diagnostic]
    ) -> CheckReport {
        var report = RulesEngine.check(bundle: bundle, compiled: compiled, rulesSource: source, rulesDiagnostics: diagnostics)
        report.evidence = EvidenceAccount(bundle, rulesShownApart: source == EvidenceLayout.rules)
        return report
    }

    /// `shared` (a `--rules FILE` read once for every run a command opens), else the
    /// bundle's own rules, else the built-in policy.
    public static func load(for bundle: EvidenceBundle, shared: Loaded?) throws(InputError) -> Loaded {
        if let shared { return shared }
        return try load(for: bundle, override: nil)
    }

    /// A rules file with errors is fatal (exit 2): checking against half a rules file
    /// would report violations that are not there, or miss real ones.
    /// - Parameter runPath: the run as the user named it, when a command opens more than
    ///   one (`diff`): the bundle's rules file is then named `RUN/rules.json` in errors.
    public static func load(for bundle: EvidenceBundle, override path: String?, shownAs runPath: String? = nil) throws(InputError) -> Loaded {
        if let path { return try load(path: path) }
        let shown = runPath.map { ($0.hasSuffix("/") ? $0 : $0 + "/") + EvidenceLayout.rules }
        switch bundle.rules {
        case .present(let bytes):
            // A bundle put together by hand rather than by the loader is read now, once.
            return try loaded(
                bundle.rulesReading ?? RulesReading.read(bytes, file: EvidenceLayout.rules), file: EvidenceLayout.rules, shownAs: shown)
        case .unreadable(let why):
            // The team's rules are there but could not be read: checking against the
            // built-in policy instead would pass a run its own rules may block.
            throw InputError(
                description: "the rules file has errors:\n"
                    + Diagnostic.error(shown ?? EvidenceLayout.rules, "cannot be read: \(why)").description)
        case .absent:
            break
        }
        return Loaded(rules: .builtInDefaults, source: "built-in defaults", diagnostics: [])
    }

    /// `--rules FILE`, read and parsed once: the archive's list and every run opened
    /// from it share the result (FILE may be a pipe, which reads once).
    public static func load(path: String) throws(InputError) -> Loaded {
        let limits = ArtifactSizeLimits.fromEnvironment
        let bytes: [UInt8]
        do {
            // May be a pipe (`--rules <(git show …)`): the rules limit caps what comes through it too.
            bytes = try ReadOnlyFile.readAll(path: path, maximumSize: limits.limit(for: .rules))
        } catch {
            throw InputError(description: "\(path): " + (error.tooLarge.map { limits.refusal(size: $0, kind: .rules) } ?? error.description))
        }
        return try loaded(RulesReading.read(bytes, file: path), file: path)
    }

    /// - Parameter shown: the name errors give `file` (the run's path before it), if not its own.
    private static func loaded(_ reading: RulesReading, file: String, shownAs shown: String? = nil) throws(InputError) -> Loaded {
        switch reading.result {
        case .success(let rules):
            return Loaded(rules: rules, source: file, diagnostics: reading.warnings)
        case .failure(let error):
            let all = (reading.warnings + [error]).map { d in
                var d = d
                if let shown, d.file == file { d.file = shown }
                return d.description
            }.joined(separator: "\n")  // escaped where printed
            throw InputError(description: "the rules file has errors:\n" + all)
        }
    }

    /// Loads the rules for `bundle` and holds it against them.
    public static func check(_ bundle: EvidenceBundle, override path: String?) throws(InputError) -> CheckReport {
        try load(for: bundle, override: path).check(bundle)
    }
}
