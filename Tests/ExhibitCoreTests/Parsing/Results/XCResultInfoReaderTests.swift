import Foundation
import Testing

@testable import ExhibitCore

@Suite struct XCResultInfoReaderTests {
    let file = "results/Vault.xcresult/Info.plist"

    @Test func readsTheFormatVersionDateAndStorage() throws {
        let (info, warnings) = try readText(XCResultInfoReader.self, ResultsSamples.infoPlist, file: file)
        #expect(warnings.isEmpty)
        #expect(info.file == file)
        #expect(info.formatMajor == 3)
        #expect(info.formatMinor == 53)
        #expect(info.formatVersion == "3.53")
        #expect(info.dateCreated == 1_767_250_867)
        #expect(info.storageBackend == "fileBacked2")
        #expect(info.storageCompression == "standard")
    }

    @Test func unfamiliarLayoutIsRecordedWithAWarning() throws {
        let text = ResultsSamples.infoPlist
            .replacingOccurrences(of: "<integer>3</integer>", with: "<integer>4</integer>")
            .replacingOccurrences(of: "fileBacked2", with: "sqlite")
        let (info, warnings) = try readText(XCResultInfoReader.self, text, file: file)
        #expect(info.formatVersion == "4.53")
        #expect(info.storageBackend == "sqlite")
        #expect(
            warnings.map(\.description) == [
                "results/Vault.xcresult/Info.plist: warning: unfamiliar xcresult bundle: storage backend \"sqlite\" (expected fileBacked2), format version 4.53 (expected 3.x); its data files and database may not read as documented"
            ])
    }

    @Test func missingVersionAndStorageWarn() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>dateCreated</key><string>yesterday</string></dict></plist>
            """
        let (info, warnings) = try readText(XCResultInfoReader.self, text, file: file)
        #expect(info.formatMajor == nil)
        #expect(info.dateCreated == nil)
        #expect(
            warnings.map(\.message) == [
                "no version dictionary: the xcresult format is unknown",
                "ignored dateCreated: expected a date, found a string",
                "unfamiliar xcresult bundle: storage backend missing (expected fileBacked2), compression missing (expected standard); its data files and database may not read as documented",
            ])
    }

    @Test func malformedPlistsAreErrors() throws {
        let empty = try #require(thrownDiagnostic(XCResultInfoReader.self, [], file: file))
        #expect(empty.description == "results/Vault.xcresult/Info.plist:1:1: error: expected a property list, found an empty file")
        let truncated = Array(ResultsSamples.infoPlist.utf8.prefix(300))
        let cut = try #require(thrownDiagnostic(XCResultInfoReader.self, truncated, file: file))
        #expect(cut.severity == .error)
        #expect(cut.file == file)
        #expect(cut.message.hasPrefix("expected a property list (XML or binary)"))
        let array = try #require(thrownDiagnostic(XCResultInfoReader.self, "<plist version=\"1.0\"><array/></plist>", file: file))
        #expect(array.message == "expected a dictionary at the root of the property list, found an array")
    }

    @Test func acceptsCRLFAndABinaryPlist() throws {
        let crlf = ResultsSamples.infoPlist.replacingOccurrences(of: "\n", with: "\r\n")
        let (fromCRLF, _) = try readText(XCResultInfoReader.self, crlf, file: file)
        #expect(fromCRLF.formatMinor == 53)
        let object: [String: Any] = ["version": ["major": 3, "minor": 56], "storage": ["backend": "fileBacked2", "compression": "standard"]]
        let binary = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        let (info, warnings) = try readBytes(XCResultInfoReader.self, Array(binary), file: file)
        #expect(info.formatVersion == "3.56")
        #expect(warnings.isEmpty)
    }
}
