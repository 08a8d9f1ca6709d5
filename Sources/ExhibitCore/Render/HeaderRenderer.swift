/// The two header rows: what run this is, and what the tests and the rules say.
enum HeaderRenderer {
    static func draw(_ state: TriageState, into grid: inout Grid, glyphs: Glyphs) {
        let data = state.data
        let bundle = data.bundle
        let meta = bundle.metadata
        let results = bundle.primaryResults
        var facts: [String] = [bundle.runID]
        if let commit = meta.commit { facts.append(String(commit.prefix(10))) }
        if let scheme = meta.scheme ?? results?.scheme { facts.append(scheme) }
        let device = results?.devices.first
        if let runtime = meta.runtimeVersion.map({ "iOS " + $0 }) ?? device?.osVersion.map({ "iOS " + $0 }) {
            facts.append(runtime)
        }
        if let name = meta.deviceName ?? device?.name ?? device?.modelName { facts.append(name) }
        grid.fill(row: 0, role: .header)
        grid.put(" exhibit · " + facts.map(glyphs.safe).joined(separator: " · "), row: 0, col: 0, role: .header)

        var line: StyledLine = [Segment(" Tests ", .dim)]
        if let results {
            let failed = results.failedCount ?? data.failures.count
            let total = results.totalCount.map { " of \($0)" } ?? ""
            line.append(Segment("\(failed) failed\(total)", failed > 0 ? .violation : .plain))
            line.append(Segment(" (\(results.outcome))", .dim))
        } else {
            line.append(Segment("no results", .dim))
        }
        line.append(Segment("  Blocking ", .dim))
        for kind in ViolationKind.allCases where kind.isBlocking {
            let n = data.index.count(of: kind)
            line.append(Segment("\(kind.badge) \(n)", n > 0 ? .violation : .plain))
            line.append(Segment(" "))
        }
        if let decision = state.decision {
            line.append(Segment(" Confirmed ", .dim))
            line.append(Segment(decision.failureClass.title, .message))
        } else {
            let proposal = data.report.proposal
            line.append(Segment(" Proposed ", .dim))
            line.append(Segment(proposal.proposed.title, .plain))
            line.append(Segment(" (\(proposal.confidence.rawValue))", .dim))
        }
        grid.put(line, row: 1, col: 0)
    }
}
