import Testing

@testable import ExhibitTriageUI

/// The Violations pane's cell widths are measured once per row and glyph set
/// (`CellWidthMemo`, issue 19: frame p99 at 10M entries); what comes back is what was
/// measured, each glyph set apart, and widths past what the packing holds are capped.
@Suite struct CellWidthMemoTests {
    @Test func aRowIsMeasuredOncePerGlyphSet() {
        let memo = CellWidthMemo()
        var calls = 0
        func ask(_ row: Int, unicode: Bool, _ w: CellWidthMemo.Widths) -> CellWidthMemo.Widths {
            memo.widths(ofRow: row, unicode: unicode) {
                calls += 1
                return w
            }
        }
        let a = CellWidthMemo.Widths(path: 61, rule: 17, step: 0)
        #expect(ask(5, unicode: true, a) == a)
        #expect(ask(5, unicode: true, CellWidthMemo.Widths(path: 1, rule: 1, step: 1)) == a, "the first measure stands")
        #expect(calls == 1)
        let ascii = CellWidthMemo.Widths(path: 70, rule: 17, step: 3)
        #expect(ask(5, unicode: false, ascii) == ascii)
        #expect(ask(0, unicode: true, CellWidthMemo.Widths(path: 4, rule: 4, step: 4)).path == 4)
        #expect(calls == 3)
        let huge = CellWidthMemo.Widths(path: 5_000_000, rule: 0, step: 2)
        #expect(ask(9, unicode: true, huge) == CellWidthMemo.Widths(path: (1 << 21) - 1, rule: 0, step: 2))
    }
}
