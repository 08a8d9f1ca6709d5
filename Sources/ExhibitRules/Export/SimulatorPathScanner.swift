import ExhibitCore

/// Finds what `\/\S*?<marker><36 hex or dash>` matches (the simulator container and
/// device paths the `Redactor` removes) in one pass over the text.
///
/// As a backtracking regex that pattern restarts at every `/` and scans the rest of the
/// non-blank run from each: quadratic on a long run of slashes (a 16 KB failure text
/// took 68 s). The match is the same here: it starts at the first `/` of the run (at or
/// after where the last match ended) and ends after the first marker past that slash
/// that the 36 identifier characters follow; a run with no such marker has no match at
/// any of its slashes, so the scan moves past it.
struct SimulatorPathScanner {
    /// Literal scalars after the leading `/` of the marker, each alternative in full:
    /// `/Containers/Data/Application/`, `/Containers/Data/`, ….
    let markers: [[Unicode.Scalar]]

    init(markers: [String]) {
        self.markers = markers.map { Array($0.unicodeScalars) }
    }

    static let identifierLength = 36

    private static func isIdentifier(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "0"..."9", "a"..."f", "A"..."F", "-": true
        default: false
        }
    }

    /// Replaces every match with `replacement`; `count` is how many there were.
    func replace(in text: String, with replacement: String, count: inout Int) -> String {
        let s = Array(text.unicodeScalars)
        guard s.contains("/") else { return text }
        var out = String.UnicodeScalarView()
        var copied = 0
        var i = 0
        while i < s.count {
            guard let slash = s[i...].firstIndex(of: "/") else { break }
            let runEnd = s[(slash + 1)...].firstIndex(where: { $0.properties.isWhitespace }) ?? s.count
            if let end = firstMatchEnd(s, after: slash, before: runEnd) {
                out.append(contentsOf: s[copied..<slash])
                out.append(contentsOf: replacement.unicodeScalars)
                copied = end
                i = end
                count += 1
            } else {
                i = runEnd
            }
        }
        guard copied > 0 else { return text }
        out.append(contentsOf: s[copied...])
        return String(out)
    }

    /// The end of the earliest marker-and-identifier starting at a `/` in `(start, limit)`.
    private func firstMatchEnd(_ s: [Unicode.Scalar], after start: Int, before limit: Int) -> Int? {
        var k = start + 1
        while k < limit {
            if s[k] == "/" {
                for marker in markers where k + marker.count + Self.identifierLength <= limit {
                    guard s[k..<(k + marker.count)].elementsEqual(marker) else { continue }
                    let id = k + marker.count
                    if s[id..<(id + Self.identifierLength)].allSatisfy(Self.isIdentifier) { return id + Self.identifierLength }
                }
            }
            k += 1
        }
        return nil
    }
}
