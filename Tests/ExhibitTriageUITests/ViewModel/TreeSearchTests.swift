import ExhibitCore
import Testing

@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// `/`, `n` and `N` in the tree: the search is an effect, its matches come back as an
/// event, and each step opens the match's directory with "match i of N" said.
@Suite struct TreeSearchTests {
    /// Performs the search effects the keys asked for, as the loop's worker would.
    static func settle(_ s: inout TriageState, _ effects: [TriageEffect]) {
        var pending = effects
        while let effect = pending.first {
            pending.removeFirst()
            if case .search(let pattern, let order, let run) = effect, let inventory = run.inventory {
                pending += s.receive(.searched(ContainerSearch(pattern, in: inventory, order: order, sizes: run.unrecordedSizes), runID: run.bundle.runID))
            }
        }
    }

    static func search(_ s: inout TriageState, _ text: String) {
        _ = s.press(.char("/"))
        s.type(text)
        settle(&s, s.press(.enter))
    }

    @Test func slashFindsAFileLevelsDownAndOpensItsDirectory() {
        var s = TriageFixture.state()
        _ = s.press(.char("/"))
        #expect(s.context == .searchInput)
        s.type("jpg")
        let effects = s.press(.enter)
        #expect(effects.contains { if case .search(let p, _, _) = $0 { p.text == "jpg" } else { false } })
        #expect(s.activityText?.contains("Searching the container for jpg") == true)
        Self.settle(&s, effects)
        #expect(s.selectedPath == "Library/Caches/images/a.jpg")
        #expect(s.message?.text == "match 1 of 1")
        #expect(s.activityText == nil)
    }

    @Test func nAndNStepThroughTheMatchesAndSayWhenTheyWrap() {
        var s = TriageFixture.state()
        Self.search(&s, "*.db")
        // Tree order by size: Library (5 MB) is drawn before Documents.
        #expect(s.selectedPath == "Library/Application Support/offline-catalog.db")
        #expect(s.message?.text == "match 1 of 2")
        Self.settle(&s, s.press(.char("n")))
        #expect(s.selectedPath == "Documents/cache.db")
        #expect(s.message?.text == "match 2 of 2")
        Self.settle(&s, s.press(.char("n")))
        #expect(s.selectedPath == "Library/Application Support/offline-catalog.db")
        #expect(s.message?.text == "match 1 of 2 (search hit BOTTOM, continuing at TOP)")
        Self.settle(&s, s.press(.char("N")))
        #expect(s.selectedPath == "Documents/cache.db")
        #expect(s.message?.text == "match 2 of 2 (search hit TOP, continuing at BOTTOM)")
    }

    @Test func afterAResortTheSearchIsMadeAgainInTheNewOrder() {
        var s = TriageFixture.state()
        Self.search(&s, "*.db")
        _ = s.press(.char("h"), .char("h"), .char("a"))  // back to the root, sorted by name
        let effects = s.press(.char("n"))
        #expect(effects.contains { if case .search(_, let order, _) = $0 { order.key == .name } else { false } })
        Self.settle(&s, effects)
        // By name Documents is drawn first: from Library, the next match is Library's own,
        // now the second of the two.
        #expect(s.selectedPath == "Library/Application Support/offline-catalog.db")
        #expect(s.message?.text == "match 2 of 2")
    }

    @Test func whatCannotBeSearchedIsSaid() {
        var s = TriageFixture.state()
        Self.settle(&s, s.press(.char("n")))
        #expect(s.message?.text == "no search yet: / searches the whole container")
        Self.search(&s, "Nara")
        #expect(s.message?.text == "no names contain Nara in the container")
        Self.search(&s, "photo[a")
        #expect(s.message?.isError == true)
        #expect(s.message?.text.hasPrefix("not a glob at character") == true)
        // Esc leaves the tree and the last search as they were.
        let before = s.selectedPath
        _ = s.press(.char("/"))
        s.type("zzz")
        #expect(s.press(.escape).isEmpty)
        #expect(s.selectedPath == before)
        #expect(s.search?.pattern.text == "Nara")
    }

    @Test func anEmptySearchRepeatsTheLastOne() {
        var s = TriageFixture.state()
        Self.search(&s, "*.db")
        Self.search(&s, "")
        #expect(s.search?.pattern.text == "*.db")
        #expect(s.message?.text == "match 2 of 2")
    }

    @Test func aFilterThatWouldHideTheMatchIsCleared() {
        var s = TriageFixture.state()
        _ = s.press(.char("&"))
        s.type("Doc")
        _ = s.press(.enter)
        #expect(s.tree.filter == "Doc")
        Self.search(&s, "Library")
        #expect(s.selectedPath == "Library")
        #expect(s.tree.filter.isEmpty)
    }

    /// A search answered for another run (the archive moved on) changes nothing.
    @Test func anAnswerForAnotherRunIsIgnored() throws {
        var s = TriageFixture.state()
        let inventory = try #require(s.data.inventory)
        _ = s.receive(
            .searched(ContainerSearch(try SearchPattern("jpg"), in: inventory, order: .bySize, sizes: UnrecordedSizeIndex(inventory)), runID: "another-run"))
        #expect(s.search == nil)
        #expect(s.selectedPath != "Library/Caches/images/a.jpg")
    }
}
