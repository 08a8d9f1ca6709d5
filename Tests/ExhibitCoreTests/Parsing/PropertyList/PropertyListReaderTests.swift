import Foundation
import Testing

@testable import ExhibitCore

@Suite struct PropertyListReaderTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>syncMode</key><string>wifi</string>
        \t<key>hasSeenOnboarding</key><false/>
        \t<key>launchCount</key><integer>1</integer>
        \t<key>ratio</key><real>0.5</real>
        \t<key>lastSync</key><date>2026-11-07T09:12:05Z</date>
        \t<key>token</key><data>AAEC</data>
        \t<key>languages</key><array><string>en</string><string>ja</string></array>
        \t<key>nested</key><dict><key>a</key><true/></dict>
        \t<key>big</key><integer>18446744073709551615</integer>
        </dict>
        </plist>
        """

    func decode(_ bytes: [UInt8]) throws(Diagnostic) -> (value: PropertyListValue, format: PropertyListReader.Format) {
        try PropertyListReader.decode(bytes, file: "container/preferences/x.plist")
    }

    @Test func xmlGivesKeysTypesAndScalars() throws {
        let (value, format) = try decode(Array(Self.xml.utf8))
        #expect(format == .xml)
        #expect(
            value.members?.map(\.key) == [
                "big", "hasSeenOnboarding", "languages", "lastSync", "launchCount", "nested",
                "ratio", "syncMode", "token",
            ])
        #expect(value["syncMode"] == .string("wifi"))
        // `<integer>1</integer>` stays an integer and `<false/>` a boolean, on Linux too.
        #expect(value["launchCount"] == .integer(1))
        #expect(value["hasSeenOnboarding"] == .boolean(false))
        #expect(value["ratio"] == .real(0.5))
        #expect(value["lastSync"]?.scalarText == "2026-11-07T09:12:05Z")
        #expect(value["token"] == .data([0, 1, 2]))
        #expect(value["languages"]?.scalarText == "[2 items]")
        #expect(value["nested"]?["a"] == .boolean(true))
        #expect(value["big"] == .unsignedInteger(UInt64.max))
    }

    @Test func binaryDecodesTheSameValues() throws {
        let xmlValue = try decode(Array(Self.xml.utf8)).value
        let object = try PropertyListSerialization.propertyList(from: Data(Self.xml.utf8), options: [], format: nil)
        let binary = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        let (value, format) = try decode([UInt8](binary))
        #expect(format == .binary)
        #expect(value == xmlValue)
    }

    @Test func malformedInputIsADiagnosticNamingTheFile() {
        let cases: [(String, [UInt8])] = [
            ("empty", []),
            ("garbage", Array("syncMode = wifi;".utf8)),
            ("truncated XML", Array("<?xml version=\"1.0\"?><plist><dict><key>a</key>".utf8)),
            ("truncated binary", Array("bplist00".utf8) + [0xD1, 0x01, 0x02]),
        ]
        for (name, bytes) in cases {
            do {
                _ = try decode(bytes)
                Issue.record("\(name) decoded")
            } catch {
                #expect(error.file == "container/preferences/x.plist", "\(name)")
                #expect(error.severity == .error, "\(name)")
            }
        }
    }

    @Test func openStepTextIsRefusedWithWhatWasExpected() {
        #expect(throws: Diagnostic.self) { try decode(Array("{ a = b; }".utf8)) }
        do {
            _ = try decode(Array("\"just a string\"".utf8))
        } catch {
            #expect(error.message.hasPrefix("expected a binary (bplist00) or XML property list"))
        }
    }

    @Test func deepNestingIsRefusedNotRecursedWithoutBound() {
        let depth = PropertyListReader.maximumDepth + 5
        let text =
            "<?xml version=\"1.0\"?><plist>" + String(repeating: "<array>", count: depth) + "<true/>"
            + String(repeating: "</array>", count: depth) + "</plist>"
        #expect(throws: Diagnostic.self) { try decode(Array(text.utf8)) }
    }
}

/// A key a dictionary holds twice (immich's real Runner Info.plist holds
/// `CADisableMinimumFrameDurationOnPhone` twice): the later value is read, as Apple's
/// parser reads it, and each repeat is warned with both positions, in XML and binary.
@Suite struct PropertyListDuplicateKeyTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>BGTaskSchedulerPermittedIdentifiers</key><array><string>com.example.refresh</string></array>
        \t<key>CFBundleIdentifier</key><string>com.example</string>
        \t<key>BGTaskSchedulerPermittedIdentifiers</key><array><string>com.example.sync</string></array>
        </dict>
        </plist>
        """

    @Test func xmlKeepsTheLaterValueAndWarnsWithBothPositions() throws {
        var warnings: [Diagnostic] = []
        let value = try PropertyListReader.read(Array(Self.xml.utf8), file: "app/Info.plist", warnings: &warnings)
        #expect(value["BGTaskSchedulerPermittedIdentifiers"] == .array([.string("com.example.sync")]))
        #expect(value.members?.count == 2)
        #expect(warnings.count == 1)
        let w = try #require(warnings.first)
        #expect(w.position?.line == 6 && w.severity == .warning, "\(w)")
        #expect(w.message.contains("\"BGTaskSchedulerPermittedIdentifiers\" given twice") && w.message.contains("(first at 4:"), "\(w)")
    }

    @Test func binaryKeepsTheLaterValueAndWarns() throws {
        var b = BinaryPlistBuilder()
        let k1 = b.ascii("UIBackgroundModes")
        let k2 = b.ascii("UIBackgroundModes")
        let v1 = b.array([b.ascii("fetch")])
        let v2 = b.array([b.ascii("processing")])
        let top = b.dictionary(keys: [k1, k2], values: [v1, v2])
        var warnings: [Diagnostic] = []
        let value = try PropertyListReader.read(b.build(top: top), file: "app/Info.plist", warnings: &warnings)
        #expect(value["UIBackgroundModes"] == .array([.string("processing")]))
        #expect(warnings.count == 1 && warnings[0].message.contains("\"UIBackgroundModes\" given twice"), "\(warnings)")
    }

    @Test func manyRepeatsAreCountedPastTheLimit() throws {
        let keys = (0..<30).map { _ in "<key>k</key><true/>" }.joined()
        var warnings: [Diagnostic] = []
        _ = try PropertyListReader.read(Array("<plist><dict>\(keys)</dict></plist>".utf8), file: "x.plist", warnings: &warnings)
        #expect(warnings.count == PropertyListDuplicateKeys.limit + 1)
        #expect(warnings.last?.message == "\(29 - PropertyListDuplicateKeys.limit) more keys given twice, not listed")
    }

    @Test(.enabled(if: RealEvidence.isPresent, RealEvidence.absent))
    func theRealImmichPlistsRepeatIsWarned() throws {
        let relative = "infoplist/immich-Runner-Info.plist"
        var warnings: [Diagnostic] = []
        _ = try PropertyListReader.read(try RealEvidence.bytes(relative), file: relative, warnings: &warnings)
        #expect(
            warnings.map(\.message) == [
                "key \"CADisableMinimumFrameDurationOnPhone\" given twice in one dictionary (first at 9:2); the later value is read, as Apple's parser reads it"
            ])
    }
}
