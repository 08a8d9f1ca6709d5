import ExhibitCore
import ExhibitIO
import Foundation

/// The RUN and ARCHIVE arguments: a path resolved to a run, a result bundle or an
/// archive (`RunLocator`, `RunDetection`), with one clear error when it is none.
public enum RunInput {
    public static func locate(_ path: String) throws(InputError) -> (url: URL, kind: RunLocator.Kind) {
        do {
            return try RunLocator.resolve(path)
        } catch {
            throw InputError(description: error.description)
        }
    }

    public static func loadRun(_ path: String) throws(InputError) -> EvidenceBundle {
        try loadRunWithURL(path).bundle
    }

    /// The bundle and where it lives (its parent directory is the archive).
    public static func loadRunWithURL(_ path: String) throws(InputError) -> (url: URL, bundle: EvidenceBundle) {
        let located = try locate(path)
        guard located.kind != .archive else {
            throw InputError(description: "\(path): is an archive of runs; name one run inside it")
        }
        return (located.url, RunLocator.loadRun(at: located.url))
    }
}
