import ExhibitCore
import ExhibitRules

/// Draws the `?` screen (`HelpView`): its lines, scrolled, under the context's title.
enum HelpRenderer {
    static func draw(_ view: HelpView, layout: ScreenLayout, into grid: inout Grid) {
        TriageRenderer.drawScrolling(
            view.lines, title: " Keys: " + view.origin.title, scroll: view.cursor, layout: layout, into: &grid)
    }
}
