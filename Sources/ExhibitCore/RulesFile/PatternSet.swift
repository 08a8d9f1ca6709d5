/// Many globs matched together while walking a tree top-down.
///
/// Each live state is (pattern, next segment). Descending into a child advances only
/// the states still alive for that branch, so a pattern whose literal prefix is
/// `Library/Application Support/Downloads` costs nothing outside that directory: the
/// walk never tests every path against every pattern. A state that reached the end
/// of its pattern stays alive below (a pattern matching a directory covers its subtree).
package struct PatternSet: Sendable {
    package let globs: [Glob]

    package struct State: Sendable, Equatable {
        package var pattern: Int32
        package var segment: Int32
    }

    package init(_ globs: [Glob]) {
        self.globs = globs
    }

    var isEmpty: Bool { globs.isEmpty }

    /// States before the first component: every pattern at segment 0, closed over `**`.
    package func initialStates(into out: inout [State]) {
        for p in globs.indices { appendClosed(State(pattern: Int32(p), segment: 0), into: &out, runStart: out.count) }
    }

    /// Appends to `out` the states after consuming `name` from `out[range]` (the parent's
    /// states, grouped by pattern as produced here). Parent and child share one buffer
    /// used as a stack, so the walk allocates nothing per node.
    @inline(__always)
    package func advance(_ range: Range<Int>, by name: ArraySlice<UInt8>, in out: inout [State]) {
        var runStart = out.count
        var runPattern: Int32 = -1
        for i in range {
            let s = out[i]
            if s.pattern != runPattern {
                runPattern = s.pattern
                runStart = out.count
            }
            let glob = globs[Int(s.pattern)]
            let seg = Int(s.segment)
            if seg == glob.segments.count {
                appendUnique(s, into: &out, runStart: runStart)  // accepted: covers the subtree
                continue
            }
            if case .anyDepth = glob.segments[seg] {
                appendClosed(s, into: &out, runStart: runStart)  // `**` swallows this component
                continue
            }
            if glob.segment(seg, matches: name) {
                appendClosed(State(pattern: s.pattern, segment: s.segment + 1), into: &out, runStart: runStart)
            }
        }
    }

    /// Adds a state and, while it sits on `**`, the state after the `**` too (zero components).
    @inline(__always)
    private func appendClosed(_ state: State, into out: inout [State], runStart: Int) {
        var s = state
        let segments = globs[Int(s.pattern)].segments
        while true {
            appendUnique(s, into: &out, runStart: runStart)
            guard Int(s.segment) < segments.count, case .anyDepth = segments[Int(s.segment)] else { return }
            s.segment += 1
        }
    }

    @inline(__always)
    private func appendUnique(_ s: State, into out: inout [State], runStart: Int) {
        var i = runStart
        while i < out.count {
            if out[i] == s { return }
            i += 1
        }
        out.append(s)
    }

    @inline(__always)
    func isAccepting(_ s: State) -> Bool {
        Int(s.segment) == globs[Int(s.pattern)].segments.count
    }

    /// Whether pattern `index` covers the path given as components (one-off query,
    /// used for details panes and collapse checks).
    package func matches(_ index: Int, components: [ArraySlice<UInt8>]) -> Bool {
        let single = PatternSet([globs[index]])
        var states: [State] = []
        single.initialStates(into: &states)
        var range = 0..<states.count
        for c in components {
            single.advance(range, by: c, in: &states)
            range = range.upperBound..<states.count
            if range.isEmpty { return false }
            if states[range].contains(where: single.isAccepting) { return true }
        }
        return false
    }

    /// Indices of every pattern covering the path.
    package func matchingPatterns(components: [ArraySlice<UInt8>]) -> [Int] {
        guard !components.isEmpty else { return [] }
        var states: [State] = []
        initialStates(into: &states)
        var range = 0..<states.count
        for c in components {
            advance(range, by: c, in: &states)
            states.removeSubrange(..<range.upperBound)
            range = 0..<states.count
            if range.isEmpty { return [] }
        }
        var out: [Int] = []
        for s in states where isAccepting(s) && out.last != Int(s.pattern) { out.append(Int(s.pattern)) }
        return out
    }
}
