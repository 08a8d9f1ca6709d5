import Testing
@testable import ExhibitCommands

@Suite struct ExhibitCommandsTests {
    @Test func noArgumentsIsNotACrash() {
        #expect(Exhibit.main(["--version"]) == 0)
    }
}
