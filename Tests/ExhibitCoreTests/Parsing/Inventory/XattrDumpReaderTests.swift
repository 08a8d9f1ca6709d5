import Testing
@testable import ExhibitCore

@Suite struct XattrDumpReaderTests {
    @Test func readsListAndHexdumpForms() throws {
        let text = """
        Library/Application Support/VaultIndex: com.apple.metadata:com_apple_backup_excludeItem: com.apple.MobileBackup
        Documents/odd: name: dir: com.apple.metadata:com_apple_backup_excludeItem:
        00000000  63 6F 6D 2E 61 70 70 6C 65 2E 4D 6F 62 69 6C 65  |com.apple.Mobile|
        00000010  42 61 63 6B 75 70                                |Backup|
        00000016
        Documents/legacy: com.apple.MobileBackup: \u{1}
        Documents/q: com.apple.quarantine: 0081;5f;Safari;
        """
        var w: [Diagnostic] = []
        let entries = try XattrDumpReader.read(Array(text.utf8), file: "container/xattr.txt", warnings: &w)
        #expect(w.isEmpty)
        #expect(entries.map { String(decoding: $0.path, as: UTF8.self) } == [
            "Library/Application Support/VaultIndex", "Documents/odd: name: dir", "Documents/legacy", "Documents/q"])
        #expect(entries[1].value == Array("com.apple.MobileBackup".utf8))
        #expect(entries.map(\.marksBackupExclusion) == [true, true, true, false])
        #expect(entries[3].attribute == "com.apple.quarantine" && entries[3].line == 7)
    }

    @Test func badLinesWarnAndGarbageThrows() throws {
        var w: [Diagnostic] = []
        let entries = try XattrDumpReader.read(Array("a: com.apple.metadata:com_apple_backup_excludeItem: other\r\nnot xattr\ncom.apple.MobileBackup: x\n".utf8),
                                               file: "x.txt", warnings: &w)
        #expect(entries.count == 1 && !entries[0].marksBackupExclusion)
        #expect(w.map { $0.position?.line ?? 0 } == [1, 2, 3])
        #expect(w[0].message.contains("unrecognised value"))
        #expect(w[2].message.contains("no path"))
        do {
            _ = try XattrDumpReader.read(Array("\u{1}\u{2}garbage\n".utf8), file: "x.txt", warnings: &w)
            Issue.record("expected an error")
        } catch {
            #expect(error.position?.description == "1:1")
        }
    }
}
