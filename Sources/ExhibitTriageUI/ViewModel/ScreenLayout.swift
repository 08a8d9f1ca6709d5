import ExhibitCore
import ExhibitRules

/// Where things go on a screen of a given size. Shared by the renderers and by the
/// state machine (which needs page sizes for PgUp/PgDn and scrolling).
///
/// ```
/// row 0        header: run, commit, scheme, runtime, device
/// row 1        header: tests, blocking violations by kind, classification
/// row 2        pane tabs
/// row 3        pane title (path and sort, filters, column titles)
/// rows 4...    pane body
/// last row     status line: position, hints, messages, prompts
/// ```
public struct ScreenLayout: Sendable, Equatable {
    /// Below this the screen is one line, "exhibit: terminal too small (WxH, needs 30x8)".
    /// Eight rows are the header's two, the tab row, the title, the status line and the
    /// fewest list rows that show a selection with a neighbour on each side; 30 columns
    /// keep a badge, a size and a name of about ten characters. Down to it every screen
    /// draws its compact forms (ncdu draws on down to about 30x5 after its warning); from
    /// 40x12 every screen is usable (DECISIONS.md, 2026-12-01).
    public static let minimumRows = 8
    public static let minimumCols = 30

    public var rows: Int
    public var cols: Int

    public init(rows: Int, cols: Int) {
        self.rows = max(rows, 0)
        self.cols = max(cols, 0)
    }

    public var isTooSmall: Bool { rows < Self.minimumRows || cols < Self.minimumCols }

    public var headerRows: Int { 2 }
    public var tabRow: Int { 2 }
    public var titleRow: Int { 3 }
    public var statusRow: Int { rows - 1 }

    /// First row of a pane's list and how many rows it has.
    public func listTop(_ pane: Pane) -> Int { pane == .violations ? 5 : 4 }
    public func listRows(_ pane: Pane, itemCount: Int = 0) -> Int {
        switch pane {
        case .failures: min(max(itemCount, 1), max(3, (rows - 6) / 3))
        default: max(statusRow - listTop(pane), 1)
        }
    }

    /// Overlays that replace the pane (details, help): content below their title row.
    public var overlayTop: Int { 4 }
    public var overlayRows: Int { max(statusRow - overlayTop, 1) }

    /// The diff view: its title, column titles, then the files.
    public var diffTop: Int { 5 }
    public var diffRows: Int { max(statusRow - diffTop, 1) }
}
