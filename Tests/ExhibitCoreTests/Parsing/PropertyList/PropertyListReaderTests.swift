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
