import Testing

@testable import ExhibitApp

/// What `collect` takes from the app's Info.plist into run.json.
@Suite struct RunFactsTests {
    /// A project's source Info.plist (immich's Runner) holds unexpanded build settings:
    /// `$(PRODUCT_BUNDLE_IDENTIFIER)` names no app, so it is no bundle identifier.
    @Test func unexpandedBuildSettingsAreNoAppFacts() {
        func plist(_ id: String, _ version: String) -> [UInt8] {
            Array(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>\(id)</string>
                <key>CFBundleShortVersionString</key><string>\(version)</string></dict></plist>
                """.utf8)
        }
        let source = RunFacts.appFacts(plist("$(PRODUCT_BUNDLE_IDENTIFIER)", "$(MARKETING_VERSION)"))
        #expect(source.bundleID == nil && source.version == nil)
        let built = RunFacts.appFacts(plist("app.alextran.immich", "1.2"))
        #expect(built.bundleID == "app.alextran.immich" && built.version == "1.2")
    }
}
