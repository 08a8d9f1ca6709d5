import Foundation

/// A test's printed name taken apart the way the results tools print it, so failures
/// from legacy JSON and JUnit carry the same `testName` and `identifier` shapes as the
/// Xcode 16 summary (`testCacheNotInDocuments()`, `BackupBoundaryTests/testCacheNotInDocuments()`).
public struct TestNameParts: Sendable, Equatable {
    public var testName: String
    public var className: String?
    /// The module, when the name carries one (`-[VaultTests.BackupBoundaryTests test]`).
    public var moduleName: String?

    public init(testName: String, className: String? = nil, moduleName: String? = nil) {
        self.testName = testName
        self.className = className
        self.moduleName = moduleName
    }

    /// `Class/test()` when the class is known, else the bare name.
    public var identifier: String {
        className.map { "\($0)/\(testName)" } ?? testName
    }

    /// Parses `Class.test()` (Swift), `Module.Class.test()`, `-[Class testMethod]`,
    /// `-[Module.Class testMethod]` and `-[Module Class testMethod]` (the last is what
    /// xcbeautify's split `classname="-[Module"` `name="Class test]"` rejoins to).
    public init(parsing raw: String) {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if (text.hasPrefix("-[") || text.hasPrefix("+[")) && text.hasSuffix("]") && text.count > 3 {
            let inner = text.dropFirst(2).dropLast()
            var words = inner.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let method = words.popLast() else {
                self.init(testName: text)
                return
            }
            var classPart = words.popLast()
            var module = words.last
            if module == nil, let c = classPart, let dot = c.lastIndex(of: ".") {
                module = String(c[..<dot])
                classPart = String(c[c.index(after: dot)...])
            }
            self.init(testName: method, className: classPart, moduleName: module)
            return
        }
        // Swift: the last '.' before the argument list separates the type from the method.
        let head = text.firstIndex(of: "(").map { text[..<$0] } ?? Substring(text)
        guard let dot = head.lastIndex(of: "."), dot != head.startIndex else {
            self.init(testName: text)
            return
        }
        let qualified = text[..<dot]
        let name = String(text[text.index(after: dot)...])
        if let moduleDot = qualified.lastIndex(of: ".") {
            self.init(
                testName: name, className: String(qualified[qualified.index(after: moduleDot)...]),
                moduleName: String(qualified[..<moduleDot]))
        } else {
            self.init(testName: name, className: String(qualified))
        }
    }
}
