import Testing

@testable import ExhibitCore

@Suite struct RunMetadataReaderTests {
    @Test func readsNestedAndFlatKeys() throws {
        let text = """
            {"commit":"9f2c1e7","branch":"main","scheme":"Vault","destination":"platform=iOS Simulator,name=iPhone 16",
             "device":{"name":"iPhone 16","udid":"0A1B"},"runtime":{"identifier":"com.apple.CoreSimulator.SimRuntime.iOS-18-5","version":"18.5","buildversion":"22F77"},
             "bundleIdentifier":"com.example.vault","appVersion":"2.4.1","xcodeVersion":"16.4",
             "xcresulttoolVersion":"xcresulttool version 24051.1, schema version: 0.1.0 (legacy commands format version: 3.53)",
             "startTime":1767225600.125,"finishTime":"2026-01-01T00:01:01Z","ci":{"jobId":"4711","jobURL":"https://ci.example.com/j/4711"},"future":{"x":1}}
            """
        var w: [Diagnostic] = []
        let m = try RunMetadataReader.read(Array(text.utf8), file: "run.json", warnings: &w)
        #expect(w.isEmpty)
        #expect(m.commit == "9f2c1e7" && m.branch == "main" && m.scheme == "Vault")
        #expect(m.deviceName == "iPhone 16" && m.deviceIdentifier == "0A1B")
        #expect(m.runtimeIdentifier == "com.apple.CoreSimulator.SimRuntime.iOS-18-5" && m.runtimeVersion == "18.5" && m.runtimeBuild == "22F77")
        #expect(m.bundleIdentifier == "com.example.vault" && m.appVersion == "2.4.1" && m.xcodeVersion == "16.4")
        #expect(m.xcresulttoolBuild == "24051.1")
        #expect(m.startTime == 1767225600.125 && m.finishTime == 1_767_225_661)
        #expect(m.ciJobID == "4711" && m.ciJobURL == "https://ci.example.com/j/4711")
    }

    @Test func wrongTypesWarnWithKeyAndPosition() throws {
        var w: [Diagnostic] = []
        let m = try RunMetadataReader.read(
            Array("{\"commit\":42,\n\"runtime\":{\"version\":18.5},\"startTime\":\"soon\",\"branch\":null}".utf8), file: "run.json", warnings: &w)
        #expect(m.commit == nil && m.runtimeVersion == nil && m.startTime == nil && m.branch == nil)
        #expect(
            w.map { $0.description } == [
                "run.json:1:11 (byte 10): warning: expected a string for \"commit\", found a number; ignored",
                "run.json:2:22: warning: expected a string for \"runtime.version\", found a number; ignored",
                "run.json:2:40: warning: \"startTime\" is neither Unix seconds nor an ISO-8601 time (\"soon\"); ignored",
            ])
    }

    @Test func notJSONOrNotAnObjectThrows() {
        #expect(throws: Diagnostic.self) {
            var w: [Diagnostic] = []
            _ = try RunMetadataReader.read(Array("{\"commit\":".utf8), file: "run.json", warnings: &w)
        }
        do {
            var w: [Diagnostic] = []
            _ = try RunMetadataReader.read(Array("[1]".utf8), file: "run.json", warnings: &w)
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "expected an object of run metadata, found an array")
        }
    }
}
