import ExhibitCore
import ExhibitIO

/// Chooses the rules a command holds a run against: `--rules FILE`, else the bundle's
/// own `rules.json` (the inventory as it was at that commit), else the built-in policy.
enum RulesInput {
    struct Loaded {
        var rules: RulesInventory
        var source: String
        var diagnostics: [Diagnostic]
    }

    /// A rules file with errors is fatal (exit 2): checking against half a rules file
    /// would report violations that are not there, or miss real ones.
    static func load(for bundle: EvidenceBundle, override path: String?) throws -> Loaded {
        let bytes: [UInt8]
        let file: String
        if let path {
            do {
                bytes = try ReadOnlyFile.readAll(path: path)
            } catch {
                throw InputError(description: "\(path): \(error.description)")
            }
            file = path
        } else {
            switch bundle.rules {
            case .present(let own):
                bytes = own
                file = EvidenceLayout.rules
            case .unreadable(let why):
                // The team's rules are there but could not be read: checking against the
                // built-in policy instead would pass a run its own rules may block.
                throw InputError(description: "the rules file has errors:\n"
                    + Diagnostic.error(EvidenceLayout.rules, "cannot be read: \(why)").description)
            case .absent:
                return Loaded(rules: .builtInDefaults, source: "built-in defaults", diagnostics: [])
            }
        }
        var warnings: [Diagnostic] = []
        do {
            let rules = try RulesReader.read(bytes, file: file, warnings: &warnings)
            return Loaded(rules: rules, source: file, diagnostics: warnings)
        } catch {
            let all = (warnings + [error]).map(\.description).joined(separator: "\n")  // escaped where printed
            throw InputError(description: "the rules file has errors:\n" + all)
        }
    }

    static func check(_ bundle: EvidenceBundle, override path: String?) throws -> CheckReport {
        let loaded = try load(for: bundle, override: path)
        var report = RulesEngine.check(bundle: bundle, compiled: RulesEngine.compile(loaded.rules), rulesSource: loaded.source,
                                       rulesDiagnostics: loaded.diagnostics)
        report.evidence = EvidenceAccount(bundle, rulesShownApart: loaded.source == EvidenceLayout.rules)
        return report
    }
}
