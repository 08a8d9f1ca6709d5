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

    /// `watching`: the headless progress line (`LoadProgressLine`), when the command shows one.
    public static func loadRun(_ path: String, watching: (any LoadWatching)? = nil) throws(InputError) -> EvidenceBundle {
        try loadRunWithURL(path, watching: watching).bundle
    }

    /// The bundle and where it lives (its parent directory is the archive).
    public static func loadRunWithURL(
        _ path: String, watching: (any LoadWatching)? = nil
    ) throws(InputError) -> (url: URL, bundle: EvidenceBundle) {
        let located = try locate(path)
        guard located.kind != .archive else {
            throw InputError(description: "\(path): is an archive of runs; name one run inside it")
        }
        guard let watching else { return (located.url, RunLocator.loadRun(at: located.url)) }
        let observer = watching.begin(runName: located.url.lastPathComponent)
        defer { watching.end() }
        // Nothing cancels a headless load; were it cancelled, it is read again unobserved.
        return (located.url, RunLocator.loadRun(at: located.url, observer: observer) ?? RunLocator.loadRun(at: located.url))
    }
}
