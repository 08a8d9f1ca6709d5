import ExhibitCore

/// The line of a grouped violation (`ViolationList.Grouped`: a node and a finding's
/// template) written from the node, with no `Violation` made: at 900,000 violations,
/// making each one (its path a `String`, its template's strings retained and released)
/// and escaping that path cost more than writing the report. The path's bytes go
/// straight into the output; only a path that is not valid UTF-8 or needs escaping
/// takes the `String` way. The bytes are those `appendMessage` writes for the made
/// violation (`GroupedLinesTests` compares both).
extension CheckReportFormatter {
    /// The last few tails of grouped violations, by what decides them: the template
    /// (rule, owner, requirement, reason) and the step.
    /// Also the directory of the last path written (`DirectoryPathPrefix`), with
    /// whether its bytes can be copied as they are.
    struct GroupedTails {
        /// `step` is the step's number (`Inventory.stepNumber`, -1 for none): compared
        /// as an integer, where a step `String` was retained and released per line.
        private var recent: [(template: Int, step: Int32, bytes: [UInt8])] = []
        private var next = 0
        private var prefix = DirectoryPathPrefix()
        private var prefixIsPlain = false

        /// Writes the path of `node` when it is valid UTF-8 needing no escape (what
        /// `appendPlainUTF8` checks over the whole path, here over the directory once
        /// and the name); false, nothing written, otherwise.
        mutating func appendPlainPath(of node: Int, in inventory: Inventory, to out: ReportText) -> Bool {
            if prefix.move(toParentOf: node, in: inventory) {
                prefixIsPlain = prefix.isWellFormed && prefix.bytes.withUnsafeBufferPointer(ReportText.needsNoEscape)
            }
            guard prefixIsPlain else { return false }
            return inventory.withNameBytes(node) { name in
                guard ReportText.isValidUTF8(name), ReportText.needsNoEscape(name) else { return false }
                prefix.bytes.withUnsafeBufferPointer { out.append($0) }
                out.append(name)
                return true
            }
        }

        func tail(template: Int, step: Int32) -> [UInt8]? {
            for t in recent where t.template == template && t.step == step { return t.bytes }
            return nil
        }

        mutating func remember(template: Int, step: Int32, bytes: [UInt8]) {
            if recent.count < 8 {
                recent.append((template, step, bytes))
            } else {
                recent[next] = (template, step, bytes)
                next = (next + 1) % recent.count
            }
        }
    }

    /// `appendMessage(list[g])`, written from the node, with `source` the list's
    /// (`ViolationList.source`, taken once); false (nothing written) for a template with
    /// largest contributors, which the made violation's line names, and for a node whose
    /// size was not all recorded.
    static func appendGroupedMessage(
        _ g: ViolationList.Grouped, from source: ViolationList.Source, to out: ReportText, tails: inout GroupedTails
    ) -> Bool {
        guard source.templates[g.template].largestContributors.isEmpty else { return false }
        let inventory = source.inventory
        // A size not (wholly) recorded is said in words, by the made violation's line.
        guard inventory.unrecordedSizes(at: g.node) == 0 else { return false }
        if !tails.appendPlainPath(of: g.node, in: inventory, to: out) {
            // Not plain: escaped, from the bytes when they are not UTF-8 (`Inventory.pathText`).
            let (path, escaped) = inventory.pathText(g.node)
            out.appendEscapedPath(path, isEscaped: escaped)
        }
        out.append(" (")
        out.appendByteSize(source.size(of: g))
        let fileCount = source.fileCount(of: g)
        if fileCount > 1 {
            out.append(" in ")
            out.appendDecimal(fileCount)
            out.append(" files")
        }
        out.append(")")
        let step = source.stepNumber(of: g)
        if let known = tails.tail(template: g.template, step: step) {
            known.withUnsafeBufferPointer { out.append($0) }
            return true
        }
        var v = source.templates[g.template]
        v.step = inventory.stepName(number: step)
        let start = out.count
        appendTail(v, to: out)
        tails.remember(template: g.template, step: step, bytes: Array(out.bytes[start...]))
        return true
    }
}
