import ExhibitCore
import ExhibitRules

/// A run of text in one role.
public struct Segment: Sendable, Equatable {
    public var text: String
    public var role: Role

    public init(_ text: String, _ role: Role = .plain) {
        self.text = text
        self.role = role
    }
}

/// A line made of segments, drawn left to right and clipped as a whole.
public typealias StyledLine = [Segment]

extension Grid {
    /// Draws the segments of `line` one after another, clipped to `limit` columns.
    @discardableResult
    public mutating func put(_ line: StyledLine, row: Int, col: Int, limit: Int? = nil) -> Int {
        var used = 0
        let total = limit ?? (cols - col)
        for segment in line where used < total {
            used += put(segment.text, row: row, col: col + used, role: segment.role, limit: total - used)
        }
        return used
    }
}
