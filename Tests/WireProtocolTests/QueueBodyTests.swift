import Testing
import WireProtocol

/// The body of `POST /api/queue` as the route reads it: a name and a game, each optional, nothing else.
@Suite("Queue bodies")
struct QueueBodyTests {
    @Test(arguments: [
        (#"{"name": "Ann", "gameId": "connectFour"}"#, QueueJoin(name: "Ann", gameId: "connectFour")),
        (#"{"gameId": "kalah"}"#, QueueJoin(gameId: "kalah")),
        // Without a game, as a client written before the field sends it: the server's default game.
        (#"{"name": "Ann"}"#, QueueJoin(name: "Ann")),
        (#"{"name": null, "gameId": null}"#, QueueJoin()),
        ("{}", QueueJoin()),
        // The reader only reads: whether the game is one the queue offers is the server's to say.
        (#"{"gameId": "randomWin"}"#, QueueJoin(gameId: "randomWin")),
        (#"{"gameId": ""}"#, QueueJoin(gameId: "")),
    ])
    func test_aJoin_readsTheNameAndTheGame(text: String, expected: QueueJoin) {
        #expect(QueueJoin.read(strictly: text) == .success(expected))
    }

    @Test(arguments: [
        (#"{"gameId": 5}"#, #"The field "gameId" must be a string."#),
        (#"{"gameId": ["connectFour"]}"#, #"The field "gameId" must be a string."#),
        (#"{"name": "Ann", "gameid": "kalah"}"#, #"There is no field "gameid"."#),
        (#"{"name": "Ann", "game": "kalah"}"#, #"There is no field "game"."#),
        (#""connectFour""#, #"The body must be empty or a JSON object such as {"name": "Ann", "gameId": "connectFour"}."#),
    ])
    func test_aJoinThatIsNotTheShape_isRefusedSayingWhy(text: String, reason: String) {
        guard case .failure(let refusal) = QueueJoin.read(strictly: text) else {
            Issue.record("\(text) was read")
            return
        }
        #expect(refusal.reason == reason)
    }

    @Test func test_aJoin_isWrittenWithTheFieldsItHas() {
        expectSameJSON(QueueJoin(name: "Ann", gameId: "connectFour").encoded(), #"{"name": "Ann", "gameId": "connectFour"}"#)
        expectSameJSON(QueueJoin(gameId: "kalah").encoded(), #"{"gameId": "kalah"}"#)
        expectSameJSON(QueueJoin().encoded(), "{}")
    }
}
