/// The body of `POST /api/matches` (status 201): the new match's id and page.
public struct CreatedMatch: WireCodable, Hashable {
    /// The new match's id.
    public var matchId: String
    /// The match page, `/m/{matchId}`.
    public var url: String

    /// A created match; `url` defaults to the match page of `matchId`.
    public init(matchId: String, url: String? = nil) {
        self.matchId = matchId
        self.url = url ?? "/m/\(matchId)"
    }
}
