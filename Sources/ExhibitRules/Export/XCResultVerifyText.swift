import ExhibitCore

/// The text `exhibit verify` prints for one result bundle. File names from the
/// bundle's listing are untrusted and shown escaped.
public enum XCResultVerifyText {
    /// `database` is the line about `database.sqlite3` the caller probed (I/O).
    public static func text(_ report: XCResultVerifyReport, name: String, database: String) -> String {
        var out = TerminalText.escape(name) + ": " + report.verdict.rawValue + "\n"
        if let why = report.unreadable {
            return out + "  " + TerminalText.escape(why) + "\n"
        }
        var facts: [String] = []
        if let f = report.formatVersion { facts.append("format \(f)") }
        if let root = report.rootID { facts.append("root \(root)") }
        facts.append("\(report.objectCount) objects, \(ByteSize.format(report.storedBytes)) stored")
        out += "  " + facts.joined(separator: " · ") + "\n"
        for finding in report.findings {
            out += "  " + finding.kind.rawValue.padding(15) + TerminalText.escape(finding.file) + ": " + TerminalText.escape(finding.detail) + "\n"
        }
        for file in report.unexpectedFiles {
            out += "  " + "unexpected".padding(15) + TerminalText.escape(file) + ": not an object or refs file (not read)\n"
        }
        let folders = report.sizeByFolder.map { "\($0.name) \(ByteSize.format($0.bytes)) (\($0.objects))" }
        if !folders.isEmpty { out += "  size by folder: " + folders.joined(separator: " · ") + "\n" }
        out += "  database.sqlite3: " + TerminalText.escape(database) + "\n"
        return out
    }
}
