import ExhibitCore

/// Watches the loads of a headless command (summary, check, note, diff): `begin` makes
/// the observer of one load, `end` is called when it is over.
public protocol LoadWatching: Sendable {
    func begin(runName: String) -> LoadObserver
    func end()
}

/// The one-line progress a headless command prints to standard error while a large run
/// loads (issue 19): only when standard error is a terminal and the load has taken a
/// second, so pipes, files and CI logs never see it; redrawn in place with a carriage
/// return, and blanked out when the load ends.
public enum LoadProgressLine {
    /// A load faster than this says nothing.
    public static let showAfterMilliseconds = 1_000
    /// How often the line is redrawn at most.
    public static let intervalMilliseconds = 250
    /// Columns the line never passes when the terminal's width is unknown. It stays
    /// within the terminal, so the carriage return always reaches its start (a wrapped
    /// line would be redrawn one row lower each time).
    public static let defaultWidth = 79

    /// Whether the line is drawn now.
    public static func shows(stderrIsTerminal: Bool, elapsedMilliseconds: Int) -> Bool {
        stderrIsTerminal && elapsedMilliseconds >= showAfterMilliseconds
    }

    /// `exhibit: loading RUN: container/inventory.json 37.2 of 93.0 MiB (40%), 412000 entries, 1.8 s`,
    /// shortened from the file's name to `width`; every name escaped.
    public static func text(_ progress: LoadProgress, runName: String, width: Int = defaultWidth) -> String {
        var read = mebibytes(progress.bytesRead)
        if let total = progress.bytesTotal {
            read += " of " + mebibytes(total) + " MiB"
            if let fraction = progress.fraction { read += " (\(Int(fraction * 100))%)" }
        } else {
            read += " MiB"
        }
        let tenths = max(progress.elapsedMilliseconds, 0) / 100
        var tail = " " + read
        if progress.entries > 0 { tail += ", \(progress.entries) entries" }
        tail += ", \(tenths / 10).\(tenths % 10) s"
        let head = "exhibit: loading " + TerminalText.escape(runName) + ": "
        let artifact = progress.artifact.isEmpty ? "starting" : TerminalText.escape(progress.artifact)
        let room = width - head.count - tail.count
        guard room > 1 else { return String((head + tail).prefix(width)) }
        let shown = artifact.count <= room ? artifact : "…" + artifact.suffix(room - 1)
        return head + shown + tail
    }

    /// What blanks out a line of `count` characters and leaves the cursor at its start.
    public static func erase(_ count: Int) -> String {
        "\r" + String(repeating: " ", count: count) + "\r"
    }

    static func mebibytes(_ bytes: Int) -> String {
        let tenths = (max(bytes, 0) * 10 + 524_288) / 1_048_576
        return "\(tenths / 10).\(tenths % 10)"
    }
}
