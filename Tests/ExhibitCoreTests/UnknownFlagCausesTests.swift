import Testing

@testable import ExhibitCore

/// Why a flag is unknown, as the inventory says it: no record, the collector's
/// `"x_backup_excluded":null`, or a value that cannot be used; for a directory, over the
/// files below it whose flag is unknown.
@Suite struct UnknownFlagCausesTests {
    private func read(_ items: String, complete: Bool) throws -> Inventory {
        let flags = complete ? #","x_backup_flags":"complete""# : ""
        var warnings: [Diagnostic] = []
        return try NcduInventoryReader.read(
            Array(#"[1,2,{"progname":"exhibit"\#(flags)},[{"name":"/c","x_backup_excluded":false},\#(items)]]"#.utf8),
            file: "container/inventory.json", warnings: &warnings)
    }

    @Test func eachItemSaysItsOwnCause() throws {
        let inv = try read(
            #"[{"name":"d","x_backup_excluded":false},{"name":"null","asize":1,"x_backup_excluded":null},"#
                + #"{"name":"text","asize":1,"x_backup_excluded":"yes"},{"name":"twice","asize":1,"x_backup_excluded":true,"x_backup_excluded":false},"#
                + #"{"name":"none","asize":1},{"name":"nullThenTrue","asize":1,"x_backup_excluded":true,"x_backup_excluded":null},"#
                + #"{"name":"known","asize":1,"x_backup_excluded":false}]"#,
            complete: false)
        func causes(_ path: String) throws -> UnknownFlagCauses { inv.unknownFlagCauses(try #require(inv.lookup(path))) }
        #expect(try causes("d/null") == .unreadableToCollector)
        #expect(try causes("d/text") == .unusableValue)
        #expect(try causes("d/twice") == .unusableValue)
        #expect(try causes("d/none") == .notRecorded)
        // null after a value is one of two values that disagree, not the collector's word.
        #expect(try causes("d/nullThenTrue") == .unusableValue)
        // The directory: the union over its files whose flag is unknown.
        #expect(try causes("d") == [.notRecorded, .unreadableToCollector, .unusableValue])
        #expect(try causes("d").words == "not recorded, or recorded as unreadable by the collector, or recorded with a value that cannot be used")
        #expect(try causes("d").names == ["not-recorded", "unreadable-to-collector", "unusable-value"])
    }

    /// A directory the collector could not read the flag of leaves the files below it
    /// unknown for that reason, and their own missing records add theirs.
    @Test func aDirectoryAboveAddsItsCause() throws {
        let inv = try read(
            #"[{"name":"d","x_backup_excluded":null},{"name":"a","asize":1,"x_backup_excluded":false},{"name":"b","asize":1}],"#
                + #"[{"name":"e","x_backup_excluded":false},{"name":"c","asize":1}]"#,
            complete: false)
        #expect(inv.unknownFlagCauses(try #require(inv.lookup("d/a"))) == .unreadableToCollector)
        #expect(inv.unknownFlagCauses(try #require(inv.lookup("d/b"))) == [.notRecorded, .unreadableToCollector])
        #expect(inv.unknownFlagCauses(try #require(inv.lookup("e/c"))) == .notRecorded)
        #expect(!UnknownFlagCauses.unreadableToCollector.isMixed)
        #expect(UnknownFlagCauses([.notRecorded, .unreadableToCollector]).isMixed)
    }

    /// Under "complete", an item without a value is recorded (implied); only the null is unknown.
    @Test func underTheCompleteClaimOnlyTheNullIsUnknown() throws {
        let inv = try read(#"[{"name":"d"},{"name":"a","asize":1,"x_backup_excluded":null},{"name":"b","asize":1}]"#, complete: true)
        let d = try #require(inv.lookup("d"))
        #expect(inv.unknownFlagCauses(d) == .unreadableToCollector)
        #expect(inv.backupFlag(try #require(inv.lookup("d/b"))) == .notExcluded)
        // With no unusable record anywhere, every unknown flag is simply not recorded.
        let plain = try read(#"[{"name":"d"},{"name":"a","asize":1}]"#, complete: false)
        #expect(plain.unknownFlagCauses(try #require(plain.lookup("d/a"))) == .notRecorded)
        #expect(plain.unknownFlagCauses(of: []).isEmpty)
    }
}
