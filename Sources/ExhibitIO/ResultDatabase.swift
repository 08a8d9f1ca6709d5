import CSQLite
import ExhibitCore

/// A result bundle's `database.sqlite3`, which xcresulttool (Xcode 16+) leaves behind
/// after its first read. Opened through a `file:` URI with `mode=ro&immutable=1` and
/// `SQLITE_OPEN_URI | SQLITE_OPEN_READONLY`: SQLite then takes no lock and creates no
/// journal, WAL or shared-memory file beside it, so the bundle stays byte-identical.
/// This file is the only one that touches SQLite (Tests/check-imports); what the
/// tables mean is read in `ResultDatabase+Results.swift`.
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

    /// The schema's name from the `TestIssues` columns, the one column that differs
    /// between every Xcode 16 and Xcode 26 database seen.
    static func schemaName(testIssuesColumns columns: Set<String>) -> String? {
        columns.contains("isTopLevel") ? "Xcode 26" : columns.contains("isTopLevelFailure") ? "Xcode 16" : nil
    }

    public static func probe(path: String) throws(Failure) -> Facts {
        let db = try Connection(path: path)
        let tables = try db.tables()
        var facts = Facts(tableCount: tables.count)
        if tables.contains("TestIssues") {
            facts.schema = schemaName(testIssuesColumns: try db.columns("TestIssues"))
            try db.each("SELECT count(*) FROM TestIssues") { row in facts.testIssues = row.int(0) }
        }
        if tables.contains("TestCaseRuns") {
            try db.each("SELECT count(*) FROM TestCaseRuns") { row in facts.testCaseRuns = row.int(0) }
        }
        return facts
    }

    /// One open database, read-only and immutable; closed when released.
    final class Connection {
        private let db: OpaquePointer

        init(path: String) throws(Failure) {
            var handle: OpaquePointer?
            let status = sqlite3_open_v2(readOnlyURI(path), &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil)
            guard status == SQLITE_OK, let handle else {
                let why = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open (SQLite status \(status))"
                sqlite3_close(handle)
                throw Failure(description: why)
            }
            db = handle
            // A crafted database is evidence too: no string or blob over 16 MiB (a
            // generated column of zeroblob(2e9)), no function the schema declares
            // unsafe, and no more than one statement's worth of memory per value.
            sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 16 << 20)
            sqlite3_exec(db, "PRAGMA trusted_schema = OFF", nil, nil, nil)
        }

        deinit { sqlite3_close(db) }

        /// Every statement's row, handed to `body` as it is stepped (never all at once).
        func each(_ sql: String, _ body: (Row) throws(Failure) -> Void) throws(Failure) {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
                let why = String(cString: sqlite3_errmsg(db))
                sqlite3_finalize(statement)
                throw Failure(description: why)
            }
            defer { sqlite3_finalize(statement) }
            while true {
                let step = sqlite3_step(statement)
                if step == SQLITE_DONE { return }
                guard step == SQLITE_ROW else { throw Failure(description: String(cString: sqlite3_errmsg(db))) }
                try body(Row(statement: statement))
            }
        }

        /// Names of the tables (views are not tables: a crafted view is never read).
        func tables() throws(Failure) -> Set<String> {
            var names: Set<String> = []
            try each("SELECT name FROM sqlite_master WHERE type = 'table'") { row in
                if let name = row.text(0) { names.insert(name) }
            }
            return names
        }

        func columns(_ table: String) throws(Failure) -> Set<String> {
            var names: Set<String> = []
            try each("PRAGMA table_info(\"\(table)\")") { row in
                if let name = row.text(1) { names.insert(name) }
            }
            return names
        }
    }

    /// One row of a statement being stepped; valid only inside `each`'s body.
    struct Row {
        let statement: OpaquePointer

        func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

        func text(_ column: Int32) -> String? {
            guard !isNull(column), let bytes = sqlite3_column_text(statement, column) else { return nil }
            let count = Int(sqlite3_column_bytes(statement, column))
            return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }

        func int(_ column: Int32) -> Int? { isNull(column) ? nil : Int(sqlite3_column_int64(statement, column)) }

        func double(_ column: Int32) -> Double? { isNull(column) ? nil : sqlite3_column_double(statement, column) }

        /// The column as SQLite stores it in this row (a column's type is per value).
        func value(_ column: Int32) -> Value {
            switch sqlite3_column_type(statement, column) {
            case SQLITE_INTEGER: .int(Int(sqlite3_column_int64(statement, column)))
            case SQLITE_FLOAT: .double(sqlite3_column_double(statement, column))
            case SQLITE_NULL: .null
            default: text(column).map { .text($0) } ?? .null
            }
        }
    }
}
