import Foundation
import GridGames
import MatchWords
import RandomWin
import Testing
import TicTacToe
import WireProtocol

@Suite("Server messages")
struct ServerMessageTests {
    static let alice = WirePlayer(seat: .player1, name: "Alice", connected: true)
    static let bob = WirePlayer(seat: .player2, name: "Bøb 🎲", connected: false)
    static let score = WireScore(
        player1: .init(name: "Alice", wins: 2), player2: .init(name: "Bøb 🎲", wins: 1), draws: 3
    )
    static let emptyBoard = WireBoard(cells: Array(repeating: nil, count: 9), turn: .player1, last: nil)
    static let playedBoard = WireBoard(
        cells: [.player1, nil, nil, nil, .player2, nil, nil, nil, .player1],
        turn: .player2,
        last: WireMove(row: 2, col: 2, seat: .player1)
    )
    static let finishedBoard = WireBoard(
        cells: [.player1, .player2, nil, nil, .player1, .player2, nil, nil, .player1], turn: nil,
        last: WireMove(row: 2, col: 2, seat: .player1)
    )
    static let games = [WireGame(id: "ticTacToe", name: "Tic Tac Toe"), WireGame(id: "randomWin", name: "Random Win")]

    static let allKinds: [ServerMessage] = [
        .welcome(
            you: nil,
            snapshot: WireSnapshot(phase: .loggedOut, players: [], score: nil, board: nil, spectators: 0),
            v: 0
        ),
        .welcome(
            you: .player2,
            snapshot: WireSnapshot(
                phase: .ticTacToe, players: [alice, bob], score: score, board: playedBoard, spectators: 4
            ),
            v: 17
        ),
        .seated(seat: .player1, name: "Alice", token: "s3cr3t"),
        .screen(.loggedOut(freeSeats: [.player2]), v: 1),
        .screen(.loggedOut(freeSeats: []), v: 1),
        .screen(.offGame(games: games), v: 2),
        .screen(.ticTacToe(board: emptyBoard), v: 3),
        .screen(.randomWin, v: 4),
        .score(score, v: 5),
        .board(emptyBoard, v: 6),
        .board(playedBoard, v: 7),
        .board(finishedBoard, v: 8),
        .gameOver(winner: .player1, line: [[0, 0], [1, 1], [2, 2]], reason: "line", v: 9),
        .gameOver(winner: nil, line: nil, reason: "draw", v: 10),
        .gameOver(winner: .player2, line: nil, reason: "resigned", v: 11),
        .drawOffered(seat: .player1, v: 21),
        .drawDeclined(seat: .player2, v: 22),
        .gameOffered(seat: .player2, gameId: "kalah", v: 23),
        .gameDeclined(seat: .player1, v: 24),
        .presence(players: [alice, bob], spectators: 2, v: 12),
        .presence(players: [], spectators: 0, v: 13),
        .error(code: .notYourTurn, message: "It is not your turn."),
    ]

    @Test(arguments: allKinds)
    func test_jsonTextThenDecoded_givesTheSameMessage(message: ServerMessage) throws {
        #expect(try ServerMessage.decode(message.jsonText()).get() == message)
    }

    @Test(arguments: allKinds)
    func test_jsonText_carriesTypeAndVersion(message: ServerMessage) throws {
        let object = try #require(foundationObject(message.jsonText()) as? NSDictionary)
        #expect(object["type"] as? String == message.type)
        #expect(object["v"] as? Int == message.version)
    }

    @Test(
        "A field shown as null must be present when reading",
        arguments: [
            #"{"type":"gameOver","v":1,"winner":null}"#,
            #"{"type":"gameOver","v":1,"line":null}"#,
            #"{"type":"welcome","v":1,"you":{},"snapshot":{"phase":"loggedOut","players":[],"score":null,"board":null,"spectators":0}}"#,
            #"{"type":"welcome","v":1,"you":{"seat":null},"snapshot":{"phase":"loggedOut","players":[],"board":null,"spectators":0}}"#,
            #"{"type":"welcome","v":1,"you":{"seat":null},"snapshot":{"phase":"loggedOut","players":[],"score":null,"spectators":0}}"#,
        ]
    )
    func test_decode_missingNullableField_fails(text: String) {
        #expect(ServerMessage.decode(text).failure != nil)
    }

    @Test(
        "A malformed, mistyped or unknown value is refused with a sentence",
        arguments: [
            "", "nope", "[]", "{}", #"{"type":"dance","v":1}"#, #"{"type":"score","v":1}"#,
            #"{"type":"screen","name":5,"v":1}"#, #"{"type":"presence","players":[],"spectators":0}"#,
            #"{"type":"error","code":"oops","message":"x"}"#,
            #"{"type":"board","v":"1","cells":[],"turn":null,"last":null}"#,
            #"{"type":"board","v":1.5,"cells":[],"turn":null,"last":null}"#,
            #"{"type":"presence","v":1,"players":[{"seat":"player1","name":"A"}],"spectators":0}"#,
            #"{"type":"welcome","v":1,"you":null,"snapshot":{"phase":"loggedOut","players":[],"score":null,"board":null,"spectators":0}}"#,
            #"{"type":"welcome","v":1,"you":{"seat":null},"snapshot":{"phase":null,"players":[],"score":null,"board":null,"spectators":0}}"#,
            #"{"type":"seated","seat":"player1","token":"t"}"#, #"{"type":"seated","seat":"player1","name":"A","token":5}"#,
            #"{"type":"screen","name":"offGame","games":[{"id":"x"}],"v":1}"#,
            #"["board"]"#,
        ]
    )
    func test_decode_malformedMessage_failsWithSentence(text: String) throws {
        let error = try #require(ServerMessage.decode(text).failure)
        #expect(!error.message.isEmpty)
    }

    /// Phases are open: any name besides `loggedOut` and `offGame` is a game's id, so that a client
    /// reads the screens of games added after it was written.
    @Test func test_aScreenOfAGameItDoesNotKnow_isReadAsThatGamesScreen() throws {
        #expect(
            try ServerMessage.decode(#"{"type":"screen","name":"chess","v":1}"#).get()
                == .screen(.playing(gameId: "chess", board: nil), v: 1))
        let board = #"{"cells":[null,"player1"],"turn":"player2","last":{"row":0,"col":1,"seat":"player1"}}"#
        let screen = try ServerMessage.decode(#"{"type":"screen","name":"chess","board":\#(board),"v":2}"#).get()
        #expect(
            screen
                == .screen(
                    .playing(
                        gameId: "chess",
                        board: WireBoard(cells: [nil, .player1], turn: .player2, last: WireMove(row: 0, col: 1, seat: .player1))), v: 2))
    }

    @Test func test_version_isNilOnlyForMessagesToOneConnection() {
        let withoutVersion = Self.allKinds.filter { $0.version == nil }.map(\.type)
        #expect(withoutVersion == ["seated", "error"])
    }

    @Test func test_jsonText_fromManyTasksAtOnce_givesTheSameText() async {
        let message = Self.allKinds[1]
        let expected = message.jsonText()
        let texts = await withTaskGroup(of: String.self) { group in
            for _ in 0..<64 { group.addTask { message.jsonText() } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(texts.allSatisfy { $0 == expected })
    }
}
