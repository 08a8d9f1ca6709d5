import ExhibitApp
import ExhibitCore
import ExhibitTriageUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `exhibit bench-keys RUN`: a benchmark tool (Tests/bench/run), not for triage.
/// Loads the run as the UI would, then replays a key sequence against the pure state
/// machine and the grid renderer (no terminal) and reports the cost of each frame,
/// i.e. `receive(.key)` plus `TriageRenderer.render`. Every repetition starts from the
/// freshly loaded state, so a directory entered in the sequence is listed (sorted)
/// again each time, as it would be in a new session.
enum BenchKeysCommand {
    static let defaultKeys =
        "jjjjjjjjjj<pgdn><pgdn><pgup>Gg"  // moves
        + "<enter>j<enter>jjj<enter>jj<left><left><left>"  // into three levels and back out
        + "<enter><enter>/ph<bksp>o<enter>jj<esc>"  // filter in a directory
        + "eeeeeEE<left><left><left><left>"  // jump from violation to violation
        + "<tab>jjjj<pgdn><enter>"  // the violations pane, then show one in the tree
        + "nsCsi<esc>"  // re-sort, details

    static let spec = CommandSpec(
        name: "bench-keys", positionals: ["RUN"],
        options: [
            OptionSpec(
                name: "keys", valueName: "SEQ",
                help:
                    "Keys to replay: characters, plus <enter> <esc> <tab> <bksp> <up> <down> <left> <right> <pgup> <pgdn> <home> <end> <stab> (default: moves, enter/leave, filter, jump to violation)"
            ),
            OptionSpec(name: "repeat", valueName: "N", help: "Replay the sequence N times (default 20)"),
            OptionSpec(name: "size", valueName: "COLSxROWS", help: "Screen size (default 120x40)"),
        ],
        summary: "Benchmark tool: replay keys against the UI state machine and renderer, print mean and p99 per frame",
        details:
            "For Tests/bench/run. Frame times are the thread's CPU time (wall p99 alongside). The last line is machine-readable: frames=N mean_ms=X p50_ms=X p99_ms=X max_ms=X wall_p99_ms=X."
    )

    static func run(_ args: ParsedArguments, _ console: Console) throws -> Outcome {
        let clock = ContinuousClock()
        let started = clock.now
        let bundle = try RunInput.loadRun(args.positionals[0])
        let loaded = try RulesInput.load(for: bundle, override: nil)
        let report = loaded.check(bundle)
        let keys = try parseKeys(args.value("keys") ?? defaultKeys)
        let repeatText = args.value("repeat") ?? "20"
        guard let repeats = Int(repeatText), repeats > 0, repeats <= 100_000 else {
            throw UsageError(message: "--repeat expects a whole number from 1 to 100000, not '\(repeatText)'", command: spec.name)
        }
        let (cols, rows) = try parseSize(args.value("size") ?? "120x40")
        let session = TriageSession(bundle: bundle, report: report, rules: loaded.compiled)
        let initial = TriageState(session: session, rows: rows, cols: cols)
        // As the UI's check work leaves the data it posts (`TriageScreen`): keys come after.
        initial.data.prewarm(order: initial.tree.order)
        initial.data.prewarmOtherOrders(than: initial.tree.order)
        var lastGrid = TriageRenderer.render(initial)
        let ready = clock.now

        // Frames are timed in this thread's CPU time: on a shared machine, wall time
        // mostly measures when the scheduler lets the process run (wall p99 is printed too).
        var frames: [Double] = []
        var wallFrames: [Double] = []
        frames.reserveCapacity(keys.count * repeats)
        wallFrames.reserveCapacity(keys.count * repeats)
        var perKey: [String: (total: Double, worst: Double, count: Int)] = [:]
        for _ in 0..<repeats {
            var state = initial
            for key in keys {
                let t0 = clock.now
                let c0 = threadCPUMilliseconds()
                _ = state.receive(.key(key))
                lastGrid = TriageRenderer.render(state)
                let ms = threadCPUMilliseconds() - c0
                wallFrames.append(milliseconds(clock.now - t0))
                frames.append(ms)
                let label = key.label
                let old = perKey[label] ?? (0, 0, 0)
                perKey[label] = (old.total + ms, max(old.worst, ms), old.count + 1)
            }
        }
        // The last grid is used below, so the renderer cannot be optimised away.
        let visible = lastGrid.rows
        let sorted = frames.sorted()
        let mean = frames.reduce(0, +) / Double(max(frames.count, 1))
        let entries = bundle.inventory?.count ?? 0
        var out = "bench-keys: \(entries) entries, \(report.violations.count) violations, \(cols)x\(rows) (\(visible) rows), "
        out += "\(keys.count) keys x \(repeats) = \(frames.count) frames\n"
        out += "load+check+first frame: \(format(milliseconds(ready - started))) ms\n"
        out += "slowest keys (mean / max ms):\n"
        for (label, v) in perKey.sorted(by: { $0.value.worst > $1.value.worst }).prefix(6) {
            out += "  \(label.padding(to: 6)) \(format(v.total / Double(v.count))) / \(format(v.worst))\n"
        }
        out += "frames=\(frames.count) mean_ms=\(format(mean)) p50_ms=\(format(percentile(sorted, 0.50))) "
        out += "p99_ms=\(format(percentile(sorted, 0.99))) max_ms=\(format(sorted.last ?? 0)) "
        out += "wall_p99_ms=\(format(percentile(wallFrames.sorted(), 0.99)))\n"
        console.write(out)
        return .success
    }

    static func milliseconds(_ d: Duration) -> Double {
        let c = d.components
        return Double(c.seconds) * 1000 + Double(c.attoseconds) / 1e15
    }

    static func threadCPUMilliseconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
    }

    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    static func format(_ ms: Double) -> String {
        let thousandths = Int((ms * 1000).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    static func parseSize(_ text: String) throws -> (cols: Int, rows: Int) {
        let parts = text.split(separator: "x")
        guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), (10...1000).contains(c), (5...1000).contains(r) else {
            throw UsageError(message: "--size expects COLSxROWS such as 120x40, not '\(text)'", command: spec.name)
        }
        return (c, r)
    }

    static let namedKeys: [String: Key] = [
        "enter": .enter, "esc": .escape, "tab": .tab, "stab": .backTab, "bksp": .backspace, "up": .up, "down": .down,
        "left": .left, "right": .right, "pgup": .pageUp, "pgdn": .pageDown, "home": .home, "end": .end,
    ]

    static func parseKeys(_ text: String) throws -> [Key] {
        var keys: [Key] = []
        var rest = Substring(text)
        while let c = rest.first {
            if c == "<", let close = rest.firstIndex(of: ">") {
                let name = String(rest[rest.index(after: rest.startIndex)..<close])
                guard let key = namedKeys[name] else {
                    throw UsageError(
                        message: "unknown key <\(name)> in --keys (known: \(namedKeys.keys.sorted().joined(separator: " ")))",
                        command: spec.name)
                }
                keys.append(key)
                rest = rest[rest.index(after: close)...]
            } else {
                keys.append(.char(c))
                rest = rest.dropFirst()
            }
        }
        guard !keys.isEmpty else { throw UsageError(message: "--keys is empty", command: spec.name) }
        return keys
    }
}
