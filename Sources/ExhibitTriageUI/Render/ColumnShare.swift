/// Columns sharing a row's width by content (the Violations pane, the diff view): each
/// asks for what its widest cell needs, and while they do not fit the widest is lowered
/// by one, never below `floor`: water-filling from the top, so a long path gives way
/// before a short rule name is cut.
enum ColumnShare {
    /// `needs` with a column at 0 left out; `gaps` columns of space between them.
    static func fit(_ needs: [Int], gaps: Int, room: Int, floor: Int = 8) -> [Int] {
        var widths = needs
        while widths.reduce(0, +) + gaps > room, let widest = widths.max(), widest > floor {
            if let i = widths.lastIndex(of: widest) { widths[i] -= 1 }
        }
        return widths
    }
}
