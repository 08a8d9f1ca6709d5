import Foundation
import Testing

/// Compares text with `Golden/<name>.txt` strictly; `EXHIBIT_UPDATE_GOLDEN=1 swift test`
/// (or `UPDATE_GOLDEN=1`) re-records instead.
func assertGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden/\(name).txt")
    let environment = ProcessInfo.processInfo.environment
    if environment["EXHIBIT_UPDATE_GOLDEN"] == "1" || environment["UPDATE_GOLDEN"] == "1" {
        try actual.write(to: url, atomically: true, encoding: .utf8)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("missing golden \(name).txt; record it with EXHIBIT_UPDATE_GOLDEN=1 swift test", sourceLocation: sourceLocation)
        return
    }
    if actual != expected {
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        var diff = ""
        for i in 0..<max(a.count, e.count) {
            let x = i < a.count ? String(a[i]) : "<none>"
            let y = i < e.count ? String(e[i]) : "<none>"
            if x != y { diff += "line \(i + 1)\n  expected: \(y)\n  actual:   \(x)\n" }
        }
        Issue.record("golden \(name).txt differs:\n\(diff)", sourceLocation: sourceLocation)
    }
}
