import CSQLite
import ExhibitCore

/// A result bundle's `database.sqlite3`, which xcresulttool (Xcode 16+) leaves behind
/// after its first read. Opened through a `file:` URI with `mode=ro&immutable=1` and
/// `SQLITE_OPEN_URI | SQLITE_OPEN_READONLY`: SQLite then takes no lock and creates no
/// journal, WAL or shared-memory file beside it, so the bundle stays byte-identical.
public enum ResultDatabase {
    public struct Facts: Sendable, Equatable {
        public var tableCount: Int
        /// `Xcode 26` when `TestIssues` has `isTopLevel`, `Xcode 16` for
        /// `isTopLevelFailure` (XCTestHTMLReport PR #498), nil when neither.
        public var schema: String?
        public var testCaseRuns: Int?
        public var testIssues: Int?
    }

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The `file:` URI of `path`, with the characters a URI gives meaning escaped.
    static func readOnlyURI(_ path: String) -> String {
        var out = "file:"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: " "), 0..<0x20, 0x7F...0xFF:
                out += "%" + hexByte(byte)
            default:
                out.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return out + "?mode=ro&immutable=1"
    }

    public static func probe(path: String) throws(Failure) -> Facts {
        var handle: OpaquePointer?
        let status = sqlite3_open_v2(readOnlyURI(path), &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil)
        defer { sqlite3_close(handle) }
        guard status == SQLITE_OK, let db = handle else {
            throw Failure(description: handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open (SQLite status \(status))")
        }
        func rows(_ sql: String, _ each: (OpaquePointer) -> Void) throws(Failure) {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
                throw Failure(description: String(cString: sqlite3_errmsg(db)))
            }
            defer { sqlite3_finalize(statement) }
            while true {
                let step = sqlite3_step(statement)
                if step == SQLITE_DONE { return }
                guard step == SQLITE_ROW else { throw Failure(description: String(cString: sqlite3_errmsg(db))) }
                each(statement)
            }
        }
        var tables: Set<String> = []
        try rows("SELECT name FROM sqlite_master WHERE type = 'table'") { s in
            if let text = sqlite3_column_text(s, 0) { tables.insert(String(cString: text)) }
        }
        var facts = Facts(tableCount: tables.count)
        if tables.contains("TestIssues") {
            var columns: Set<String> = []
            try rows("PRAGMA table_info(TestIssues)") { s in
                if let text = sqlite3_column_text(s, 1) { columns.insert(String(cString: text)) }
            }
            facts.schema = columns.contains("isTopLevel") ? "Xcode 26" : columns.contains("isTopLevelFailure") ? "Xcode 16" : nil
            try rows("SELECT count(*) FROM TestIssues") { s in facts.testIssues = Int(sqlite3_column_int64(s, 0)) }
        }
        if tables.contains("TestCaseRuns") {
            try rows("SELECT count(*) FROM TestCaseRuns") { s in facts.testCaseRuns = Int(sqlite3_column_int64(s, 0)) }
        }
        return facts
    }
}
