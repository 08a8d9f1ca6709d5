import ExhibitCore

/// The note's preference and background-task sections. A note names only the keys a
/// preference contract names, each with presence, type and validity: never a value,
/// never the rest of the dictionary (it can hold user identifiers).
extension TriageNote {
    func appEvidenceMarkdown(_ clean: (String) -> String) -> String {
        var out = ""
        if let tasks = report.backgroundTasks {
            out += "\n### Background tasks\n\n"
            out +=
                (tasks.isDecided ? "Evidence points to: **\(tasks.verdict)**. " : "Background tasks: **\(tasks.verdict)**. ")
                + MarkdownText.inline(clean(tasks.rationale)) + "\n\n"
            out += "| Task | Kind | Permitted | Background mode |\n|---|---|---|---|\n"
            for t in tasks.tasks {
                out +=
                    "| \(MarkdownText.codeCell(clean(t.identifier))) | \(t.kind.rawValue) | \(Self.yesNo(t.permitted))"
                    + " | \(t.kind.backgroundMode): \(Self.yesNo(t.backgroundModePresent)) |\n"
            }
        }
        if !report.preferences.isEmpty {
            out += "\n### Preferences (keys the rules name)\n\n| Key | File | State |\n|---|---|---|\n"
            for p in report.preferences {
                out +=
                    "| \(MarkdownText.codeCell(clean(p.key))) | \(MarkdownText.codeCell(clean(p.file)))"
                    + " | \(MarkdownText.cell(clean(p.summary))) |\n"
            }
        }
        return out
    }

    func appEvidenceJSON(_ clean: (String) -> String) -> [(String, JSONWriter.Value)] {
        var members: [(String, JSONWriter.Value)] = []
        if let tasks = report.backgroundTasks {
            members.append(
                (
                    "backgroundTasks",
                    .object([
                        ("cause", .optional(tasks.cause?.rawValue)),
                        ("rationale", .string(clean(tasks.rationale))),
                        ("infoPlistChecked", .bool(tasks.infoPlistChecked)),
                        (
                            "tasks",
                            .array(
                                tasks.tasks.map { t in
                                    .object([
                                        ("identifier", .string(clean(t.identifier))), ("kind", .string(t.kind.rawValue)),
                                        ("permitted", t.permitted.map { .bool($0) } ?? .null),
                                        ("backgroundMode", t.backgroundModePresent.map { .bool($0) } ?? .null),
                                    ])
                                })
                        ),
                    ])
                ))
        }
        if !report.preferences.isEmpty {
            members.append(
                (
                    "preferences",
                    .array(
                        report.preferences.map { p in
                            .object([
                                ("key", .string(clean(p.key))), ("file", .string(clean(p.file))),
                                ("present", p.isPresent.map { .bool($0) } ?? .null),
                                ("type", .optional(p.foundType?.rawValue)),
                                ("valid", p.isValid.map { .bool($0) } ?? .null),
                                ("state", .string(clean(p.summary))),
                            ])
                        })
                ))
        }
        return members
    }

    private static func yesNo(_ b: Bool?) -> String {
        b.map { $0 ? "yes" : "**no**" } ?? "not checked"
    }
}
