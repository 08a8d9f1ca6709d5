/// When each item of the container was born and last modified, in UTC seconds since
/// 1970, indexed by inventory node; `nil` where the evidence did not record it (most
/// inventories record no birth time: ncdu and gdu never do). Kept beside the inventory
/// rather than in it, so the million-entry tree pays for times only when a run has them.
public struct FileTimes: Sendable, Equatable {
    private var births: [Double]
    private var modifications: [Double]
    /// How many nodes have a birth time, and how many a modification time.
    public private(set) var birthCount = 0
    public private(set) var modificationCount = 0

    public init(count: Int) {
        births = Array(repeating: .nan, count: count)
        modifications = Array(repeating: .nan, count: count)
    }

    public var count: Int { births.count }
    public var isEmpty: Bool { birthCount == 0 && modificationCount == 0 }

    public func birth(_ node: Int) -> Double? {
        guard node >= 0, node < births.count, !births[node].isNaN else { return nil }
        return births[node]
    }

    public func modification(_ node: Int) -> Double? {
        guard node >= 0, node < modifications.count, !modifications[node].isNaN else { return nil }
        return modifications[node]
    }

    /// Records what is known; a nil leaves an earlier value in place (an inventory's
    /// `mtime` and a `times.txt` birth time combine).
    public mutating func set(_ node: Int, birth: Double?, modification: Double?) {
        guard node >= 0, node < births.count else { return }
        if let birth, birth.isFinite {
            if births[node].isNaN { birthCount += 1 }
            births[node] = birth
        }
        if let modification, modification.isFinite {
            if modifications[node].isNaN { modificationCount += 1 }
            modifications[node] = modification
        }
    }
}

/// One line of `times.txt`: a container-relative path and its times as the tool printed them.
public struct TimeRecord: Sendable, Equatable, Hashable {
    public var path: String
    public var birth: Double?
    public var modification: Double?
    public var line: Int

    public init(path: String, birth: Double?, modification: Double?, line: Int) {
        self.path = path
        self.birth = birth
        self.modification = modification
        self.line = line
    }
}
