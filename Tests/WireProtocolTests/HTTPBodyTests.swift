import MatchWords
import Testing
import WireProtocol

@Suite("HTTP bodies")
struct HTTPBodyTests {
    static let players = [
        WirePlayer(seat: .player1, name: "Alice", connected: true),
        WirePlayer(seat: .player2, name: "Bob", connected: false),
    ]
    static let summary = MatchSummary(
        matchId: "k3J9xQ2mPa", phase: .offGame, players: players,
        score: .init(player1: 2, player2: 1, draws: 0), spectators: 3
    )
    static let emptySummary = MatchSummary(
        matchId: "abcdefghij", phase: .loggedOut, players: [], score: nil, spectators: 0
    )

    @Test func test_encodedSummary_matchesTheProtocolExample() {
        expectSameJSON(
            Self.summary.encoded(),
            #"""
            {"matchId": "k3J9xQ2mPa", "phase": "offGame",
             "players": [{"seat": "player1", "name": "Alice", "connected": true},
                         {"seat": "player2", "name": "Bob", "connected": false}],
             "score": {"player1": 2, "player2": 1, "draws": 0},
             "spectators": 3}
            """#
        )
    }

    @Test func test_encodedSummaryWithoutScore_writesNull() {
        expectSameJSON(
            Self.emptySummary.encoded(),
            #"{"matchId":"abcdefghij","phase":"loggedOut","players":[],"score":null,"spectators":0}"#
        )
    }

    @Test func test_decodeSummaryWithoutScoreKey_fails() {
        let text = #"{"matchId":"abcdefghij","phase":"loggedOut","players":[],"spectators":0}"#
        #expect(MatchSummary.decode(text).failure?.message == "The field \"score\" is missing.")
    }

    @Test func test_summaryScore_takesWinsFromMessageScore() {
        let score = WireScore(player1: .init(name: "A", wins: 4), player2: .init(name: "B", wins: 5), draws: 6)
        #expect(MatchSummary.Score(score) == .init(player1: 4, player2: 5, draws: 6))
    }

    @Test func test_encodedList_wrapsSummaries() throws {
        let list = MatchList(matches: [Self.summary, Self.emptySummary])
        expectSameJSON(list.encoded(), #"{"matches":[\#(Self.summary.encoded()),\#(Self.emptySummary.encoded())]}"#)
        #expect(try MatchList.decode(list.encoded()).get() == list)
        expectSameJSON(MatchList(matches: []).encoded(), #"{"matches":[]}"#)
    }

    @Test func test_encodedCreatedMatch_pointsAtTheMatchPage() throws {
        let created = CreatedMatch(matchId: "k3J9xQ2mPa")
        expectSameJSON(created.encoded(), #"{"matchId":"k3J9xQ2mPa","url":"/m/k3J9xQ2mPa"}"#)
        #expect(created.encoded().contains("\"/m/k3J9xQ2mPa\""))
        #expect(try CreatedMatch.decode(created.encoded()).get() == created)
    }

    @Test func test_encodedHealth_isStatusOK() throws {
        expectSameJSON(HealthStatus.ok.encoded(), #"{"status":"ok"}"#)
        #expect(try HealthStatus.decode(#"{"status":"ok"}"#).get() == .ok)
    }

    @Test func test_encodedErrorBody_nestsCodeAndMessage() throws {
        let body = ErrorBody(code: .matchNotFound)
        expectSameJSON(
            body.encoded(),
            #"{"error":{"code":"matchNotFound","message":"There is no match with that id."}}"#
        )
        #expect(try ErrorBody.decode(body.encoded()).get() == body)
        #expect(ErrorBody(code: .badMessage, message: "Nope.").error.message == "Nope.")
    }

    @Test(arguments: [summary, emptySummary])
    func test_summary_roundTrips(summary: MatchSummary) throws {
        #expect(try MatchSummary.decode(summary.encoded()).get() == summary)
    }
}
