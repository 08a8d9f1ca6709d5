/// Reads the per-test windows out of a result bundle's session log
/// (`Session-<Target>-<date>.log` in the diagnostics folder), the one timeline every
/// test run has, unit tests included:
///
///     11:52:27.127 xcodebuild[84306:1833818] Beginning test session ExamplesTests-… at 2025-11-24 11:52:27.127 on target …
///     11:52:33.736 xctest[84397:1834652] -[XCTRunnerIDESession(_XCTestObservationInternal) testCaseWillStart:] ExamplesTests.XCTestTests test_async
///     11:52:33.750 xctest[84397:1834652] -[XCTRunnerIDESession(_XCTestObservationInternal) testCaseDidFinish:]
///
/// Quirks of the real files: the stamps are local wall-clock time with no date or zone
/// (the date comes from the "Beginning test session … at" line, the zone from the
/// action's UTC offset); the runner's console is glued into the same stream, so a stamp
/// may start in the middle of a line (`…started.14:37:51.152 test_repeat[1816:…] -[…`);
/// the process name may be the app's, spaces included; `testCaseDidFinish:` names no
/// test, so it closes the latest open start of the same process; and past midnight the
/// clock wraps. The test host's lines are used, not xcodebuild's
/// `_XCT_testCaseWithIdentifier:… didFinishWithStatus:` echoes, which arrive late.
public enum SessionLogTimelineReader {
    /// How the log's local times are put on the UTC clock.
    public struct Clock: Sendable, Equatable {
        /// Seconds east of UTC (`+0200` is 7200), from the action's `startedTime`.
        public var utcOffsetSeconds: Int?
        /// The action's start in UTC, to date the log when it has no "Beginning test
        /// session" line, and to derive the offset when none was recorded.
        public var actionStartUTC: Double?

        public init(utcOffsetSeconds: Int? = nil, actionStartUTC: Double? = nil) {
            self.utcOffsetSeconds = utcOffsetSeconds
            self.actionStartUTC = actionStartUTC
        }
    }

    public static func read(_ bytes: [UInt8], file: String, clock: Clock, warnings: inout [Diagnostic]) -> [TimelineTest] {
        let sessionStart = beginningOfSession(bytes)
        guard let placement = place(sessionStart: sessionStart, clock: clock, file: file, warnings: &warnings) else { return [] }
        var tests: [TimelineTest] = []
        // Open starts per process (`name[pid`), innermost last.
        var open: [ArraySlice<UInt8>: [(identifier: String, start: Double, offset: Int)]] = [:]
        var day = placement.days
        var lastSecondOfDay: Double?
        var lastTime: Double?
        var unmatchedFinishes: [Int] = []

        func utc(_ secondOfDay: Double) -> Double {
            // A stamp half a day earlier than the one before is the next day, not a step back.
            if let last = lastSecondOfDay, secondOfDay < last - 43_200 { day += 1 }
            lastSecondOfDay = secondOfDay
            let time = Double(day * 86_400) + secondOfDay - Double(placement.offset)
            lastTime = max(lastTime ?? time, time)
            return time
        }

        var searchFrom = 0
        while let hit = nextEvent(in: bytes, from: searchFrom) {
            searchFrom = hit.markerEnd
            guard let stamp = stampBefore(bytes, markerStart: hit.markerStart) else {
                warnings.append(
                    .warning(
                        file, at: SourcePosition(offset: hit.markerStart, in: bytes),
                        "expected 'HH:mm:ss.SSS process[pid:tid]' before the test observation; event skipped"))
                continue
            }
            let time = utc(stamp.secondOfDay)
            switch hit.kind {
            case .start:
                let identifier = identifier(fromLogName: restOfLine(bytes, from: hit.markerEnd))
                open[stamp.process, default: []].append((identifier, time, hit.markerStart))
            case .finish:
                guard let started = open[stamp.process]?.popLast() else {
                    unmatchedFinishes.append(hit.markerStart)
                    continue
                }
                tests.append(TimelineTest(identifier: started.identifier, window: TimeWindow(start: started.start, end: time), source: .sessionLog))
            }
        }
        if let first = unmatchedFinishes.first {
            warnings.append(
                .warning(
                    file, at: SourcePosition(offset: first, in: bytes),
                    "\(unmatchedFinishes.count) testCaseDidFinish: line(s) with no test started before them in the same process; skipped"))
        }
        // A test still open when the log ends (the runner crashed or was killed) ran at
        // least until the last stamp: its window ends there, and the warning says so.
        let stillOpen = open.values.flatMap { $0 }.sorted { $0.offset < $1.offset }
        if let first = stillOpen.first, let lastEvent = lastTime {
            let end = lastLineStamp(bytes, after: searchFrom).map(utc) ?? lastEvent
            for started in stillOpen {
                tests.append(TimelineTest(identifier: started.identifier, window: TimeWindow(start: started.start, end: end), source: .sessionLog))
            }
            warnings.append(
                .warning(
                    file, at: SourcePosition(offset: first.offset, in: bytes),
                    "\(stillOpen.count) test(s) started and never finished (the runner stopped?); their windows end at the log's last time"))
        }
        return tests.sorted { ($0.window.start, $0.window.end) < ($1.window.start, $1.window.end) }
    }

    // MARK: - Placing local times

    private struct Placement {
        var days: Int
        var offset: Int
    }

    /// The session's local start: days since 1970 and the second of the day.
    private static func beginningOfSession(_ bytes: [UInt8]) -> (days: Int, secondOfDay: Double)? {
        guard let marker = ByteSearch.firstIndex(of: Array("Beginning test session ".utf8), in: bytes, from: 0) else { return nil }
        let line = restOfLine(bytes, from: marker)
        let lineBytes = Array(line)
        guard let at = ByteSearch.firstIndex(of: Array(" at ".utf8), in: lineBytes, from: 0) else { return nil }
        let text = Array(lineBytes.dropFirst(at + 4).prefix(23))
        guard text.count == 23, let date = digits(text, 0, 4), text[4] == 0x2D, let month = digits(text, 5, 2), text[7] == 0x2D,
            let dayOfMonth = digits(text, 8, 2), text[10] == 0x20, let second = secondOfDay(text[11...])
        else { return nil }
        guard (1...12).contains(month), (1...31).contains(dayOfMonth) else { return nil }
        return (ISO8601Timestamp.daysFromCivil(year: date, month: month, day: dayOfMonth), second)
    }

    private static func place(sessionStart: (days: Int, secondOfDay: Double)?, clock: Clock, file: String, warnings: inout [Diagnostic])
        -> Placement?
    {
        var offset = clock.utcOffsetSeconds
        if offset == nil, let start = sessionStart, let actionStart = clock.actionStartUTC {
            // The session begins moments after the action: the difference between its local
            // time and the action's UTC time is the zone, to the nearest quarter hour.
            let local = Double(start.days * 86_400) + start.secondOfDay
            let derived = Int(((local - actionStart) / 900).rounded()) * 900
            if abs(derived) <= 14 * 3600 {
                offset = derived
                warnings.append(
                    .note(file, "no UTC offset recorded; the log's local times were placed at UTC\(formatOffset(derived)), from the action's start"))
            }
        }
        guard let offset else {
            warnings.append(.warning(file, "the log's times are local and no UTC offset was recorded (the action's startedTime); test windows not placed"))
            return nil
        }
        if let start = sessionStart { return Placement(days: start.days, offset: offset) }
        if let actionStart = clock.actionStartUTC {
            return Placement(days: Int(((actionStart + Double(offset)) / 86_400).rounded(.down)), offset: offset)
        }
        warnings.append(.warning(file, "no 'Beginning test session … at' line and no action start: the log's times have no date; test windows not placed"))
        return nil
    }

    private static func formatOffset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        let hh = minutes / 60
        let mm = minutes % 60
        return "\(sign)\(hh < 10 ? "0" : "")\(hh):\(mm < 10 ? "0" : "")\(mm)"
    }

    // MARK: - Events

    private enum EventKind {
        case start, finish
    }

    private static let observation = Array("-[XCTRunnerIDESession(_XCTestObservationInternal) ".utf8)
    private static let willStart = Array("testCaseWillStart:]".utf8)
    private static let didFinish = Array("testCaseDidFinish:]".utf8)

    private static func nextEvent(in bytes: [UInt8], from: Int) -> (kind: EventKind, markerStart: Int, markerEnd: Int)? {
        var from = from
        while let start = ByteSearch.firstIndex(of: observation, in: bytes, from: from) {
            let selector = start + observation.count
            if bytes[selector...].starts(with: willStart) { return (.start, start, selector + willStart.count) }
            if bytes[selector...].starts(with: didFinish) { return (.finish, start, selector + didFinish.count) }
            from = selector
        }
        return nil
    }

    /// `HH:mm:ss.SSS name[pid:tid] ` right before `-[XCTRunnerIDESession…`. The name may
    /// hold spaces (an app's), so the stamp is found by its shape, at most 256 bytes back.
    private static func stampBefore(_ bytes: [UInt8], markerStart: Int) -> (secondOfDay: Double, process: ArraySlice<UInt8>)? {
        guard markerStart >= 2, bytes[markerStart - 1] == 0x20, bytes[markerStart - 2] == UInt8(ascii: "]") else { return nil }
        var open = markerStart - 3
        while open >= 0, bytes[open] != UInt8(ascii: "["), markerStart - open < 64 { open -= 1 }
        guard open > 0, bytes[open] == UInt8(ascii: "[") else { return nil }
        let idEnd = bytes[(open + 1)...].firstIndex(of: UInt8(ascii: ":")) ?? open
        var candidate = open - 1
        let floor = max(0, open - 256)
        while candidate - 13 >= floor {
            let stampStart = candidate - 12
            if bytes[candidate] == 0x20, let second = secondOfDay(bytes[stampStart..<candidate]) {
                return (second, bytes[(candidate + 1)..<min(idEnd, markerStart)])
            }
            candidate -= 1
        }
        return nil
    }

    /// The stamp of the last line that starts with one (and lies past `after`): where the
    /// log stops, for a test that never finished. Looks at most 1,000 lines back.
    private static func lastLineStamp(_ bytes: [UInt8], after: Int) -> Double? {
        var end = bytes.endIndex
        for _ in 0..<1_000 {
            guard end > after else { return nil }
            let start = (bytes[after..<end].lastIndex(of: 0x0A)).map { $0 + 1 } ?? after
            if let second = secondOfDay(bytes[start..<end]) { return second }
            end = start - 1
        }
        return nil
    }

    /// `HH:mm:ss.SSS` as seconds since local midnight.
    private static func secondOfDay(_ text: ArraySlice<UInt8>) -> Double? {
        let t = Array(text.prefix(12))
        guard t.count == 12, let h = digits(t, 0, 2), t[2] == 0x3A, let m = digits(t, 3, 2), t[5] == 0x3A, let s = digits(t, 6, 2),
            t[8] == 0x2E, let ms = digits(t, 9, 3), h < 24, m < 60, s < 61
        else { return nil }
        return Double(h * 3600 + m * 60 + s) + Double(ms) / 1000
    }

    private static func digits(_ t: [UInt8], _ at: Int, _ count: Int) -> Int? {
        guard at + count <= t.count else { return nil }
        var value = 0
        for b in t[at..<(at + count)] {
            guard (0x30...0x39).contains(b) else { return nil }
            value = value * 10 + Int(b - 0x30)
        }
        return value
    }

    private static func restOfLine(_ bytes: [UInt8], from: Int) -> ArraySlice<UInt8> {
        let end = bytes[from...].firstIndex(of: 0x0A) ?? bytes.endIndex
        var slice = bytes[from..<end]
        while slice.last == 0x0D { slice = slice.dropLast() }
        return slice
    }

    /// `ExamplesTests.XCTestTests test_async` → `XCTestTests/test_async`, the results'
    /// spelling without `()`: the module prefix goes, a nested type keeps its path.
    static func identifier(fromLogName name: ArraySlice<UInt8>) -> String {
        let text = String(decoding: name, as: UTF8.self).trimmingSpaces()
        guard let space = text.lastIndex(of: " ") else { return text }
        var type = text[..<space]
        let method = text[text.index(after: space)...]
        if let dot = type.firstIndex(of: ".") { type = type[type.index(after: dot)...] }
        return type.replacingDots() + "/" + method
    }
}

extension StringProtocol {
    fileprivate func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return String(s)
    }

    fileprivate func replacingDots() -> String {
        String(map { $0 == "." ? "/" : $0 })
    }
}
