/// One line of `du -sk`: a top-level directory and its allocated size.
public struct DirectoryTotal: Sendable, Equatable, Hashable {
    /// Relative top-level name (`Documents`, `Library`, `tmp`).
    public var name: String
    /// Allocated size in KiB, as `du -k` reports it.
    public var kibibytes: UInt64
    public var line: Int

    public init(name: String, kibibytes: UInt64, line: Int) {
        self.name = name
        self.kibibytes = kibibytes
        self.line = line
    }

    /// Saturating: du.txt is evidence, and 2^54 KiB or more must not wrap to a small size.
    public var bytes: UInt64 {
        let (product, overflow) = kibibytes.multipliedReportingOverflow(by: 1024)
        return overflow ? .max : product
    }
}

/// One line of `steps.tsv`: which test step created a path, and when.
public struct StepRecord: Sendable, Equatable, Hashable {
    public var step: String
    public var path: String
    /// ISO-8601 text as written, when the third column is present.
    public var time: String?
    public var line: Int

    public init(step: String, path: String, time: String? = nil, line: Int) {
        self.step = step
        self.path = path
        self.time = time
        self.line = line
    }
}
