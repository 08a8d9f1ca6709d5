import ExhibitCore
import ExhibitIO

/// Argument parsing and dispatch for the `exhibit` executable.
public enum Exhibit {
    public static func main(_ arguments: [String]) -> Int32 { 0 }
}
