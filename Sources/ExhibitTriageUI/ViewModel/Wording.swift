/// Words shared by the views' content and the renderers.
enum Wording {
    /// `n` things, pluralised plainly.
    static func count(_ n: Int, _ noun: String, _ plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? noun : plural ?? noun + "s")
    }
}
