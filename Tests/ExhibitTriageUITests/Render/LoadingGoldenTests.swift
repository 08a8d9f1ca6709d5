import ExhibitCore
import Testing

@testable import ExhibitTriageUI

/// The loading screen as drawn: the golden screens at the three sizes, the line form on
/// a small terminal, and the run's name escaped.
@Suite struct LoadingGoldenTests {
    static let midway = LoadProgress(
        artifact: EvidenceLayout.inventoryJSON, bytesRead: 39_321_600, bytesTotal: 97_517_568, entries: 412_345,
        elapsedMilliseconds: 1_834)

    static func view(rows: Int, cols: Int, _ progress: LoadProgress? = midway) -> LoadingView {
        var view = LoadingView(runName: "run-2026-11-09-million", rows: rows, cols: cols)
        if let progress { view.receive(progress) }
        return view
    }

    @Test func goldenScreens() throws {
        for (cols, rows) in [(40, 12), (80, 24), (120, 40)] {
            try assertGolden(LoadingRenderer.render(Self.view(rows: rows, cols: cols)).text, "loading-\(cols)x\(rows)")
        }
        try assertGolden(LoadingRenderer.render(Self.view(rows: 24, cols: 80, nil)).text, "loading-starting-80x24")
    }

    @Test func theScreenSaysWhatIsReadHowMuchAndHowToStop() {
        let text = LoadingRenderer.render(Self.view(rows: 24, cols: 80)).text
        #expect(text.contains("Reading     container/inventory.json"))
        #expect(text.contains("Read        37.5 MiB of 93.0 MiB (40%)"))
        #expect(text.contains("Entries     412 345"))
        #expect(text.contains("Elapsed     1.8 s"))
        #expect(text.contains("q or Esc: stop loading and quit"))
        // The bar: 40% of its width filled, in eighths.
        let row = text.split(separator: "\n").first { $0.contains("█") }.map(String.init) ?? ""
        let inside = row.drop { $0 != "[" }.dropFirst().prefix { $0 != "]" }
        let full = inside.filter { $0 == "█" }.count
        #expect(inside.count > 20 && abs(Double(full) - 0.403 * Double(inside.count)) < 1.5, "\(full) of \(inside.count)")
    }

    @Test func theKeysAskToAbortOrRedraw() {
        let view = Self.view(rows: 24, cols: 80)
        #expect(view.handle(.char("q")) == .abort)
        #expect(view.handle(.escape) == .abort)
        #expect(view.handle(.ctrl("l")) == .redraw)
        #expect(view.handle(.char("j")) == .none)
    }

    @Test func namesAreEscaped() {
        var view = LoadingView(runName: "run-\u{1B}]0;owned\u{07}", rows: 24, cols: 80)
        view.receive(LoadProgress(artifact: "container/preferences/\u{1B}[2J.plist", bytesRead: 10))
        let text = LoadingRenderer.render(view).text
        #expect(!text.contains("\u{1B}"))
        #expect(text.contains("run-\\x1b]0;owned\\x07"))
        #expect(text.contains("preferences/\\x1b[2J.plist"))
    }

    @Test func elapsedTimesAndCounts() {
        #expect(LoadingRenderer.elapsed(0) == "0.0 s")
        #expect(LoadingRenderer.elapsed(59_999) == "59.9 s")
        #expect(LoadingRenderer.elapsed(125_000) == "2 min 05 s")
        #expect(LoadingRenderer.grouped(1_000_000) == "1 000 000")
        #expect(LoadingRenderer.grouped(999) == "999")
    }
}
