import Testing

@testable import ExhibitCore

@Suite struct DuReaderTests {
    private func read(_ text: String) throws(Diagnostic) -> ([DirectoryTotal], [Diagnostic]) {
        var w: [Diagnostic] = []
        return (try DuReader.read(Array(text.utf8), file: "container/du.txt", warnings: &w), w)
    }

    @Test func readsMacOSAndGNUForms() throws {
        let (t, w) = try read("\u{FEFF}1536\tDocuments/\r\n8\tLibrary\n0\t./tmp\n20\tLibrary/Caches\n1564\ttotal\n")
        #expect(w.isEmpty)
        #expect(
            t == [
                DirectoryTotal(name: "Documents", kibibytes: 1536, line: 1), DirectoryTotal(name: "Library", kibibytes: 8, line: 2),
                DirectoryTotal(name: "tmp", kibibytes: 0, line: 3), DirectoryTotal(name: "Library/Caches", kibibytes: 20, line: 4),
            ])
        #expect(t[0].bytes == 1536 * 1024)
    }

    @Test func absolutePathsAreCutWithOneWarning() throws {
        let c = "/Users/ci/Library/Developer/CoreSimulator/Devices/D/data/Containers/Data/Application/U"
        let (t, w) = try read("4\t\(c)/Documents\n8\t\(c)/tmp\n12\t\(c)\n")
        #expect(t.map(\.name) == ["Documents", "tmp"])
        #expect(w.map { "\($0.severity) \($0.position?.description ?? "")" } == ["warning 1:3", "note 3:4"])
    }

    @Test func oddLinesWarnWithPositions() throws {
        let (t, w) = try read(" 12K\tDocuments\n-4\tLibrary\n99999999999999999999\ttmp\nDocuments\n8\t../up\n8\tDocuments\n8\tDocuments\n")
        #expect(t.count == 2)
        #expect(w.map { $0.position?.description ?? "" } == ["1:1", "2:1", "3:1", "4:1", "5:3", "7:3"])
        #expect(w[0].message.contains("-h"))
        #expect(w[5].message.contains("first on line 6"))
    }

    @Test func emptyIsFineGarbageThrows() throws {
        #expect(try read("").0.isEmpty)
        do {
            _ = try read("hello world\n")
            Issue.record("expected an error")
        } catch {
            #expect(error.position?.description == "1:1" && error.message.contains("KiB<TAB>path"))
        }
    }
}
