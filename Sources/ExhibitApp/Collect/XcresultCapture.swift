import ExhibitCore
import ExhibitIO

/// Reads a result bundle with `xcrun xcresulttool` into the bundle's `results/`:
/// the version line, then the Xcode 16+ JSON (`summary` and `tests`), or the legacy
/// JSON on Xcode 15 and older. Reading also materialises the bundle's database
/// (Xcode 16+), which is why this must run before the result bundle is archived.
struct XcresultCapture {
    let runner: ProcessRunner

    /// xcresulttool builds below this predate `get test-results` (Xcode 16 is 23024).
    static let firstTestResultsBuild = 23000

    /// The message Xcode 16+ prints when `get --format json` lacks `--legacy`.
    static let deprecationMarker = "--legacy flag is required"

    struct Captured {
        /// Bundle-relative path → bytes.
        var files: [(path: String, bytes: [UInt8])] = []
        /// The version line as printed, for run.json.
        var versionLine: String?
        var warnings: [String] = []
    }

    func capture(xcresult: String) -> Captured {
        var c = Captured()
        var build: Int?
        guard let out = run(["version"], &c) else { return c }
        if out.succeeded {
            c.files.append((EvidenceLayout.xcresulttoolVersion, out.stdout))
            c.versionLine = out.stdoutText.split(separator: "\n").first.map { String($0) }
            var ignored: [Diagnostic] = []
            if let v = try? XcresulttoolVersionReader.read(out.stdout, file: EvidenceLayout.xcresulttoolVersion, warnings: &ignored) {
                build = Int(v.build.prefix(while: { $0 != "." }))
            }
        }
        if build.map({ $0 >= Self.firstTestResultsBuild }) ?? true {
            if let summary = run(["get", "test-results", "summary", "--path", xcresult, "--compact"], &c), summary.succeeded {
                c.files.append((EvidenceLayout.summaryJSON, summary.stdout))
                if let tests = run(["get", "test-results", "tests", "--path", xcresult, "--compact"], &c) {
                    if tests.succeeded {
                        c.files.append((EvidenceLayout.testsJSON, tests.stdout))
                    } else {
                        c.warnings.append("xcresulttool get test-results tests failed: \(Self.firstLine(tests))")
                    }
                }
                return c
            } else if build != nil {
                c.warnings.append("xcresulttool get test-results summary failed; trying the legacy JSON")
            }
        }
        captureLegacy(xcresult, build: build, &c)
        return c
    }

    /// Xcode 15 and older know no `--legacy`; Xcode 16+ require it. Start with the
    /// form the build suggests and switch once when the tool says otherwise.
    private func captureLegacy(_ xcresult: String, build: Int?, _ c: inout Captured) {
        let plain = ["get", "--format", "json", "--path", xcresult]
        let legacy = ["get", "--legacy", "--format", "json", "--path", xcresult]
        let old = build.map { $0 < Self.firstTestResultsBuild } ?? false
        guard var out = run(old ? plain : legacy, &c) else { return }
        if !out.succeeded, old, out.stderrText.contains(Self.deprecationMarker) || out.stderrText.contains("deprecated") {
            guard let retry = run(legacy, &c) else { return }
            out = retry
        } else if !out.succeeded, !old, let retry = run(plain, &c) {
            out = retry
        }
        if out.succeeded {
            c.files.append((EvidenceLayout.legacyJSON, out.stdout))
        } else {
            c.warnings.append("xcresulttool could not read \(xcresult): \(Self.firstLine(out))")
        }
    }

    private func run(_ arguments: [String], _ c: inout Captured) -> ProcessRunner.Output? {
        do {
            return try runner.run(["xcrun", "xcresulttool"] + arguments)
        } catch {
            c.warnings.append("xcresulttool \(arguments.first ?? ""): \(error.description)")
            return nil
        }
    }

    private static func firstLine(_ out: ProcessRunner.Output) -> String {
        out.stderrText.split(separator: "\n").first.map(String.init) ?? "exit status \(out.status)"
    }
}
