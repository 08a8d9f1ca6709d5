/// What one property list may cost once decoded, whatever its size on disk.
///
/// A binary plist names each object once and refers to it by number, so arrays that
/// share children expand into a tree exponentially larger than the file (142 bytes
/// became 810 MB). The decoders count every value they produce and every byte of
/// string and data they copy, and refuse the file at the object that crosses a bound.
/// No real Info.plist, preferences file or result-bundle Info.plist comes near these
/// (the largest preferences seen hold a few thousand values); they are fixed, and a
/// successor who meets a real file beyond them raises them here.
public struct PropertyListLimits: Sendable, Equatable {
    /// Containers inside containers; a preferences file or Info.plist is a few deep,
    /// and decoding recurses once per level.
    public var maximumDepth: Int
    /// Values produced, containers and scalars alike, shared objects counted each time
    /// they appear.
    public var maximumValues: Int
    /// Bytes of string and data copied into the decoded value.
    public var maximumExpandedBytes: Int

    public init(maximumDepth: Int = 64, maximumValues: Int = 250_000, maximumExpandedBytes: Int = 16 << 20) {
        self.maximumDepth = maximumDepth
        self.maximumValues = maximumValues
        self.maximumExpandedBytes = maximumExpandedBytes
    }

    public static let standard = PropertyListLimits()
}

/// The running count against `PropertyListLimits`, shared by both decoders so their
/// messages agree.
struct PropertyListBudget {
    let limits: PropertyListLimits
    private(set) var values = 0
    private(set) var bytes = 0

    init(_ limits: PropertyListLimits) { self.limits = limits }

    /// Accounts for one value holding `byteCount` bytes of string or data; the reason
    /// it was refused, or nil when it fits.
    mutating func spend(byteCount: Int = 0) -> String? {
        values += 1
        guard values <= limits.maximumValues else { return valueLimitReached }
        guard byteCount <= limits.maximumExpandedBytes - bytes else {
            return "expected at most \(limits.maximumExpandedBytes) bytes of strings and data once shared objects are expanded"
                + " (the property-list size limit), found more"
        }
        bytes += byteCount
        return nil
    }

    var valueLimitReached: String {
        "expected at most \(limits.maximumValues) values once shared objects are expanded (the property-list value limit), found more"
    }

    /// Whether `count` more values could still fit (checked before reserving storage
    /// for a container of that many elements).
    func canHold(_ count: Int) -> Bool { count <= limits.maximumValues - values }
}
