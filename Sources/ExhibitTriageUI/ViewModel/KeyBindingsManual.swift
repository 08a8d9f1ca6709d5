import ExhibitCore
import ExhibitRules

/// The KEYS section of exhibit(1), generated from the same action table that binds the
/// keys and draws the `?` screen. A test compares it with the man page, so the manual
/// cannot drift from the code (`EXHIBIT_UPDATE_GOLDEN=1` rewrites it).
extension KeyBindings {
    /// Every group once, in the order a user meets them: the run list, the run's
    /// panes, then overlays and prompts.
    public static var manualGroups: [BindingGroup] {
        let order: [BindingContext] = [
            .runList, .tree, .violations, .failures, .diff, .details, .evidence, .help, .filterInput, .searchInput, .runListFilter,
            .classChooser, .replaceRecord, .unsupportedClass, .commentInput, .issueInput,
        ]
        var seen: Set<String> = []
        var groups: [BindingGroup] = []
        for context in order {
            for group in Self.groups(for: context) where seen.insert(group.title).inserted {
                groups.append(group)
            }
        }
        return groups
    }

    /// The mdoc text from `.Sh KEYS` up to (not including) the next section.
    public static func manualSection() -> String {
        var out = """
            .Sh KEYS
            The triage UI reads the keys below;
            .Ic \\&?
            shows those of the current screen.
            Keys of ncdu, tig and lnav mean the same here.

            """
        for group in manualGroups {
            out += ".Ss \(group.title)\n.Bl -tag -width Ds -compact\n"
            for binding in group.bindings {
                let keys = binding.keys.map { "\\&" + $0.label }.joined(separator: " , ")
                out += ".It Ic \(keys)\n\(binding.help)\n"
            }
            out += ".El\n"
        }
        return out
    }
}
