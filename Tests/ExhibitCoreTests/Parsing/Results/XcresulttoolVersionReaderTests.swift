import Testing

@testable import ExhibitCore

@Suite struct XcresulttoolVersionReaderTests {
    let file = "xcresulttool-version.txt"

    @Test func readsXcode16() throws {
        let (version, _) = try readText(XcresulttoolVersionReader.self, "xcresulttool version 23024, format version 3.53 (current)\n", file: file)
        #expect(version == XcresulttoolVersion(build: "23024", formatVersion: "3.53"))
    }

    @Test func readsXcode26WithADottedBuild() throws {
        let (version, _) = try readText(
            XcresulttoolVersionReader.self,
            "xcresulttool version 24051.1, schema version: 0.1.0 (legacy commands format version: 3.53)\n", file: file)
        #expect(version == XcresulttoolVersion(build: "24051.1", schemaVersion: "0.1.0", legacyFormatVersion: "3.53"))
    }

    @Test func readsXcode26BetaAndCRLF() throws {
        let (version, _) = try readText(
            XcresulttoolVersionReader.self, "xcresulttool version 24038.1, schema version: 0.0.0 (legacy commands format version: 3.53)\r\n", file: file)
        #expect(version.build == "24038.1")
        #expect(version.schemaVersion == "0.0.0")
    }

    @Test func buildTakesAtMostOneDotGroup() throws {
        let (version, _) = try readText(XcresulttoolVersionReader.self, "xcresulttool version 25000.2.7", file: file)
        #expect(version.build == "25000.2")
    }

    @Test func unreadableTextIsAnError() throws {
        let empty = try #require(thrownDiagnostic(XcresulttoolVersionReader.self, "", file: file))
        #expect(empty.description == "xcresulttool-version.txt:1:1: error: expected \"xcresulttool version <build>\", found an empty file")
        let noBuild = try #require(thrownDiagnostic(XcresulttoolVersionReader.self, "note\nxcresulttool version unknown", file: file))
        #expect(noBuild.description == "xcresulttool-version.txt:2:22: error: expected a build number after \"xcresulttool version\", found \"unknown\"")
        let invalid = try #require(thrownDiagnostic(XcresulttoolVersionReader.self, [0xFF, 0xFE, 0x00], file: file))
        #expect(invalid.severity == .error)
    }
}
