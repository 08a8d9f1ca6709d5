import ExhibitApp

/// The one mapping from how a command ended to the process exit status. exhibit(1)
/// EXIT STATUS and the `exhibit --help` overview are held to it
/// (`ExitStatusManualTests`); `meaning` is the wording both use.
enum ExitStatus {
    static func code(for outcome: Outcome) -> Int32 {
        switch outcome {
        case .success: 0
        // What was asked for was done, and the answer is no: blocking, damaged, lost.
        case .blockingViolation, .damagedResultBundle, .terminalLost: 1
        // What was asked for could not be done: the gate never passes on it.
        case .unusableInput, .notChecked, .noTerminal: 2
        // Asked for and then called off: nothing was shown to decide on.
        case .loadAborted: 3
        // As shells report a process killed by a signal.
        case .signalled(let signal): 128 + signal
        }
    }

    /// The tag exhibit(1) lists the outcome's status under (`128+N` for a signal).
    static func manualTag(for outcome: Outcome) -> String {
        if case .signalled = outcome { return "128+N" }
        return String(code(for: outcome))
    }

    /// Words exhibit(1) says under that tag, and the overview's short form.
    static func meaning(of outcome: Outcome) -> (manual: String, overview: String) {
        switch outcome {
        case .success: ("Success", "success")
        case .blockingViolation: ("found a blocking violation", "check found a blocking violation")
        case .damagedResultBundle: ("found a damaged result bundle", "verify a damaged result bundle")
        case .terminalLost: ("the terminal was lost", "the UI lost its terminal")
        case .unusableInput: ("A usage error, a missing or unreadable", "usage error or unreadable input")
        case .notChecked: ("nothing could be checked", "a gate that could not check")
        case .noTerminal: ("no terminal for the UI", "no terminal for the UI")
        case .loadAborted: ("stopped while the run was loading", "the UI was quit while the run loaded")
        case .signalled: ("ended by signal", "ended by signal N")
        }
    }

    /// The overview's `exit status:` paragraph, every status once, in order.
    static var overview: String {
        var byTag: [(tag: String, words: [String])] = []
        for outcome in Outcome.every {
            let tag = manualTag(for: outcome)
            if let i = byTag.firstIndex(where: { $0.tag == tag }) {
                byTag[i].words.append(meaning(of: outcome).overview)
            } else {
                byTag.append((tag, [meaning(of: outcome).overview]))
            }
        }
        let text = "exit status: " + byTag.map { "\($0.tag) " + $0.words.joined(separator: ", ") }.joined(separator: "; ") + "."
        return wrapped(text, width: 100)
    }

    /// `text` broken at spaces into lines of at most `width` characters, as the rest of the overview.
    static func wrapped(_ text: String, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }
}
