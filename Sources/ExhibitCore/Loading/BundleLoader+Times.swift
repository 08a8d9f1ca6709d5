extension Loading {
    /// `container/times.txt` onto the inventory's nodes (`EvidenceBundle.fileTimes`). A
    /// path not in the inventory is counted in one note, as steps.tsv's are; a damaged
    /// file costs only the times.
    mutating func loadTimes() {
        let file = EvidenceLayout.timesList
        guard source.exists(file), let records = read(TimesReader.self, file) else { return }
        guard let inventory = bundle.inventory else {
            bundle.diagnostics.append(.note(file, "no inventory to give the times to; not used"))
            return
        }
        var times = bundle.fileTimes ?? FileTimes(count: inventory.count)
        var unmatched: [TimeRecord] = []
        for record in records {
            guard let path = ContainerPath.normalizedBytes(Array(record.path.utf8)[...]), let node = inventory.lookup(bytes: path) else {
                unmatched.append(record)
                continue
            }
            times.set(node, birth: record.birth, modification: record.modification)
        }
        bundle.fileTimes = times
        if !unmatched.isEmpty {
            let examples = unmatched.prefix(3).map { "line \($0.line): \(TerminalText.escape(bytes: $0.path.utf8.prefix(120)))" }.joined(separator: "; ")
            bundle.diagnostics.append(.note(file, "\(unmatched.count) time record(s) name paths not in the inventory (\(examples))"))
        }
        if times.birthCount == 0 {
            bundle.diagnostics.append(
                .note(file, "no birth times recorded (the file system or the tool kept none); the creation-step inference falls back to modification times"))
        }
    }
}
