import ExhibitCore
import ExhibitRules

/// One terminal cell: the grapheme drawn there and its role. The right half of a wide
/// character holds an empty string so that columns and cells stay aligned.
public struct Cell: Sendable, Equatable, Hashable {
    public var text: String
    public var role: Role

    public init(_ text: String = " ", role: Role = .plain) {
        self.text = text
        self.role = role
    }

    public static let blank = Cell()

    /// True for the right half of a wide character.
    public var isContinuation: Bool { text.isEmpty }
}
