import ExhibitCore
import ExhibitTriageUI

/// What the loop does with one of a screen's effects.
enum LoopStep<Event: Sendable> {
    case quit
    /// Quit with this exit status (a load aborted, a run that cannot be opened).
    case exit(Int32)
    /// Forget the painted screen and repaint it all (Ctrl-L).
    case redraw
    /// I/O for the runner.
    case work(Work<Event>)
    /// Nothing left to do: the screen did it when asked for the step (it set a flag
    /// another thread reads, as stopping a load does).
    case handled

    /// The same step with its work's results wrapped (a run's effects in the archive).
    func map<Outer: Sendable>(_ wrap: @escaping @Sendable (Event) -> Outer) -> LoopStep<Outer> {
        switch self {
        case .quit: .quit
        case .exit(let status): .exit(status)
        case .redraw: .redraw
        case .work(let work): .work(work.map(wrap))
        case .handled: .handled
        }
    }
}

/// A screen the loop runs: a pure state with its one entry point, its grid, and how its
/// effects become work. The run screen and the archive are the two; each keeps only
/// its own effects.
protocol LoopScreen {
    associatedtype Event: Sendable
    associatedtype Effect
    static func key(_ key: Key) -> Event
    static func resize(rows: Int, cols: Int) -> Event
    /// What the state asks for as it starts.
    var startEffects: [Effect] { get }
    mutating func receive(_ event: Event) -> [Effect]
    func render() -> Grid
    func step(for effect: Effect) -> LoopStep<Event>
    /// Keeps the comment being typed when the UI ends abruptly (signal, lost TTY).
    var keepDraft: Work<Event>? { get }
}

/// The one UI loop (bubbletea's shape): paint the state, wait for a key or the inbox,
/// whichever comes first, hand it to the state, and give the effects it returns to the
/// runner; their results come back through the inbox as events. Nothing it waits on is
/// I/O but the terminal, so q and Esc work while a run loads, a check runs or a record
/// is saved.
struct EventLoop<Screen: LoopScreen, Port: TerminalPort> {
    var screen: Screen
    var terminal: Port
    let runner: EffectRunner<Screen.Event>
    /// How long a wait for input lasts before the loop looks at pending signals again.
    static var pollMilliseconds: Int32 { 250 }
    /// Work to start once the next frame is painted.
    private var afterPaint: [Work<Screen.Event>] = []
    /// How long the next paint may wait for results (`Work.graceMilliseconds`).
    private var grace = 0

    init(screen: Screen, terminal: Port, runner: EffectRunner<Screen.Event>) {
        self.screen = screen
        self.terminal = terminal
        self.runner = runner
    }

    /// Runs until the screen quits, a signal arrives or the terminal is lost; returns
    /// the exit status. Every write asked for is finished before it returns.
    mutating func run() -> Int32 {
        let status = loop()
        runner.finishWrites()
        return status
    }

    private mutating func loop() -> Int32 {
        if let status = perform(screen.startEffects) { return status }
        while true {
            if let status = awaitGrace() { return status }
            terminal.paint(screen.render())
            for work in afterPaint { runner.start(work) }
            afterPaint.removeAll()
            let input = terminal.next(wakingOn: runner.inbox.wakeDescriptor, timeoutMilliseconds: Self.pollMilliseconds)
            switch input {
            case .none:
                continue
            case .woken:
                if let status = takeResults() { return status }
            case .signalled(let signal):
                keepDraft()
                return TerminalApp.Status.signalled(signal)
            case .lost:
                keepDraft()
                return TerminalApp.Status.failure
            case .resize:
                terminal.invalidate(clearTerminal: true)
                if let status = perform(screen.receive(Screen.resize(rows: terminal.rows, cols: terminal.cols))) {
                    return status
                }
            case .key(let key):
                if let status = perform(screen.receive(Screen.key(key))) { return status }
            }
        }
    }

    /// Hands every result waiting in the inbox to the screen, in the order posted.
    private mutating func takeResults() -> Int32? {
        for event in runner.inbox.take() {
            if let status = perform(screen.receive(event)) { return status }
        }
        return nil
    }

    /// Before a paint: waits (briefly, `grace`) for work that is usually done at once,
    /// taking its results, and again for the work those ask for.
    private mutating func awaitGrace() -> Int32? {
        while grace > 0 {
            let wait = grace
            grace = 0
            if runner.inbox.wait(upTo: wait), let status = takeResults() { return status }
        }
        return nil
    }

    /// Carries the effects out in order; an exit status when one of them quits.
    private mutating func perform(_ effects: [Screen.Effect]) -> Int32? {
        for effect in effects {
            switch screen.step(for: effect) {
            case .quit:
                return TerminalApp.Status.ok
            case .exit(let status):
                return status
            case .redraw:
                terminal.invalidate(clearTerminal: true)
            case .handled:
                break
            case .work(let work):
                if work.afterPaint {
                    afterPaint.append(work)
                } else {
                    runner.start(work)
                    grace = max(grace, work.graceMilliseconds)
                }
            }
        }
        return nil
    }

    private func keepDraft() {
        if let work = screen.keepDraft { runner.start(work) }
    }
}
