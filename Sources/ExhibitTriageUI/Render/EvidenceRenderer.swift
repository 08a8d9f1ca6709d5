import ExhibitCore
import ExhibitRules

/// Draws the evidence pane (`EvidenceView`): its lines, scrolled. The view holds them
/// for Unicode glyphs; under ASCII they are made again for the ASCII escapes (as many
/// lines).
enum EvidenceRenderer {
    static func draw(_ view: EvidenceView, state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        let lines = glyphs == .unicode ? view.lines : EvidenceView.lines(data: state.data, glyphs: glyphs)
        TriageRenderer.drawScrolling(lines, title: " Evidence", scroll: view.cursor, layout: state.layout, into: &grid)
    }
}
