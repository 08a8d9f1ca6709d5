import ExhibitCore
import ExhibitRules

/// Draws the details overlay (`DetailsView`): its lines, wrapped and scrolled. The view
/// holds them for Unicode glyphs; under ASCII they are made and wrapped again for the
/// ASCII escapes (as many lines, except where an escape wraps differently).
enum DetailsRenderer {
    static func draw(_ view: DetailsView, state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        let lines =
            glyphs == .unicode
            ? view.lines : StyledLineWrap.wrap(DetailsView.lines(view.subject, data: state.data, glyphs: glyphs), width: view.width)
        TriageRenderer.drawScrolling(lines, title: " Details", scroll: view.cursor, layout: state.layout, into: &grid)
    }
}
