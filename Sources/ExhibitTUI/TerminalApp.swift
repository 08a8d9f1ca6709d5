import CCurses
import ExhibitCore

/// The terminal driver's entry point (filled in by the UI issue).
public enum TerminalApp {}
