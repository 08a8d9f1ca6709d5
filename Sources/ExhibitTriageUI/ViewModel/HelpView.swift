import ExhibitCore
import ExhibitRules

/// The `?` screen: the bindings of the context it was opened from, generated from the
/// binding table (`KeyBindings`), so help and keys cannot drift apart. Holds its lines,
/// so scrolling is bounded by what is drawn. Also the run list's help
/// (`ArchiveState`). Drawn by `HelpRenderer`.
public struct HelpView: Sendable, Equatable {
    public let origin: BindingContext
    /// The lines for `width` columns: a description too long for the row wraps under
    /// itself (0: not wrapped).
    public private(set) var lines: [StyledLine]
    public private(set) var width: Int
    public var cursor: ListCursor

    init(origin: BindingContext, cursor: ListCursor = ListCursor(), width: Int = 0) {
        self.origin = origin
        self.width = width
        self.lines = Self.lines(for: origin, width: width)
        self.cursor = cursor
    }

    /// Scrolls by a movement action within its lines, `page` of them shown; false for
    /// other actions.
    mutating func scroll(_ action: Action, page: Int) -> Bool {
        cursor.scroll(action, count: lines.count, page: page)
    }
}

extension HelpView: TriageOverlay {
    var context: BindingContext { .help }
    var overlay: Overlay { .help(self) }
    var coversPane: Bool { true }

    func handle(_ action: Action, in state: inout TriageState) -> [TriageEffect] {
        switch action {
        case .help, .cancel, .quit: state.closeOverlay()
        default:
            var view = self
            if view.scroll(action, page: state.layout.overlayRows) { state.updateOverlay(view) }
        }
        return []
    }

    mutating func fit(_ layout: ScreenLayout) {
        if layout.cols != width {
            width = layout.cols
            lines = Self.lines(for: origin, width: width)
        }
        cursor.clampScroll(count: lines.count, page: layout.overlayRows)
    }

    func position(glyphs: Glyphs) -> String? { "Help" }

    func hint(_ layout: ScreenLayout) -> String { "j/k scroll  q close" }

    func draw(_ state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        HelpRenderer.draw(self, layout: state.layout, into: &grid)
    }
}

/// The content.
extension HelpView {
    static let keyColumn = 20

    /// The lines for `width` columns (0: unwrapped). From 35 columns a description wraps
    /// in its column; narrower, it goes under its keys, five columns in.
    public static func lines(for context: BindingContext, width: Int = 0) -> [StyledLine] {
        var lines: [StyledLine] = []
        for group in KeyBindings.groups(for: context) {
            if !lines.isEmpty { lines.append([]) }
            lines.append([Segment(" " + group.title, .columnTitle)])
            for binding in group.bindings {
                let keys = binding.keys.map(\.label).joined(separator: " ")
                let column = 3 + keyColumn
                if width == 0 || column + DisplayWidth.of(binding.help) <= width {
                    lines.append([Segment("   " + TextFit.padRight(keys, to: keyColumn), .helpKey), Segment(binding.help)])
                    continue
                }
                let indent = width >= column + 12 ? column : 5
                var parts = TextWrap.lines(binding.help, first: width - indent, rest: width - indent).map { String(binding.help[$0]) }
                if indent == 5 {
                    lines.append([Segment("   " + keys, .helpKey)])
                } else {
                    lines.append([Segment("   " + TextFit.padRight(keys, to: keyColumn), .helpKey), Segment(parts.removeFirst())])
                }
                for part in parts { lines.append([Segment(String(repeating: " ", count: indent)), Segment(part)]) }
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
        return width == 0 ? lines : StyledLineWrap.wrap(lines, width: width)
    }
}
