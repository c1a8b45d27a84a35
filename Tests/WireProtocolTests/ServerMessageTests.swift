import Foundation
import Testing

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
        .gameOver(winner: .player1, line: [[0, 0], [1, 1], [2, 2]], v: 9),
        .gameOver(winner: nil, line: nil, v: 10),
        .gameOver(winner: .player2, line: nil, v: 11),
        .presence(players: [alice, bob], spectators: 2, v: 12),
        .presence(players: [], spectators: 0, v: 13),
        .error(code: .notYourTurn, message: "It is not your turn."),
    ]

    @Test(arguments: allKinds)
    func test_encodedThenDecoded_givesTheSameMessage(message: ServerMessage) throws {
        #expect(try ServerMessage.decode(message.encoded()).get() == message)
    }

    @Test(arguments: allKinds)
    func test_encoded_carriesTypeAndVersion(message: ServerMessage) throws {
        let object = try #require(foundationObject(message.encoded()) as? NSDictionary)
        #expect(object["type"] as? String == message.type)
        #expect(object["v"] as? Int == message.version)
    }

    @Test func test_encodedWelcomeForSpectator_writesNulls() {
        let message = ServerMessage.allKindsWelcomeSpectator
        expectSameJSON(
            message.encoded(),
            #"""
            {"type":"welcome","you":{"seat":null},
             "snapshot":{"phase":"loggedOut","players":[],"score":null,"board":null,"spectators":0},"v":0}
            """#
        )
    }

    @Test func test_encodedWelcomeForPlayer_nestsScoreAndBoard() {
        let message = ServerMessage.welcome(
            you: .player1,
            snapshot: WireSnapshot(
                phase: .ticTacToe, players: [Self.alice], score: Self.score, board: Self.emptyBoard, spectators: 1
            ),
            v: 9
        )
        expectSameJSON(
            message.encoded(),
            #"""
            {"type":"welcome","you":{"seat":"player1"},"v":9,
             "snapshot":{"phase":"ticTacToe","spectators":1,
               "players":[{"seat":"player1","name":"Alice","connected":true}],
               "score":{"player1":{"name":"Alice","wins":2},"player2":{"name":"Bøb 🎲","wins":1},"draws":3},
               "board":{"cells":[null,null,null,null,null,null,null,null,null],"turn":"player1","last":null}}}
            """#
        )
    }

    @Test func test_encodedSeated_hasNoVersion() {
        expectSameJSON(
            ServerMessage.seated(seat: .player2, name: "Bob", token: "tok").encoded(),
            #"{"type":"seated","seat":"player2","name":"Bob","token":"tok"}"#
        )
    }

    @Test func test_encodedScreens_flattenTheirFields() {
        expectSameJSON(
            ServerMessage.screen(.loggedOut(freeSeats: [.player2]), v: 1).encoded(),
            #"{"type":"screen","name":"loggedOut","freeSeats":["player2"],"v":1}"#
        )
        expectSameJSON(
            ServerMessage.screen(.offGame(games: Self.games), v: 2).encoded(),
            #"""
            {"type":"screen","name":"offGame","v":2,
             "games":[{"id":"ticTacToe","name":"Tic Tac Toe"},{"id":"randomWin","name":"Random Win"}]}
            """#
        )
        expectSameJSON(
            ServerMessage.screen(.ticTacToe(board: Self.emptyBoard), v: 3).encoded(),
            #"""
            {"type":"screen","name":"ticTacToe","v":3,
             "board":{"cells":[null,null,null,null,null,null,null,null,null],"turn":"player1","last":null}}
            """#
        )
        expectSameJSON(
            ServerMessage.screen(.randomWin, v: 4).encoded(),
            #"{"type":"screen","name":"randomWin","v":4}"#
        )
    }

    @Test func test_encodedScore_flattensTheScore() {
        expectSameJSON(
            ServerMessage.score(Self.score, v: 5).encoded(),
            #"""
            {"type":"score","v":5,"draws":3,
             "player1":{"name":"Alice","wins":2},"player2":{"name":"Bøb 🎲","wins":1}}
            """#
        )
    }

    @Test func test_encodedBoard_writesCellsTurnAndLast() {
        expectSameJSON(
            ServerMessage.board(Self.playedBoard, v: 7).encoded(),
            #"""
            {"type":"board","v":7,"turn":"player2","last":{"row":2,"col":2,"seat":"player1"},
             "cells":["player1",null,null,null,"player2",null,null,null,"player1"]}
            """#
        )
        expectSameJSON(
            ServerMessage.board(Self.finishedBoard, v: 8).encoded(),
            #"""
            {"type":"board","v":8,"turn":null,"last":{"row":2,"col":2,"seat":"player1"},
             "cells":["player1","player2",null,null,"player1","player2",null,null,"player1"]}
            """#
        )
    }

    @Test func test_encodedGameOver_writesNullWinnerAndLineForADraw() {
        expectSameJSON(
            ServerMessage.gameOver(winner: nil, line: nil, v: 10).encoded(),
            #"{"type":"gameOver","winner":null,"line":null,"v":10}"#
        )
        expectSameJSON(
            ServerMessage.gameOver(winner: .player1, line: [[0, 2], [1, 1], [2, 0]], v: 11).encoded(),
            #"{"type":"gameOver","winner":"player1","line":[[0,2],[1,1],[2,0]],"v":11}"#
        )
    }

    @Test func test_encodedPresence_listsPlayers() {
        expectSameJSON(
            ServerMessage.presence(players: [Self.alice, Self.bob], spectators: 2, v: 12).encoded(),
            #"""
            {"type":"presence","spectators":2,"v":12,
             "players":[{"seat":"player1","name":"Alice","connected":true},
                        {"seat":"player2","name":"Bøb 🎲","connected":false}]}
            """#
        )
    }

    @Test func test_encodedError_hasCodeAndMessageAndNoVersion() {
        expectSameJSON(
            ServerMessage.error(.notYourTurn).encoded(),
            #"{"type":"error","code":"notYourTurn","message":"It is not your turn."}"#
        )
    }

    @Test func test_encoded_doesNotEscapeSlashesOrUnicode() {
        let text = ServerMessage.error(code: .badMessage, message: "a/b é").encoded()
        #expect(text.contains("a/b é"))
    }

    @Test(
        "A field shown as null must be present when reading",
        arguments: [
            #"{"type":"board","v":1,"cells":[],"last":null}"#,
            #"{"type":"board","v":1,"cells":[],"turn":null}"#,
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
        arguments: [
            "", "nope", "[]", "{}", #"{"type":"dance","v":1}"#, #"{"type":"score","v":1}"#,
            #"{"type":"screen","name":"chess","v":1}"#, #"{"type":"presence","players":[],"spectators":0}"#,
            #"{"type":"error","code":"oops","message":"x"}"#,
        ]
    )
    func test_decode_malformedMessage_failsWithSentence(text: String) throws {
        let error = try #require(ServerMessage.decode(text).failure)
        #expect(!error.message.isEmpty)
    }

    @Test func test_version_isNilOnlyForMessagesToOneConnection() {
        let withoutVersion = Self.allKinds.filter { $0.version == nil }.map(\.type)
        #expect(withoutVersion == ["seated", "error"])
    }

    @Test func test_encode_fromManyTasksAtOnce_givesTheSameText() async {
        let message = Self.allKinds[1]
        let expected = message.encoded()
        let texts = await withTaskGroup(of: String.self) { group in
            for _ in 0..<64 { group.addTask { message.encoded() } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(texts.allSatisfy { $0 == expected })
    }
}

extension ServerMessage {
    fileprivate static var allKindsWelcomeSpectator: ServerMessage { ServerMessageTests.allKinds[0] }
}
