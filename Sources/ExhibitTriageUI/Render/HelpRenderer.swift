import ExhibitCore
import ExhibitRules

/// The `?` screen, generated from the binding table of the context it was opened from.
public enum HelpRenderer {
    static let keyColumn = 20

    public static func lines(for context: BindingContext) -> [StyledLine] {
        var lines: [StyledLine] = []
        for group in KeyBindings.groups(for: context) {
            if !lines.isEmpty { lines.append([]) }
            lines.append([Segment(" " + group.title, .columnTitle)])
            for binding in group.bindings {
                let keys = binding.keys.map(\.label).joined(separator: " ")
                lines.append([Segment("   " + TextFit.padRight(keys, to: keyColumn), .helpKey), Segment(binding.help)])
            }
        }
        if context == .tree || context == .violations {
            lines.append([])
            lines.append([Segment(" Marks", .columnTitle)])
            lines.append([Segment("   U M C", .violation), Segment("  unset attribute, misplaced file, skipped cleanup")])
            lines.append([Segment("   W", .warning), Segment("      warning: over budget, or no rule covers it")])
            lines.append([Segment("   X x", .excluded), Segment("    excluded from backup: own flag, inherited")])
            lines.append([Segment("   ~", .notBackedUp), Segment("      in a location never backed up (Caches, tmp, ...)")])
            lines.append([Segment("   ?", .warning), Segment("      the exclusion flag is not recorded")])
            lines.append([Segment("   …", .dim), Segment("      a name cut in the middle (... in an ASCII locale)")])
        }
        return lines
    }

    static func draw(_ context: BindingContext, scroll: ListCursor, layout: ScreenLayout, into grid: inout Grid) {
        TriageRenderer.drawScrolling(
            lines(for: context), title: " Keys: " + context.title,
            scroll: scroll, layout: layout, into: &grid)
    }
}
