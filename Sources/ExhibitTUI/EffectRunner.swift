import Dispatch
import Foundation

/// Carries work out off the UI thread and posts its results into the inbox, where the
/// loop takes them between keys. The one mechanism for every effect of both screens
/// (rules check, list lines, runs and base runs, records, drafts and notes).
final class EffectRunner<Event: Sendable>: Sendable {
    let inbox: Inbox<Event>
    private let writes = DispatchQueue(label: "exhibit.effects.writes")

    init(inbox: Inbox<Event> = Inbox()) {
        self.inbox = inbox
    }

    func start(_ work: Work<Event>) {
        let inbox = self.inbox
        let body = work.body
        switch work.lane {
        case .write:
            writes.async { body { inbox.post($0) } }
        case .read:
            let thread = Thread { body { inbox.post($0) } }
            // The rules walk keeps its own stack, but the classifier and sorting are not
            // worth a crash on a small default stack (macOS gives secondary threads 512 KiB).
            thread.stackSize = 16 << 20
            thread.start()
        }
    }

    /// Waits for every write asked for so far: a record or draft is on disk before the
    /// UI exits. Reads are left running; the process ends without them.
    func finishWrites() {
        writes.sync {}
    }
}
