import ExhibitCore
import ExhibitRules

/// The ncdu-style container tree: badge, backup mark, size, bar, (count,) name.
enum TreeRenderer {
    static func draw(_ state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        let layout = state.layout
        guard let inventory = state.data.inventory else {
            let why = state.data.evidence.headline.map { " (\($0); v shows why)" } ?? ""
            grid.put(" This bundle has no container inventory" + why + ".", row: layout.titleRow, col: 0, role: .dim)
            return
        }
        let tree = state.tree
        drawTitle(tree, inventory: inventory, sizes: state.data.unrecordedSizes, layout: layout, into: &grid, glyphs: glyphs)
        let top = layout.listTop(.tree)
        let rows = layout.listRows(.tree)
        if tree.entries.isEmpty {
            let note = tree.filter.isEmpty ? " (empty directory)" : " no names contain \u{201C}" + glyphs.safe(tree.filter) + "\u{201D}"
            grid.put(note, row: top, col: 0, role: .dim)
            return
        }
        // Bars are shares of what was recorded; an entry with no recorded size has none.
        let parentTotal = max(inventory.totalSize(tree.directory), 1)
        let offset = min(tree.cursor.offset, max(tree.entries.count - 1, 0))
        for r in 0..<rows {
            let i = offset + r
            guard i < tree.entries.count else { break }
            let node = tree.entries[i]
            drawRow(node, row: top + r, state: state, inventory: inventory, parentTotal: parentTotal, into: &grid, glyphs: glyphs)
            if i == tree.cursor.index { grid.restyle(row: top + r, role: .selected) }
        }
    }

    private static func drawTitle(
        _ tree: TreeBrowser, inventory: Inventory, sizes: UnrecordedSizeIndex, layout: ScreenLayout, into grid: inout Grid,
        glyphs: Glyphs
    ) {
        let row = layout.titleRow
        // Narrow: the sort goes first, then the size, so the path keeps 14 columns.
        var parts = [
            Wording.count(tree.entries.count, "entry", "entries"),
            SizeLabel.text(of: sizes.size(of: tree.directory, in: inventory)), "sort " + tree.order.label,
        ]
        if !tree.filter.isEmpty { parts.append("filter \u{201C}" + glyphs.safe(tree.filter) + "\u{201D}") }
        var right = "  " + parts.joined(separator: " · ")
        for drop in [2, 1] where DisplayWidth.of(right) > layout.cols - 14 {
            parts.remove(at: drop)
            right = "  " + parts.joined(separator: " · ")
        }
        let path = " /" + glyphs.safe(bytes: inventory.pathBytes(tree.directory))
        let room = max(layout.cols - DisplayWidth.of(right), 12)
        let shown = TextFit.shorten(path, to: room, ellipsis: glyphs.ellipsis)
        let x = grid.put(shown, row: row, col: 0, role: .directory)
        grid.put(right, row: row, col: x, role: .dim)
    }

    /// Width of the count column; shown only on wide terminals.
    static func countWidth(_ cols: Int) -> Int { cols >= 100 ? 9 : 0 }
    static func barWidth(_ cols: Int) -> Int { cols >= 120 ? 20 : (cols >= 70 ? 10 : 0) }

    private static func drawRow(
        _ node: Inventory.NodeID, row: Int, state: TriageState, inventory: Inventory,
        parentTotal: UInt64, into grid: inout Grid, glyphs: Glyphs
    ) {
        let cols = state.layout.cols
        if let kind = state.data.index.badge(node) {
            grid.put(String(kind.badge), row: row, col: 1, role: kind.isBlocking ? .violation : .warning)
        }
        let (mark, markRole) = backupMark(node, inventory: inventory, rules: state.data.rules)
        if let mark { grid.put(mark, row: row, col: 2, role: markRole) }
        let size = state.data.unrecordedSizes.size(of: node, in: inventory)
        var x = 4
        x += grid.put(TextFit.padLeft(SizeLabel.text(of: size), to: 9), row: row, col: x, role: .plain)
        x += 1
        let bar = barWidth(cols)
        if bar > 0 {
            // Unknown: no bar at all; an empty one would read as 0 B.
            if let bytes = size.recordedBytes {
                grid.put("[", row: row, col: x, role: .dim)
                grid.put(glyphs.bar(fraction: Double(bytes) / Double(parentTotal), width: bar), row: row, col: x + 1, role: .bar)
                grid.put("]", row: row, col: x + 1 + bar, role: .dim)
            }
            x += bar + 3
        }
        let countCol = countWidth(cols)
        if countCol > 0 {
            let files = inventory.isDirectory(node) ? "\(inventory.fileCount(node))" : ""
            grid.put(TextFit.padLeft(files, to: countCol - 1), row: row, col: x, role: .dim)
            x += countCol
        }
        let isDir = inventory.isDirectory(node)
        var name = glyphs.safe(bytes: inventory.nameBytes(node))
        // ncdu's own marks: `@` not a regular file, `<` excluded from the scan.
        if isDir { name += "/" } else if inventory.scanExclusion(node) != .none { name += "<" } else if inventory.isNotRegular(node) { name += "@" }
        let fitted = TextFit.shorten(name, to: cols - x - 1, ellipsis: glyphs.ellipsis)
        grid.put(fitted, row: row, col: x, role: isDir ? .directory : .plain)
    }

    /// `X` flag set on the entry, `x` flag inherited from a directory above, `~` an area
    /// never backed up, `?` the flag is not recorded (no artifact says; ASCII already,
    /// so the same under `Glyphs.ascii`, and no badge or other mark uses it); blank: not
    /// excluded, as recorded. The status comes from the rules engine, so the mark and
    /// `exhibit check` agree; it costs one path match per visible row.
    static func backupMark(_ node: Inventory.NodeID, inventory: Inventory, rules: CompiledRules) -> (String?, Role) {
        guard node != Inventory.root else { return (nil, .plain) }
        switch rules.backupStatus(of: node, in: inventory) {
        case .excludedByOwnFlag: return ("X", .excluded)
        case .excludedByAncestor: return ("x", .excluded)
        case .notBackedUpArea: return ("~", .notBackedUp)
        case .flagUnknown: return ("?", .warning)
        case .backedUp, .ignored: return (nil, .plain)
        }
    }
}
