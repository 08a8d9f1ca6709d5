import Foundation

/// The widths of the Violations pane's cells per row, worked out once per row and
/// glyph set. `ViolationsRenderer.measure` sets the columns from 2,000 rows around the
/// cursor every frame; escaping and measuring their paths, rules and steps again each
/// time cost 20 ms a frame at 10M entries (names outside ASCII are measured per
/// grapheme), over the 5 ms a frame may take (issue 19). A row's cells never change
/// while its data lives, so the memo belongs to `TriageData` and goes with it.
/// Written only from the thread that renders; locked so the type is honestly Sendable.
public final class CellWidthMemo: @unchecked Sendable {
    public struct Widths: Sendable, Equatable {
        var path: Int
        var rule: Int
        var step: Int
    }

    private let lock = NSLock()
    /// Per glyph set (Unicode, ASCII), per row: the three widths packed in 21 bits each
    /// (capped there: wider than any screen), the top bit set once measured; 8 bytes a
    /// row, so even a million rows scrolled through cost 8 MB.
    private var packed: [[UInt64]] = [[], []]

    public init() {}

    func widths(ofRow row: Int, unicode: Bool, measure: () -> Widths) -> Widths {
        let set = unicode ? 0 : 1
        lock.lock()
        if row < packed[set].count, packed[set][row] != 0 {
            let known = Self.unpack(packed[set][row])
            lock.unlock()
            return known
        }
        lock.unlock()
        let measured = measure()
        lock.lock()
        if packed[set].count <= row { packed[set] += [UInt64](repeating: 0, count: row + 1 - packed[set].count) }
        packed[set][row] = Self.pack(measured)
        lock.unlock()
        return Self.unpack(Self.pack(measured))
    }

    private static let mask: UInt64 = (1 << 21) - 1

    private static func pack(_ w: Widths) -> UInt64 {
        func field(_ v: Int) -> UInt64 { min(UInt64(max(v, 0)), mask) }
        return 1 << 63 | field(w.path) << 42 | field(w.rule) << 21 | field(w.step)
    }

    private static func unpack(_ p: UInt64) -> Widths {
        Widths(path: Int(p >> 42 & mask), rule: Int(p >> 21 & mask), step: Int(p & mask))
    }
}
