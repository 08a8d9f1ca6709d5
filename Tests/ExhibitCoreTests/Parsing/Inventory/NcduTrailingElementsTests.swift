import Testing

@testable import ExhibitCore

/// Issue 15, "messages that mislead": items written after the root directory of an
/// ncdu export are not in the tree; the reader says so instead of dropping them unsaid.
@Suite struct NcduTrailingElementsTests {
    @Test func elementsAfterTheRootAreWarnedWithTheirPosition() throws {
        let text = #"[1,2,{},[{"name":"/"},{"name":"a","asize":1}],{"name":"after"},[{"name":"b"}]]"#
        var warnings: [Diagnostic] = []
        let inventory = try NcduInventoryReader.read(Array(text.utf8), file: "container/inventory.json", warnings: &warnings)
        #expect(inventory.totalFiles == 1)
        let first = try #require(warnings.first { $0.message.contains("after the root directory are not part of the tree") })
        #expect(first.position?.byteOffset == text.utf8.count - #"{"name":"after"},[{"name":"b"}]]"#.utf8.count)
        #expect(warnings.contains { $0.message == "2 elements after the root directory were ignored" })
    }

    @Test func anExportWithoutTrailingElementsHasNoSuchWarning() throws {
        var warnings: [Diagnostic] = []
        _ = try NcduInventoryReader.read(Array(#"[1,2,{},[{"name":"/"},{"name":"a"}]]"#.utf8), file: "f", warnings: &warnings)
        #expect(warnings.isEmpty)
    }
}
