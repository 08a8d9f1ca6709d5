import Foundation
import Testing

@testable import ExhibitCore
@testable import ExhibitSynthetic

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
        #expect(
            entries.map { String(decoding: $0.path, as: UTF8.self) } == [
                "Library/Application Support/VaultIndex", "Documents/odd: name: dir", "Documents/legacy", "Documents/q",
            ])
        #expect(entries[1].value == Array("com.apple.MobileBackup".utf8))
        #expect(entries.map(\.marksBackupExclusion) == [true, true, true, false])
        #expect(entries[3].attribute == "com.apple.quarantine" && entries[3].line == 7)
    }

    @Test func badLinesWarnAndGarbageThrows() throws {
        var w: [Diagnostic] = []
        let entries = try XattrDumpReader.read(
            Array("a: com.apple.metadata:com_apple_backup_excludeItem: other\r\nnot xattr\ncom.apple.MobileBackup: x\n".utf8),
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

/// `getfattr -d` output and the Linux `user.` attribute names, as `xattr.txt`.
@Suite struct GetfattrDumpReaderTests {
    static let attribute = "com.apple.metadata:com_apple_backup_excludeItem"

    private func read(_ text: String) throws(Diagnostic) -> ([XattrDumpReader.Entry], [Diagnostic]) {
        var w: [Diagnostic] = []
        let entries = try XattrDumpReader.read(Array(text.utf8), file: "container/xattr.txt", warnings: &w)
        return (entries, w)
    }

    @Test func readsBlocksWithTextBase64AndHexValues() throws {
        // What `getfattr -R -d -m - .`, `-e hex` and a binary value print (checked against attr 2.5 on Debian).
        let (entries, w) = try read(
            """
            # file: Library/Application\\040Support/VaultIndex
            user.\(Self.attribute)="com.apple.MobileBackup"

            # file: Library/Caches/y
            user.bin=0sAP8Q
            user.quote="a\\"b\\\\c\\012d"

            # file: Documents/n\\012l\\134b
            user.\(Self.attribute)=0x636f6d2e6170706c652e4d6f62696c654261636b7570
            user.flag

            """)
        #expect(w.isEmpty)
        #expect(
            entries.map { String(decoding: $0.path, as: UTF8.self) } == [
                "Library/Application Support/VaultIndex", "Library/Caches/y", "Library/Caches/y", "Documents/n\nl\\b", "Documents/n\nl\\b",
            ])
        #expect(entries[1].value == [0x00, 0xFF, 0x10])
        #expect(entries[2].value == Array("a\"b\\c\nd".utf8))
        #expect(entries.map(\.marksBackupExclusion) == [true, false, false, true, false])
        #expect(entries.map(\.line) == [2, 5, 6, 9, 10])
    }

    @Test func linuxAndMacNamesBothMark() throws {
        let (entries, _) = try read(
            """
            a: user.\(Self.attribute): com.apple.MobileBackup
            b: \(Self.attribute): com.apple.MobileBackup
            c: user.com.apple.MobileBackup: \u{1}
            d: user.other: com.apple.MobileBackup

            """)
        #expect(entries.map(\.marksBackupExclusion) == [true, true, true, false])
        #expect(XattrDumpReader.platformNeutralName("user." + Self.attribute) == Self.attribute)
        #expect(XattrDumpReader.platformNeutralName("user.other") == "user.other")
    }

    @Test func malformedLinesAreWarnedWithTheirPosition() throws {
        let (entries, w) = try read("# file: a\nuser.x=zz\n\nuser.y=\"1\"\n# file: b\nuser.\(Self.attribute)=\"other\"\n")
        #expect(entries.count == 1)
        #expect(
            w.map(\.description) == [
                "container/xattr.txt:2:1: warning: value of user.x is not \"text\", 0s<base64> or 0x<hex>; line skipped",
                "container/xattr.txt:4:1: warning: expected '# file: PATH' before the attribute (getfattr -d output); line skipped",
                "container/xattr.txt:6:1: warning: user.\(Self.attribute) has an unrecognised value \"other\"; not counted as excluded",
            ])
    }

    @Test func base64DecodesWhatFoundationEncodes() {
        var rng = SplitMix64(seed: 5)
        for n in 0..<64 {
            let bytes = (0..<n).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let text = Array(Data(bytes).base64EncodedString().utf8)
            #expect(Base64.decode(text[...]) == bytes)
        }
        #expect(Base64.decode(Array("A=B".utf8)[...]) == nil)
    }

    /// A fuzzer's find: an indented `# file:` made the file look like a getfattr dump
    /// that then held no block, and the error had no position. getfattr never indents,
    /// so the file is an `xattr -l` dump; any error names a position.
    @Test func anIndentedFileLineIsNotAGetfattrDump() {
        let bytes = Array((String(repeating: " ", count: 25) + "# file: c/Documents/a b\nu./Library/A   ").utf8)
        #expect(!GetfattrDumpReader.looksLikeGetfattr(bytes))
        var warnings: [Diagnostic] = []
        do {
            _ = try XattrDumpReader.read(bytes, file: "container/xattr.txt", warnings: &warnings)
        } catch {
            #expect(error.position != nil, "\(error)")
        }
        do {
            var skipped: [Int] = []
            _ = try GetfattrDumpReader.read(bytes, file: "container/xattr.txt", warnings: &warnings, skippedLines: &skipped)
            Issue.record("no '# file:' block, yet read")
        } catch {
            #expect(error.position == SourcePosition(line: 1, column: 1, byteOffset: 0))
        }
    }
}
