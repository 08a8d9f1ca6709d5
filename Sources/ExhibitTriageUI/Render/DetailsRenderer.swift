import ExhibitCore
import ExhibitRules

/// Draws the details overlay (`DetailsView`): its lines, scrolled. The view holds them
/// for Unicode glyphs; under ASCII they are made again for the ASCII escapes (as many
/// lines, except where an escaped rationale wraps differently).
enum DetailsRenderer {
    static func draw(_ view: DetailsView, state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        let lines = glyphs == .unicode ? view.lines : DetailsView.lines(view.subject, data: state.data, glyphs: glyphs)
        TriageRenderer.drawScrolling(lines, title: " Details", scroll: view.cursor, layout: state.layout, into: &grid)
    }
}
