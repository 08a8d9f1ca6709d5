import Foundation
import Testing

@testable import ExhibitCore

/// The app's data-container events from small logs of our own, written in the line shapes
/// of published `mobile_installation.log` files (MobileInstallationLogReader's sources),
/// with a simulator's container paths; and hostile inputs built by generators.
@Suite struct MobileInstallationLogReaderTests {
    static let data = "/Users/ci/Library/Developer/CoreSimulator/Devices/5B1C0A7E-3D2F-4C61-9E8A-0F4B7C2D1E93/data/Containers"
    static let firstContainer = data + "/Data/Application/0A1B2C3D-1111-4222-8333-944455556666"
    static let secondContainer = data + "/Data/Application/7F6E5D4C-AAAA-4BBB-8CCC-DDDDEEEEFFFF"
    static let bundleContainer = data + "/Bundle/Application/12345678-ABCD-4EF0-9123-456789ABCDEF"

    static func installing(_ stamp: String, _ id: String) -> String {
        "\(stamp) [812] <notice> (0x16b48f000) -[MIInstaller _installInstallable:containingSymlink:error:]: Installing <MIInstallableBundle ID=\(id); Version=7, ShortVersion=2.4.1>\n"
    }

    static func madeLive(_ stamp: String, _ id: String, _ path: String) -> String {
        "\(stamp) [812] <notice> (0x16b48f000) -[MIContainer makeContainerLiveReplacingContainer:reason:waitForDeletion:withError:]: Made container live for \(id) at \(path)\n"
    }

    static func destroying(_ stamp: String, _ id: String, _ path: String) -> String {
        "\(stamp) [901] <err> (0x16fc9b000) -[MIUninstaller _uninstallBundleWithIdentity:linkedToChildren:waitForDeletion:uninstallReason:temporaryReference:wasLastReference:error:]: Destroying container \(id) with persona (null) at \(path)\n"
    }

    /// The run's action started at +0200: a local 10:00:00 is 08:00:00 UTC.
    static let offset = 7_200

    static func read(_ text: String, offset: Int? = offset) -> ([MobileInstallationLogReader.Record], [Diagnostic]) {
        read(Array(text.utf8), offset: offset)
    }

    static func read(_ bytes: [UInt8], offset: Int? = offset) -> ([MobileInstallationLogReader.Record], [Diagnostic]) {
        var warnings: [Diagnostic] = []
        let records = MobileInstallationLogReader.read(bytes, file: "mobile_installation.log.0", utcOffsetSeconds: offset, warnings: &warnings)
        return (records, warnings)
    }

    static func utc(_ text: String) -> Double { ISO8601Timestamp.secondsSince1970(text)! }

    @Test func anInstallThenItsDataContainerMadeLiveIsACreationAtTheInstallsStart() throws {
        let log =
            Self.installing("Tue Nov  3 10:00:04 2026", "com.example.vault")
            + Self.madeLive("Tue Nov  3 10:00:05 2026", "com.example.vault", Self.firstContainer)
            + Self.madeLive("Tue Nov  3 10:00:05 2026", "com.example.vault", Self.bundleContainer)
            + "Tue Nov  3 10:00:05 2026 [812] <notice> (0x16b48f000) -[MIInstaller performInstallationWithError:]: Install Successful for (Placeholder:com.example.vault); Staging: 0.01s\n"
        let (records, warnings) = Self.read(log)
        #expect(warnings.isEmpty)
        // The bundle container is not the app's data.
        #expect(records.map(\.kind) == [.installing, .madeLive])
        let live = try #require(records.last)
        #expect(live.time == Self.utc("2026-11-03T08:00:05Z"))
        #expect(live.bundleID == "com.example.vault")
        #expect(live.path == Self.firstContainer)
        let events = MobileInstallationLogReader.containerEvents(records, bundleID: "com.example.vault")
        #expect(events == [ContainerEvent(time: Self.utc("2026-11-03T08:00:04Z"), kind: .created, bundleID: "com.example.vault", path: Self.firstContainer)])
    }

    @Test func aSecondContainerMadeLiveAfterAnUninstallIsAReplacement() {
        let log =
            Self.madeLive("Tue Nov  3 10:00:05 2026", "com.example.vault", Self.firstContainer)
            + Self.destroying("Tue Nov  3 10:03:00 2026", "com.example.vault", Self.firstContainer)
            + Self.installing("Tue Nov  3 10:03:10 2026", "com.example.vault")
            + Self.madeLive("Tue Nov  3 10:03:11 2026", "com.example.vault", Self.secondContainer)
        let (records, _) = Self.read(log)
        let events = MobileInstallationLogReader.containerEvents(records, bundleID: "com.example.vault")
        #expect(events.map(\.kind) == [.created, .replaced])
        #expect(events.last?.time == Self.utc("2026-11-03T08:03:10Z"))
        #expect(events.last?.path == Self.secondContainer)
    }

    /// The rotated files are not in time order: the events are told apart by time, not
    /// by the order the files were read.
    @Test func rotatedFilesAreOrderedByTimeBeforeTheyAreToldApart() {
        let newer = Self.read(Self.madeLive("Wed Nov  4 09:00:00 2026", "com.example.vault", Self.secondContainer)).0
        let older = Self.read(Self.madeLive("Tue Nov  3 10:00:05 2026", "com.example.vault", Self.firstContainer)).0
        let events = MobileInstallationLogReader.containerEvents(newer + older, bundleID: "com.example.vault")
        #expect(events.map(\.kind) == [.created, .replaced])
        #expect(events.map(\.path) == [Self.firstContainer, Self.secondContainer])
    }

    /// Without the run's app, every app's events are kept but Apple's own: the simulator
    /// makes their containers live as it boots, and a late one must not become the cut-off.
    @Test func otherAppsAreLeftOutWhenTheRunNamesItsAppAndKeptWhenItDoesNot() {
        let log =
            Self.madeLive("Tue Nov  3 09:58:00 2026", "com.apple.Health", Self.data + "/Data/Application/99999999-0000-4000-8000-000000000000")
            + Self.madeLive("Tue Nov  3 10:00:05 2026", "com.example.vault", Self.firstContainer)
            + Self.madeLive("Tue Nov  3 10:00:06 2026", "com.example.vault.widget", Self.data + "/Data/PluginKitPlugin/ABCDEF01-2345-4678-9ABC-DEF012345678")
        let (records, _) = Self.read(log)
        #expect(MobileInstallationLogReader.containerEvents(records, bundleID: "com.example.vault").map(\.bundleID) == ["com.example.vault"])
        #expect(MobileInstallationLogReader.containerEvents(records, bundleID: nil).map(\.bundleID) == ["com.example.vault"])
        #expect(
            MobileInstallationLogReader.containerEvents(records, bundleID: "com.apple.Health").map(\.bundleID) == ["com.apple.Health"],
            "an Apple app named as the run's app is still read")
    }

    /// "Data container for … is now at …" keeps the contents under a new name (an
    /// update): not a creation, so not an event.
    @Test func aDataContainerRenamedOnUpdateIsNotAnEvent() {
        let log =
            "Tue Nov  3 10:00:05 2026 [812] <notice> (0x16b48f000) -[MIInstallableBundle _refreshUUIDForContainer:withError:]: Data container for com.example.vault is now at \(Self.secondContainer)\n"
        #expect(Self.read(log).0.isEmpty)
    }

    @Test func withoutTheActionsOffsetNothingIsPlacedAndAWarningSaysSo() {
        let (records, warnings) = Self.read(Self.madeLive("Tue Nov  3 10:00:05 2026", "com.example.vault", Self.firstContainer), offset: nil)
        #expect(records.isEmpty)
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("no UTC offset") == true)
    }

    @Test func impossibleStampsAreSkippedWithAWarningNamingTheLine() {
        let cases = [
            "Tue Feb 30 10:00:05 2026", "Tue Nov  3 25:00:05 2026", "Tue Nov  3 10:61:05 2026", "Tue Nov 00 10:00:05 2026",
            "Xyz Nov  3 10:00:05 2026", "Tue Nox  3 10:00:05 2026", "Tue Nov  3 10:00:05 1969", "Tue Nov  3 10:00:05 20x6",
            "10:00:05.000", "",
        ]
        for stamp in cases {
            let (records, warnings) = Self.read("ok line\n" + Self.madeLive(stamp, "com.example.vault", Self.firstContainer))
            #expect(records.isEmpty, "\(stamp)")
            #expect(warnings.first?.position?.line == 2, "\(stamp)")
        }
        // A leap day is a day.
        #expect(Self.read(Self.madeLive("Mon Feb 29 10:00:05 2028", "com.example.vault", Self.firstContainer)).0.count == 1)
    }

    /// Truncated lines at every length, invalid UTF-8, control bytes and huge lines: no
    /// trap, no event from a broken line, and a whole line after them still read.
    @Test func hostileInputNeverTrapsAndTheNextGoodLineIsStillRead() {
        let good = Array(Self.madeLive("Tue Nov  3 10:00:05 2026", "com.example.vault", Self.firstContainer).utf8)
        for cut in 0..<(good.count - 1) {
            let (records, _) = Self.read(Array(good.prefix(cut)))
            // A line cut inside the path is still a (shorter) path; cut before it, nothing.
            #expect(records.allSatisfy { $0.path.count < Self.firstContainer.count })
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            var noise = (0..<Int.random(in: 0..<400, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            noise.removeAll { $0 == 0x0A }
            let (records, _) = Self.read(noise + [0x0A] + good)
            #expect(records.count == 1)
        }
        // Invalid UTF-8 in the id is decoded with a replacement character (the id is
        // shown escaped); a control byte makes it no id at all.
        let head = Array("Tue Nov  3 10:00:05 2026 [1] <notice> (0x1) -[MIContainer x]: Made container live for com.".utf8)
        let badID = head + [0xFF, 0x20] + Array("at \(Self.firstContainer)\n".utf8)
        #expect(Self.read(badID).0.first?.bundleID == "com.\u{FFFD}")
        let withControl = Self.madeLive("Tue Nov  3 10:00:05 2026", "com.ex\u{1B}[2Jample", Self.firstContainer)
        #expect(Self.read(withControl).0.isEmpty)
        let hugeHead = Array("Tue Nov  3 10:00:05 2026 Made container live for com.example.vault at /x/Containers/Data/Application/".utf8)
        let hugeLine = hugeHead + [UInt8](repeating: 0x41, count: 200_000) + [0x0A] + good
        let (records, warnings) = Self.read(hugeLine)
        #expect(records.count == 1)
        #expect(warnings.contains { $0.message.contains("longer than") })
        let hugePath = Self.madeLive("Tue Nov  3 10:00:05 2026", "com.example.vault", Self.firstContainer + String(repeating: "/a", count: 3_000))
        #expect(Self.read(hugePath).0.isEmpty)
    }

    /// Many container lines cost in proportion: twice the lines, about twice the records,
    /// and at most the limit kept.
    @Test func manyLinesAreBoundedByTheRecordLimit() {
        let line = Self.madeLive("Tue Nov  3 10:00:05 2026", "com.example.vault", Self.firstContainer)
        let count = MobileInstallationLogReader.maximumRecords + 5
        let (records, warnings) = Self.read(String(repeating: line, count: count))
        #expect(records.count == MobileInstallationLogReader.maximumRecords)
        #expect(warnings.contains { $0.message.contains("5 container line(s)") })
    }
}
