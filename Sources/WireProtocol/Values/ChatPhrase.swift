/// (Extension.) The phrases a seated player may send the other (`chat`): fixed, so that each page shows
/// them in its reader's language and there is no free text to moderate.
public enum ChatPhrase: String, CaseIterable, Sendable, Hashable {
    case hello, goodLuck, haveFun, niceMove, wellPlayed, thanks, goodGame, oops

    /// The ids, for a refusal's sentence.
    public static let listed = allCases.map(\.rawValue).joined(separator: ", ")
}
