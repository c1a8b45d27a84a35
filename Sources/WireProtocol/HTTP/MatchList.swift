/// The body of `GET /api/matches`: matches with a free seat, newest first, at most 50.
public struct MatchList: WireCodable, Hashable {
    /// The matches.
    public var matches: [MatchSummary]

    /// A list.
    public init(matches: [MatchSummary]) {
        self.matches = matches
    }
}
