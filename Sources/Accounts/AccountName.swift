import Foundation

/// The form in which two account names are the same name: `Ann`, `ANN` and `Ａｎｎ` (full-width) are one
/// account, so nobody registers a look-alike of another's name by case or width.
public enum AccountName {
    /// NFKC, then full Unicode case folding (Foundation's `.caseInsensitive` folding: `ß` is `ss`,
    /// final `ς` is `σ`), then NFKC again because folding can leave a string that is not normalised
    /// (Unicode's NFKC_Casefold in effect, without its removal of default-ignorable characters, which
    /// the match rules refuse in names anyway).
    public static func canonical(_ name: String) -> String {
        name.precomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive], locale: nil)
            .precomposedStringWithCompatibilityMapping
    }
}
