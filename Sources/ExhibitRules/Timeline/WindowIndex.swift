import ExhibitCore

/// Windows sorted by start with the running maximum of their ends, so "which windows
/// hold this time" walks back only over windows that can still reach it. Tests of one
/// container do not overlap and activities nest, so a query touches a handful; a crafted
/// timeline of thousands of windows spanning each other stops at `visitLimit` and says so
/// rather than costing the whole list per file.
struct WindowIndex {
    static let visitLimit = 256

    /// Window positions in the caller's array, by start.
    private let order: [Int]
    private let starts: [Double]
    /// `reach[k]` is the latest end among `order[0...k]`.
    private let reach: [Double]
    /// Index into `order` of the window holding `reach[k]`.
    private let reachOwner: [Int]

    init(_ windows: [TimeWindow]) {
        order = windows.indices.sorted { (windows[$0].start, windows[$0].end) < (windows[$1].start, windows[$1].end) }
        starts = order.map { windows[$0].start }
        var reach: [Double] = []
        var owner: [Int] = []
        reach.reserveCapacity(order.count)
        owner.reserveCapacity(order.count)
        for (k, i) in order.enumerated() {
            if let last = reach.last, last >= windows[i].end {
                reach.append(last)
                owner.append(owner[k - 1])
            } else {
                reach.append(windows[i].end)
                owner.append(k)
            }
        }
        self.reach = reach
        self.reachOwner = owner
    }

    var isEmpty: Bool { order.isEmpty }

    /// Positions of the windows whose `[start - tolerance, end + tolerance]` holds `time`,
    /// or nil when more than `visitLimit` windows had to be looked at.
    func holding(_ time: Double, tolerance: Double, windows: [TimeWindow]) -> [Int]? {
        var k = lastStarting(atOrBefore: time + tolerance)
        var found: [Int] = []
        var visited = 0
        while k >= 0, reach[k] >= time - tolerance {
            visited += 1
            if visited > Self.visitLimit { return nil }
            let i = order[k]
            if windows[i].contains(time, tolerance: tolerance) { found.append(i) }
            k -= 1
        }
        return found
    }

    /// The window that ended last before `time` (of those starting at or before it).
    func latestEnded(before time: Double) -> Int? {
        let k = lastStarting(atOrBefore: time)
        guard k >= 0 else { return nil }
        // `reach` is the latest end so far; when it is past `time`, the window holding it
        // overlaps `time` and an earlier-ending one is wanted: walk back a bounded way.
        var j = k
        var visited = 0
        while j >= 0, visited < Self.visitLimit {
            if reach[j] < time { return order[reachOwner[j]] }
            j -= 1
            visited += 1
        }
        return nil
    }

    /// The window that starts first after `time`.
    func firstStarting(after time: Double) -> Int? {
        let k = lastStarting(atOrBefore: time) + 1
        return k < order.count ? order[k] : nil
    }

    /// Index into `order` of the last window starting at or before `time`, or -1.
    private func lastStarting(atOrBefore time: Double) -> Int {
        var low = 0
        var high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] <= time { low = mid + 1 } else { high = mid }
        }
        return low - 1
    }
}
