/// The version exhibit reports (`--version`) and writes into what it makes
/// (`run.json`'s collector, inventory.json's progver).
public enum ExhibitRelease {
    public static let version = "0.1.0"
}
