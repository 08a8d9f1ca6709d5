import Foundation
import Testing

@testable import ExhibitCore

/// The app's Info.plist and the preference copies are dictionaries: one that decodes
/// to anything else is not what `collect` copies, so it is recorded malformed with the
/// position of its top object and what was expected, as a file that does not decode
/// is, and the rest of the bundle still loads (2026-12-05 review).
@Suite struct AppPropertyListLoadingTests {
    static let xmlArray = Array(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n  <array><string>com.example.vault.refresh</string></array>\n</plist>\n"
            .utf8)
    static let binaryArray: [UInt8] = {
        let data = try? PropertyListSerialization.data(fromPropertyList: ["com.example.vault.refresh"], format: .binary, options: 0)
        return [UInt8](data ?? Data())
    }()
    static let runJSON = Array(#"{"runID": "r"}"#.utf8)

    func malformed(_ bundle: EvidenceBundle, _ file: String) -> Diagnostic? {
        if case .malformed(let d)? = bundle.status(of: file) { return d }
        return nil
    }

    @Test func anInfoPlistWhoseTopIsNotADictionaryIsMalformedAtItsTopObject() throws {
        let xml = BundleLoader.load(runID: "r", from: MemoryEvidenceSource(["app/Info.plist": Self.xmlArray, "run.json": Self.runJSON]))
        #expect(xml.appInfo == nil)
        let d = try #require(malformed(xml, "app/Info.plist"), "\(String(describing: xml.status(of: "app/Info.plist")))")
        #expect(d.message == "expected a dictionary at the top of the property list, found an array", "\(d.message)")
        #expect(d.position?.line == 3 && d.position?.column == 3, "\(String(describing: d.position))")
        #expect(xml.diagnostics.contains(d))
        #expect(xml.status(of: "run.json") == .loaded)

        let binary = BundleLoader.load(runID: "r", from: MemoryEvidenceSource(["app/Info.plist": Self.binaryArray]))
        let b = try #require(malformed(binary, "app/Info.plist"))
        #expect(b.message == "binary property list: expected a dictionary at the top of the property list, found an array", "\(b.message)")
        // The top object's own byte: the array written after the header and its string.
        #expect(b.position?.line == 1 && (b.position?.byteOffset ?? 0) >= 8, "\(String(describing: b.position))")
        #expect(binary.appInfo == nil)
    }

    @Test func aPreferenceCopyWhoseTopIsNotADictionaryIsMalformedAndTheOthersLoad() throws {
        let bundle = BundleLoader.load(
            runID: "r",
            from: MemoryEvidenceSource([
                "container/preferences/com.example.vault.plist": Self.binaryArray,
                "container/preferences/com.example.other.plist": Array(
                    "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>a</key><true/></dict></plist>".utf8),
            ]))
        let d = try #require(malformed(bundle, "container/preferences/com.example.vault.plist"))
        #expect(d.message.hasSuffix("expected a dictionary at the top of the property list, found an array"))
        let copy = try #require(bundle.preferences.first { $0.file == "container/preferences/com.example.vault.plist" })
        #expect(copy.value == nil)
        #expect(copy.problem == d)
        #expect(bundle.status(of: "container/preferences/com.example.other.plist") == .loaded)
    }

    @Test func aDictionaryStillLoads() {
        let data = try? PropertyListSerialization.data(fromPropertyList: ["UIBackgroundModes": ["fetch"]], format: .binary, options: 0)
        let bundle = BundleLoader.load(runID: "r", from: MemoryEvidenceSource(["app/Info.plist": [UInt8](data ?? Data())]))
        #expect(bundle.status(of: "app/Info.plist") == .loaded)
        #expect(bundle.appInfo?["UIBackgroundModes"]?.array?.count == 1)
    }
}
