import GridGames
import MatchWords
import RandomWin
import Testing
import TicTacToe
import WireProtocol

/// `ServerMessage.jsonText()` is the only writer of server messages: its exact text for every kind of
/// message and screen is written out here, and reading that text back must give the message again.
@Suite("Server messages, golden texts")
struct ServerMessageGoldenTests {
    struct Golden: CustomTestStringConvertible, Sendable {
        let message: ServerMessage
        let text: String
        var testDescription: String { text }
    }

    static let alice = WirePlayer(seat: .player1, name: "Alice", connected: true)
    static let bob = WirePlayer(seat: .player2, name: "Bøb 🎲", connected: false)
    static let awayBob = WirePlayer(seat: .player2, name: "Bøb 🎲", connected: false, seatTimeoutLeft: 40, claimableIn: 12.5)
    static let score = WireScore(player1: .init(name: "Alice", wins: 2), player2: .init(name: "Bøb 🎲", wins: 1), draws: 3)
    static let emptyBoard = WireBoard(cells: Array(repeating: nil, count: 9), turn: .player1, last: nil)
    static let playedBoard = WireBoard(
        cells: [.player1, nil, nil, nil, .player2, nil, nil, nil, .player1], turn: .player2,
        last: WireMove(row: 2, col: 1, seat: .player1)
    )
    static let finishedBoard = WireBoard(
        cells: [.player1, .player2, nil, nil, .player1, .player2, nil, nil, .player1], turn: nil,
        last: WireMove(row: 2, col: 2, seat: .player1)
    )

    /// Names with everything the writer escapes (`"`, `\`, control characters) and what it leaves as
    /// it is (slashes, DEL, line and paragraph separators, a byte order mark, any other Unicode).
    static let quoteName = #"quote " and \ backslash"#
    static let controlName = "tab\tnew\nline\r\u{00}\u{01}\u{08}\u{0B}\u{0C}\u{1F}"
    static let unescapedName = "a/b//c \u{7F}\u{2028}\u{2029}\u{FEFF} 日本語"

    static let goldens: [Golden] = [
        // welcome
        Golden(
            message: .welcome(
                you: nil, snapshot: WireSnapshot(phase: .loggedOut, players: [], score: nil, board: nil, spectators: 0), v: 0
            ),
            text:
                #"{"snapshot":{"board":null,"phase":"loggedOut","players":[],"score":null,"spectators":0},"type":"welcome","v":0,"you":{"seat":null}}"#
        ),
        Golden(
            message: .welcome(
                you: .player2,
                snapshot: WireSnapshot(phase: .ticTacToe, players: [alice, bob], score: score, board: playedBoard, spectators: 4),
                v: 17
            ),
            text:
                #"{"snapshot":{"board":{"cells":["player1",null,null,null,"player2",null,null,null,"player1"],"last":{"col":1,"row":2,"seat":"player1"},"turn":"player2"},"phase":"ticTacToe","players":[{"connected":true,"name":"Alice","seat":"player1"},{"connected":false,"name":"Bøb 🎲","seat":"player2"}],"score":{"draws":3,"player1":{"name":"Alice","wins":2},"player2":{"name":"Bøb 🎲","wins":1}},"spectators":4},"type":"welcome","v":17,"you":{"seat":"player2"}}"#
        ),
        Golden(
            message: .welcome(
                you: .player1,
                snapshot: WireSnapshot(phase: .offGame, players: [alice], score: score, board: nil, spectators: 1),
                v: 9
            ),
            text:
                #"{"snapshot":{"board":null,"phase":"offGame","players":[{"connected":true,"name":"Alice","seat":"player1"}],"score":{"draws":3,"player1":{"name":"Alice","wins":2},"player2":{"name":"Bøb 🎲","wins":1}},"spectators":1},"type":"welcome","v":9,"you":{"seat":"player1"}}"#
        ),
        // Between games (extension): the last game stays with its final board, and an offer waits.
        Golden(
            message: .welcome(
                you: .player1,
                snapshot: WireSnapshot(
                    phase: .offGame, players: [alice, awayBob], score: score, board: nil, spectators: 0,
                    lastGame: WireLastGame(
                        gameId: "ticTacToe", winner: .player1, reason: "line", line: [[0, 0], [1, 1], [2, 2]], board: finishedBoard),
                    offer: WireOffer(kind: .game, seat: .player1, gameId: "kalah")),
                v: 30
            ),
            text:
                #"{"snapshot":{"board":null,"lastGame":{"board":{"cells":["player1","player2",null,null,"player1","player2",null,null,"player1"],"last":{"col":2,"row":2,"seat":"player1"},"turn":null},"gameId":"ticTacToe","line":[[0,0],[1,1],[2,2]],"reason":"line","winner":"player1"},"offer":{"gameId":"kalah","kind":"game","seat":"player1"},"phase":"offGame","players":[{"connected":true,"name":"Alice","seat":"player1"},{"claimableIn":12.5,"connected":false,"name":"Bøb 🎲","seat":"player2","seatTimeoutLeft":40}],"score":{"draws":3,"player1":{"name":"Alice","wins":2},"player2":{"name":"Bøb 🎲","wins":1}},"spectators":0},"type":"welcome","v":30,"you":{"seat":"player1"}}"#
        ),
        Golden(
            message: .welcome(
                you: nil,
                snapshot: WireSnapshot(
                    phase: .offGame, players: [], score: nil, board: nil, spectators: 2,
                    lastGame: WireLastGame(gameId: "randomWin", winner: nil, reason: "drawAgreed", line: nil, board: nil),
                    offer: WireOffer(kind: .draw, seat: .player2)),
                v: 31
            ),
            text:
                #"{"snapshot":{"board":null,"lastGame":{"board":null,"gameId":"randomWin","line":null,"reason":"drawAgreed","winner":null},"offer":{"kind":"draw","seat":"player2"},"phase":"offGame","players":[],"score":null,"spectators":2},"type":"welcome","v":31,"you":{"seat":null}}"#
        ),
        // seated: no v
        Golden(
            message: .seated(seat: .player1, name: "Alice", token: "s3cr3t-_A"),
            text: #"{"name":"Alice","seat":"player1","token":"s3cr3t-_A","type":"seated"}"#
        ),
        // (issue 41) a seat resumed by its account: no token
        Golden(
            message: .seated(seat: .player2, name: "Ann", token: nil),
            text: #"{"name":"Ann","seat":"player2","type":"seated"}"#
        ),
        Golden(
            message: .seated(seat: .player2, name: quoteName, token: "t"),
            text: #"{"name":"quote \" and \\ backslash","seat":"player2","token":"t","type":"seated"}"#
        ),
        Golden(
            message: .seated(seat: .player2, name: controlName, token: "t"),
            text: #"{"name":"tab\tnew\nline\r\u0000\u0001\b\u000b\f\u001f","seat":"player2","token":"t","type":"seated"}"#
        ),
        Golden(
            message: .seated(seat: .player2, name: unescapedName, token: "t"),
            text: "{\"name\":\"a/b//c \u{7F}\u{2028}\u{2029}\u{FEFF} 日本語\",\"seat\":\"player2\",\"token\":\"t\",\"type\":\"seated\"}"
        ),
        // screen, one per phase
        Golden(
            message: .screen(.loggedOut(freeSeats: [.player2]), v: 1),
            text: #"{"freeSeats":["player2"],"name":"loggedOut","type":"screen","v":1}"#
        ),
        Golden(
            message: .screen(.loggedOut(freeSeats: [.player1, .player2]), v: 1),
            text: #"{"freeSeats":["player1","player2"],"name":"loggedOut","type":"screen","v":1}"#
        ),
        Golden(
            message: .screen(.loggedOut(freeSeats: []), v: 1),
            text: #"{"freeSeats":[],"name":"loggedOut","type":"screen","v":1}"#
        ),
        Golden(
            message: .screen(
                .offGame(games: [WireGame(id: "ticTacToe", name: "Tic Tac Toe"), WireGame(id: "randomWin", name: "Random Win")]), v: 2
            ),
            text:
                #"{"games":[{"id":"ticTacToe","name":"Tic Tac Toe"},{"id":"randomWin","name":"Random Win"}],"name":"offGame","type":"screen","v":2}"#
        ),
        Golden(
            message: .screen(.offGame(games: [WireGame(id: "a/b", name: quoteName)]), v: 2),
            text: #"{"games":[{"id":"a/b","name":"quote \" and \\ backslash"}],"name":"offGame","type":"screen","v":2}"#
        ),
        Golden(
            message: .screen(.ticTacToe(board: emptyBoard), v: 3),
            text:
                #"{"board":{"cells":[null,null,null,null,null,null,null,null,null],"last":null,"turn":"player1"},"name":"ticTacToe","type":"screen","v":3}"#
        ),
        Golden(
            message: .screen(.randomWin, v: 4),
            text: #"{"name":"randomWin","type":"screen","v":4}"#
        ),
        // score
        Golden(
            message: .score(score, v: 5),
            text: #"{"draws":3,"player1":{"name":"Alice","wins":2},"player2":{"name":"Bøb 🎲","wins":1},"type":"score","v":5}"#
        ),
        Golden(
            message: .score(
                WireScore(player1: .init(name: controlName, wins: 0), player2: .init(name: quoteName, wins: 0), draws: 0), v: 0),
            text:
                #"{"draws":0,"player1":{"name":"tab\tnew\nline\r\u0000\u0001\b\u000b\f\u001f","wins":0},"player2":{"name":"quote \" and \\ backslash","wins":0},"type":"score","v":0}"#
        ),
        // board
        Golden(
            message: .board(emptyBoard, v: 6),
            text: #"{"cells":[null,null,null,null,null,null,null,null,null],"last":null,"turn":"player1","type":"board","v":6}"#
        ),
        Golden(
            message: .board(playedBoard, v: 7),
            text:
                #"{"cells":["player1",null,null,null,"player2",null,null,null,"player1"],"last":{"col":1,"row":2,"seat":"player1"},"turn":"player2","type":"board","v":7}"#
        ),
        Golden(
            message: .board(finishedBoard, v: 9_223_372_036_854_775_807),
            text:
                #"{"cells":["player1","player2",null,null,"player1","player2",null,null,"player1"],"last":{"col":2,"row":2,"seat":"player1"},"turn":null,"type":"board","v":9223372036854775807}"#
        ),
        // gameOver
        Golden(
            message: .gameOver(winner: .player1, line: [[0, 0], [1, 1], [2, 2]], reason: "line", v: 9),
            text: #"{"line":[[0,0],[1,1],[2,2]],"reason":"line","type":"gameOver","v":9,"winner":"player1"}"#
        ),
        Golden(
            message: .gameOver(winner: nil, line: nil, reason: "drawAgreed", v: 10),
            text: #"{"line":null,"reason":"drawAgreed","type":"gameOver","v":10,"winner":null}"#
        ),
        Golden(
            message: .gameOver(winner: .player2, line: nil, reason: "claimed", v: 11),
            text: #"{"line":null,"reason":"claimed","type":"gameOver","v":11,"winner":"player2"}"#
        ),
        // fair play (extensions)
        Golden(message: .drawOffered(seat: .player1, v: 21), text: #"{"seat":"player1","type":"drawOffered","v":21}"#),
        Golden(message: .drawDeclined(seat: .player2, v: 22), text: #"{"seat":"player2","type":"drawDeclined","v":22}"#),
        Golden(
            message: .gameOffered(seat: .player2, gameId: "connectFour", v: 23),
            text: #"{"gameId":"connectFour","seat":"player2","type":"gameOffered","v":23}"#
        ),
        Golden(message: .gameDeclined(seat: .player1, v: 24), text: #"{"seat":"player1","type":"gameDeclined","v":24}"#),
        // quick chat (extension)
        Golden(
            message: .chat(seat: .player2, phrase: "wellPlayed", v: 25),
            text: #"{"phrase":"wellPlayed","seat":"player2","type":"chat","v":25}"#),
        // clocks (extension): the snapshot's time control, and a board's clock among its fields
        Golden(
            message: .welcome(
                you: nil,
                snapshot: WireSnapshot(
                    phase: .ticTacToe, players: [], score: nil,
                    board: WireBoard(fields: [
                        "turn": .string("player2"),
                        "clock": .object(["player1": .number(173.482), "player2": .integer(180), "running": .string("player2")]),
                    ]), spectators: 0, timeControl: WireTimeControl(initial: 180, increment: 2.5)),
                v: 26
            ),
            text:
                #"{"snapshot":{"board":{"clock":{"player1":173.482,"player2":180,"running":"player2"},"turn":"player2"},"phase":"ticTacToe","players":[],"score":null,"spectators":0,"timeControl":{"increment":2.5,"initial":180}},"type":"welcome","v":26,"you":{"seat":null}}"#
        ),
        // presence
        Golden(
            message: .presence(players: [alice, bob], spectators: 2, v: 12),
            text:
                #"{"players":[{"connected":true,"name":"Alice","seat":"player1"},{"connected":false,"name":"Bøb 🎲","seat":"player2"}],"spectators":2,"type":"presence","v":12}"#
        ),
        Golden(
            message: .presence(players: [], spectators: 0, v: 13),
            text: #"{"players":[],"spectators":0,"type":"presence","v":13}"#
        ),
        // (extension) the computer's entry: `computer` and `level`, in key order
        Golden(
            message: .presence(
                players: [alice, WirePlayer(seat: .player2, name: "Computer", connected: true, computerLevel: "easy")], spectators: 0, v: 14
            ),
            text:
                #"{"players":[{"connected":true,"name":"Alice","seat":"player1"},{"computer":true,"connected":true,"level":"easy","name":"Computer","seat":"player2"}],"spectators":0,"type":"presence","v":14}"#
        ),
        // (issue 41) an account's entry: `account` first, in key order; a guest's has none
        Golden(
            message: .presence(
                players: [
                    WirePlayer(seat: .player1, name: "Ann", connected: false, seatTimeoutLeft: 59.5, claimableIn: 0, account: true), bob,
                ],
                spectators: 0, v: 15),
            text:
                #"{"players":[{"account":true,"claimableIn":0,"connected":false,"name":"Ann","seat":"player1","seatTimeoutLeft":59.5},{"connected":false,"name":"Bøb 🎲","seat":"player2"}],"spectators":0,"type":"presence","v":15}"#
        ),
        Golden(
            message: .presence(players: [WirePlayer(seat: .player2, name: controlName, connected: true)], spectators: 1000, v: -1),
            text:
                #"{"players":[{"connected":true,"name":"tab\tnew\nline\r\u0000\u0001\b\u000b\f\u001f","seat":"player2"}],"spectators":1000,"type":"presence","v":-1}"#
        ),
        // error: no v
        Golden(
            message: .error(code: .notYourTurn, message: "It is not your turn."),
            text: #"{"code":"notYourTurn","message":"It is not your turn.","type":"error"}"#
        ),
        Golden(
            message: .error(code: .badMessage, message: #"The field "row" must be an integer, see a/b \ c."#),
            text: #"{"code":"badMessage","message":"The field \"row\" must be an integer, see a/b \\ c.","type":"error"}"#
        ),
    ]

    @Test(arguments: goldens)
    func test_jsonText_isTheGoldenText(golden: Golden) {
        #expect(golden.message.jsonText() == golden.text)
    }

    @Test(arguments: goldens)
    func test_decodingTheGoldenText_givesTheMessage(golden: Golden) throws {
        #expect(try ServerMessage.decode(golden.text).get() == golden.message)
    }

    @Test func test_goldens_coverEveryKindAndScreen() {
        let kinds = Set(Self.goldens.map(\.message.type))
        #expect(
            kinds == [
                "welcome", "seated", "screen", "score", "board", "gameOver", "presence", "error", "drawOffered", "drawDeclined",
                "gameOffered",
                "gameDeclined", "chat",
            ])
        let screens = Set(
            Self.goldens.compactMap { golden -> WirePhase? in
                if case .screen(let screen, _) = golden.message { screen.phase } else { nil }
            })
        #expect(screens == [.loggedOut, .offGame, .ticTacToe, .randomWin])
    }
}
