import Foundation
import Testing

@testable import ExhibitCommands

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `check` never passes on a preference copy or an app Info.plist it could not read
/// (2026-12-05 review): the contracts or the background tasks that file would decide
/// are undecided, the gate exits 2 and says which and why. Each case starts from a
/// sample run whose honest form blocks (so a case that stops being checked at all
/// fails too), and the preferences run has a twin whose file the container never
/// held: its keys are absent, and the contracts' fallbacks pass it.
@Suite struct AppEvidenceGateTests {
    func run(_ args: [String]) -> (status: Int32, out: String, err: String) { CollectRunner.exhibit(args) }

    func json(_ bundle: HostileBundle) throws -> [String: Any] {
        let r = run(["check", bundle.run, "--format", "json"])
        return try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any], "\(r.out)")
    }

    static let goodInfoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>BGTaskSchedulerPermittedIdentifiers</key>
        <array><string>com.example.vault.refresh</string><string>com.example.vault.reindex</string></array>
        <key>UIBackgroundModes</key><array><string>fetch</string><string>processing</string></array>
        </dict></plist>
        """

    /// Removes the inventory line naming `name` (one item per line, as the samples have it).
    static func dropInventoryLine(_ bundle: HostileBundle, naming name: String) throws {
        let file = bundle.path("container/inventory.json")
        var lines = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\n")
        let i = try #require(lines.firstIndex { $0.contains(name) })
        // The last item of a directory closes it: the line before (ending in a comma)
        // takes its brackets and whatever followed them.
        let comma = lines[i].hasSuffix(",")
        let closing = String(lines[i].dropLast(comma ? 1 : 0).reversed().prefix { $0 == "]" })
        if !closing.isEmpty { lines[i - 1] = String(lines[i - 1].dropLast()) + closing + (comma ? "," : "") }
        lines.remove(at: i)
        try bundle.write("container/inventory.json", lines.joined(separator: "\n"))
    }

    // MARK: - Preference copies

    /// The preferences run with only its preference findings left to block: the leftover
    /// test suite removed, and an Info.plist that permits every task.
    static func preferencesRun() throws -> HostileBundle {
        let bundle = try HostileBundle(copying: "run-2026-11-07-preferences")
        for f in try FileManager.default.contentsOfDirectory(atPath: bundle.path("container/preferences")) where f.contains("8A1F3C2E") {
            bundle.remove("container/preferences/" + f)
        }
        try dropInventoryLine(bundle, naming: "8A1F3C2E")
        try bundle.write("app/Info.plist", goodInfoPlist)
        return bundle
    }

    static let vaultCopy = "container/preferences/com.example.vault.plist"

    enum PreferenceBreakage: String, CaseIterable, CustomTestStringConvertible {
        case garbageAfterTheHeader, binaryCutInHalf, xmlCutShort, empty, copyRemoved, copyADirectory, copyAFIFO, copyALinkOutOfTheRun
        case directoryRemoved, directoryAFIFO, directoryAFile, directoryALinkOutOfTheRun
        var testDescription: String { rawValue }

        func apply(to bundle: HostileBundle) throws {
            let copy = AppEvidenceGateTests.vaultCopy
            switch self {
            case .garbageAfterTheHeader: try bundle.write(copy, "bplist00garbage")
            case .binaryCutInHalf:
                let bytes = try Data(contentsOf: URL(fileURLWithPath: bundle.path(copy)))
                try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: bundle.path(copy)))
            case .xmlCutShort: try bundle.write(copy, #"<?xml version="1.0"?><plist version="1.0"><dict><key>syncMode</key><string>wi"#)
            case .empty: try bundle.write(copy, "")
            case .copyRemoved: bundle.remove(copy)
            case .copyADirectory: try bundle.makeDirectory(copy)
            case .copyAFIFO: try bundle.makeFIFO(copy)
            case .copyALinkOutOfTheRun:
                try Data(AppEvidenceGateTests.validPreferences.utf8).write(to: URL(fileURLWithPath: bundle.archive + "/outside.plist"))
                try bundle.makeLink(copy, to: bundle.archive + "/outside.plist")
            case .directoryRemoved: bundle.remove("container/preferences")
            case .directoryAFIFO: try bundle.makeFIFO("container/preferences")
            case .directoryAFile: try bundle.write("container/preferences", "com.example.vault.plist\n")
            case .directoryALinkOutOfTheRun:
                let outside = bundle.archive + "/outside-preferences"
                try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
                try Data(AppEvidenceGateTests.validPreferences.utf8).write(to: URL(fileURLWithPath: outside + "/com.example.vault.plist"))
                try bundle.makeLink("container/preferences", to: outside)
            }
        }
    }

    /// Valid values for every contract: read from outside the run, the gate would pass.
    static let validPreferences = """
        <?xml version="1.0"?><plist version="1.0"><dict><key>syncMode</key><string>wifi</string>\
        <key>launchCount</key><integer>1</integer></dict></plist>
        """

    @Test(arguments: PreferenceBreakage.allCases)
    func aPreferenceCopyThatCannotBeReadIsNotAPass(_ breakage: PreferenceBreakage) throws {
        let bundle = try Self.preferencesRun()
        defer { bundle.cleanUp() }
        let honest = run(["check", bundle.run])
        #expect(honest.status == 1, "the readable copy blocks: \(honest.out)\n\(honest.err)")
        #expect(honest.out.contains("preference contract: 2 violations (blocking)"))

        try breakage.apply(to: bundle)
        let r = run(["check", bundle.run])
        #expect(r.status == 2, "\(r.out)\n\(r.err)")
        #expect(r.out.contains("  not checked: Library/Preferences/com.example.vault.plist: "), "\(r.out)")
        #expect(r.out.contains("nothing known blocks, but preference contracts not checked"), "\(r.out)")
        #expect(!r.out.contains("— nothing blocks"))
        #expect(!r.out.contains(", valid"), "no contract is called valid: \(r.out)")
        #expect(r.out.contains("proposed classification: none (not decided)"), "\(r.out)")
        for contract in ["syncMode", "hasSeenOnboarding", "analyticsEnabled", "launchCount"] {
            #expect(r.out.contains("  com.example.vault:\(contract): not checked: "), "\(contract): \(r.out)")
            #expect(r.err.contains("com.example.vault:\(contract)"), "\(contract): \(r.err)")
        }
        // Why, in the words of the file that could not be read.
        switch breakage {
        case .garbageAfterTheHeader, .binaryCutInHalf, .xmlCutShort, .empty:
            #expect(r.out.contains("its copy \(Self.vaultCopy) is malformed at 1:"), "\(r.out)")
            #expect(r.out.contains("\(Self.vaultCopy):1:"), "the reader's diagnostic, with its position: \(r.out)")
        case .copyADirectory, .copyAFIFO, .copyALinkOutOfTheRun:
            #expect(r.out.contains("its copy \(Self.vaultCopy) cannot be read ("), "\(r.out)")
        case .copyRemoved:
            #expect(r.out.contains("the inventory lists it, but container/preferences/ holds no copy of it"), "\(r.out)")
        case .directoryRemoved:
            #expect(r.out.contains("the inventory lists it, but the bundle has no container/preferences/"), "\(r.out)")
        case .directoryAFIFO, .directoryAFile, .directoryALinkOutOfTheRun:
            #expect(r.out.contains("the inventory lists it, but container/preferences/ cannot be listed ("), "\(r.out)")
            #expect(r.out.contains("container/preferences: error: cannot be listed: "), "a diagnostic names it: \(r.out)")
        }

        let object = try json(bundle)
        let preferences = try #require(object["preferences"] as? [[String: Any]])
        #expect(preferences.count == 4)
        for p in preferences {
            #expect(p["valid"] is NSNull, "\(p)")
            #expect(p["present"] is NSNull, "\(p)")
        }
        let unchecked = try #require(object["unchecked"] as? [[String: Any]])
        #expect(unchecked.contains { $0["kind"] as? String == "preference-copy" })

        // The note claims no pass either.
        let note = run(["note", bundle.run])
        #expect(note.status == 0, "\(note.err)")
        #expect(note.out.contains("No class proposed by exhibit (not decided)"), "\(note.out)")
        #expect(note.out.contains("### Violations (0 known)\n\n- Not checked: Library/Preferences/com.example.vault.plist: "), "\(note.out)")
        #expect(!note.out.contains("**not a boundary failure**"))
        #expect(!note.out.contains(", valid |"))
    }

    /// The container never held the file (its inventory says so): the keys are absent,
    /// which is evidence, and each contract's fallback judges them. Every contract of
    /// the sample names one, so nothing blocks.
    @Test(arguments: [false, true])
    func aFileTheContainerNeverHeldHasItsKeysAbsent(directoryArchived: Bool) throws {
        let bundle = try Self.preferencesRun()
        defer { bundle.cleanUp() }
        bundle.remove(directoryArchived ? Self.vaultCopy : "container/preferences")
        try Self.dropInventoryLine(bundle, naming: "com.example.vault.plist")
        let r = run(["check", bundle.run])
        #expect(r.status == 0, "\(r.out)\n\(r.err)")
        #expect(r.out.contains("  com.example.vault:syncMode: absent (app falls back to \"wifi\")"), "\(r.out)")
        #expect(r.out.contains("— nothing blocks"), "\(r.out)")
        #expect(!r.out.contains("not checked"))
    }

    // MARK: - The app's Info.plist

    /// The background-tasks run with only its configuration findings left to block (the
    /// cancelled task's leftover removed): the honest Info.plist blocks.
    static func tasksRun() throws -> HostileBundle {
        let bundle = try HostileBundle(copying: "run-2026-11-08-background-tasks")
        try dropInventoryLine(bundle, naming: "reindex-7F3A.partial")
        return bundle
    }

    enum InfoPlistBreakage: String, CaseIterable, CustomTestStringConvertible {
        case cutAt300Bytes, binaryCutShort, garbageAfterTheHeader, empty, anArray, removed, aDirectory, aFIFO, aLinkOutOfTheRun
        var testDescription: String { rawValue }

        func apply(to bundle: HostileBundle) throws {
            let file = "app/Info.plist"
            let url = URL(fileURLWithPath: bundle.path(file))
            switch self {
            case .cutAt300Bytes: try Data(contentsOf: url).prefix(300).write(to: url)
            case .binaryCutShort:
                let value = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil)
                let binary = try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0)
                try binary.prefix(binary.count - 40).write(to: url)
            case .garbageAfterTheHeader: try bundle.write(file, "bplist00garbage")
            case .empty: try bundle.write(file, "")
            case .anArray:
                try bundle.write(file, #"<?xml version="1.0"?><plist version="1.0"><array><string>com.example.vault.reindex</string></array></plist>"#)
            case .removed: bundle.remove(file)
            case .aDirectory: try bundle.makeDirectory(file)
            case .aFIFO: try bundle.makeFIFO(file)
            case .aLinkOutOfTheRun:
                try Data(AppEvidenceGateTests.goodInfoPlist.utf8).write(to: URL(fileURLWithPath: bundle.archive + "/Info.plist"))
                try bundle.makeLink(file, to: bundle.archive + "/Info.plist")
            }
        }
    }

    @Test(arguments: InfoPlistBreakage.allCases)
    func anInfoPlistThatCannotBeReadIsNotAPass(_ breakage: InfoPlistBreakage) throws {
        let bundle = try Self.tasksRun()
        defer { bundle.cleanUp() }
        let honest = run(["check", bundle.run])
        #expect(honest.status == 1, "the readable Info.plist blocks: \(honest.out)\n\(honest.err)")
        #expect(honest.out.contains("background tasks: evidence points to configuration regression"))

        try breakage.apply(to: bundle)
        let r = run(["check", bundle.run])
        #expect(r.status == 2, "\(r.out)\n\(r.err)")
        #expect(r.out.contains("background tasks: not decided\n"), "\(r.out)")
        #expect(!r.out.contains("evidence points to"), "no cause is named: \(r.out)")
        #expect(!r.out.contains("— nothing blocks"))
        #expect(r.out.contains("nothing known blocks, but background tasks not checked"), "\(r.out)")
        #expect(r.out.contains("proposed classification: none (not decided)"), "\(r.out)")
        #expect(r.err.contains("app/Info.plist"), "\(r.err)")
        #expect(r.err.contains("com.example.vault.reindex"), "\(r.err)")
        switch breakage {
        case .removed:
            #expect(r.out.contains("  not checked: the bundle has no app/Info.plist"), "\(r.out)")
        case .aDirectory, .aFIFO, .aLinkOutOfTheRun:
            #expect(r.out.contains("  not checked: app/Info.plist cannot be read ("), "\(r.out)")
            #expect(!r.out.contains("the bundle has no app/Info.plist"), "the file is there: \(r.out)")
        case .cutAt300Bytes, .binaryCutShort, .garbageAfterTheHeader, .empty, .anArray:
            // The file, the position and what was expected: the reader's diagnostic.
            let said = try #require(r.out.range(of: "  not checked: app/Info.plist is malformed ("), "\(r.out)")
            #expect(r.out[said.upperBound...].first?.isNumber == true, "a line:column first: \(r.out)")
            #expect(r.err.contains("app/Info.plist is malformed (") && r.err.contains("expected"), "\(r.err)")
            #expect(!r.out.contains("the bundle has no app/Info.plist"), "the file is there: \(r.out)")
        }

        let object = try json(bundle)
        let tasks = try #require(object["backgroundTasks"] as? [String: Any])
        #expect(tasks["cause"] is NSNull)
        #expect(tasks["infoPlistChecked"] as? Bool == false)
        for t in try #require(tasks["tasks"] as? [[String: Any]]) { #expect(t["permitted"] is NSNull) }
        let unchecked = try #require(object["unchecked"] as? [[String: Any]])
        #expect(unchecked.contains { $0["kind"] as? String == "app-info-plist" })

        let note = run(["note", bundle.run])
        #expect(!note.out.contains("Evidence points to"), "\(note.out)")
        #expect(note.out.contains("Background tasks: **not decided**"), "\(note.out)")
        #expect(note.out.contains("No class proposed by exhibit (not decided)"), "\(note.out)")
    }

    /// Both unread: the result line names both, the evidence section each.
    @Test func bothUnreadAreNamedTogether() throws {
        let bundle = try Self.preferencesRun()
        defer { bundle.cleanUp() }
        try bundle.write(Self.vaultCopy, "bplist00garbage")
        try bundle.write("app/Info.plist", "")
        let r = run(["check", bundle.run])
        #expect(r.status == 2, "\(r.out)")
        #expect(r.out.contains("— nothing known blocks, but preference contracts and background tasks not checked (see evidence)\n"), "\(r.out)")
    }

    /// A known blocking finding elsewhere still blocks: what was read is true.
    @Test func aKnownViolationStillBlocksBesideAnUnreadableInfoPlist() throws {
        let bundle = try HostileBundle(copying: "run-2026-11-08-background-tasks")
        defer { bundle.cleanUp() }
        try bundle.write("app/Info.plist", "bplist00garbage")
        let r = run(["check", bundle.run])
        #expect(r.status == 1, "the leftover temporary file blocks: \(r.out)")
        #expect(r.out.contains("  not checked: app/Info.plist is malformed ("), "\(r.out)")
        #expect(r.out.contains("— blocking; background tasks not checked (see evidence)"), "\(r.out)")
    }
}
