// What a result bundle records beside outcomes and messages: the activities of a
// test run and their attachments (from `Data/` and `database.sqlite3`), what only the
// database keeps about a failure (its call stack, the values a failed `#expect`
// captured), and the names and sizes of the Diagnostics folder. Times are absolute,
// seconds since 1970 (UTC), whatever clock the bundle wrote them in, so the
// creation-step work can lay activities on one timeline with the container's files.

/// One activity of a test run: an `XCTContext.runActivity(named:)`, a UI step, an
/// assertion's container. Its children nest as the bundle nests them.
public struct TestActivity: Sendable, Equatable, Hashable {
    public var title: String
    /// `com.apple.dt.xctest.activity-type.userCreated`, `…internal`, …, as written.
    public var activityType: String?
    /// Seconds since 1970, UTC.
    public var start: Double?
    public var finish: Double?
    /// Which run of the test it belongs to (1 first), when the test ran more than once.
    public var attempt: Int?
    public var attachments: [TestAttachment]
    public var children: [TestActivity]

    public init(
        title: String, activityType: String? = nil, start: Double? = nil, finish: Double? = nil, attempt: Int? = nil,
        attachments: [TestAttachment] = [], children: [TestActivity] = []
    ) {
        self.title = title
        self.activityType = activityType
        self.start = start
        self.finish = finish
        self.attempt = attempt
        self.attachments = attachments
        self.children = children
    }

    /// This activity and every one below it, depth first, with its depth (0 for this one).
    public func flattened(depth: Int = 0) -> [(depth: Int, activity: TestActivity)] {
        [(depth, self)] + children.flatMap { $0.flattened(depth: depth + 1) }
    }
}

/// A file a test attached (a screenshot, a UI hierarchy, a log).
public struct TestAttachment: Sendable, Equatable, Hashable {
    public var name: String?
    /// The file name it is exported under (`filename`, the database's `filenameOverride`).
    public var filename: String?
    /// `public.png`, `public.plain-text`, …
    public var uniformType: String?
    /// Bytes of the original file (`payloadSize`); nil where the bundle does not say
    /// (the database has no size column).
    public var size: Int?
    /// Seconds since 1970, UTC.
    public var timestamp: Double?
    /// `keepAlways`, `deleteOnSuccess`, `keepNever`.
    public var lifetime: String?
    /// The `Data/` object holding the payload (`payloadRef`, `xcResultKitPayloadRefId`).
    public var payloadID: String?

    public init(
        name: String? = nil, filename: String? = nil, uniformType: String? = nil, size: Int? = nil, timestamp: Double? = nil,
        lifetime: String? = nil, payloadID: String? = nil
    ) {
        self.name = name
        self.filename = filename
        self.uniformType = uniformType
        self.size = size
        self.timestamp = timestamp
        self.lifetime = lifetime
        self.payloadID = payloadID
    }
}

/// What the database keeps about one failure beyond its message and location.
public struct FailureEvidence: Sendable, Equatable, Hashable {
    /// Innermost frame first, as `SourceCodeFrames.orderInContainer` lists them.
    public var callStack: [StackFrame]
    /// The failed `#expect`'s expression with the values it captured, when Swift
    /// Testing recorded one.
    public var expression: CapturedExpression?

    public init(callStack: [StackFrame] = [], expression: CapturedExpression? = nil) {
        self.callStack = callStack
        self.expression = expression
    }

    public var isEmpty: Bool { callStack.isEmpty && expression == nil }
}

/// One frame of a failure's call stack.
public struct StackFrame: Sendable, Equatable, Hashable {
    public var symbol: String?
    public var image: String?
    /// Last path component of the source file, and its line, when symbolicated.
    public var file: String?
    public var line: Int?
    public var address: String?

    public init(symbol: String? = nil, image: String? = nil, file: String? = nil, line: Int? = nil, address: String? = nil) {
        self.symbol = symbol
        self.image = image
        self.file = file
        self.line = line
        self.address = address
    }
}

/// An expression of a failed `#expect` (`password.count < 8`) with the value it had
/// (`false`), and its subexpressions with theirs (`password.count` → `11`).
public struct CapturedExpression: Sendable, Equatable, Hashable {
    public var sourceCode: String
    public var value: String?
    public var typeName: String?
    public var subexpressions: [CapturedExpression]

    public init(sourceCode: String, value: String? = nil, typeName: String? = nil, subexpressions: [CapturedExpression] = []) {
        self.sourceCode = sourceCode
        self.value = value
        self.typeName = typeName
        self.subexpressions = subexpressions
    }

    /// The subexpressions that captured a value, outermost first, then this one's
    /// own: `password.count → 11`, the lines a failures pane shows.
    public var capturedValues: [(sourceCode: String, value: String)] {
        var out: [(String, String)] = []
        for sub in subexpressions { out += sub.capturedValues }
        if let value, value != sourceCode { out.append((sourceCode, value)) }
        return out
    }
}

/// One file of a result bundle's Diagnostics folder (`simctl_diagnostics/` among
/// them), by its path below the folder.
public struct DiagnosticsFile: Sendable, Equatable, Hashable {
    /// `Iteration-1/…/Session-….log`, `simctl_diagnostics/<UDID>/device.plist`.
    public var path: String
    /// Bytes as stored in `Data/` (the zstd frame when compressed): the size on disk,
    /// known without decompressing a 14 MB launchd log.
    public var storedSize: Int?

    public init(path: String, storedSize: Int? = nil) {
        self.path = path
        self.storedSize = storedSize
    }
}
