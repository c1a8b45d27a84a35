import Foundation
import Testing

import WireProtocol

/// `ServerMessage.encoded()` and `ServerMessage.decode(_:)` skip Foundation's coders: they must give
/// exactly what the `Codable` conformance gives through `JSONEncoder` and `JSONDecoder`.
@Suite("Server messages without Foundation's coders")
struct ServerMessageFastJSONTests {
    /// Names that exercise every escape: quotes, backslashes, slashes, control characters, Unicode.
    static let names = [
        "Alice", "", "Bøb 🎲", #"quote " and \ backslash"#, "a/b//c", "tab\tnew\nline\r", "\u{00}\u{01}\u{08}\u{0B}\u{0C}\u{1F}\u{7F}",
        "\u{2028}\u{2029}\u{FEFF}", "日本語", "x".padding(toLength: 24, withPad: "y", startingAt: 0),
    ]

    static var messages: [ServerMessage] {
        var messages = ServerMessageTests.allKinds
        var random = SystemRandomNumberGenerator()
        for name in names {
            let player = WirePlayer(seat: .player2, name: name, connected: Bool.random(using: &random))
            let score = WireScore(player1: .init(name: name, wins: 7), player2: .init(name: "Other", wins: -1), draws: Int.max)
            var cells: [WireSeat?] = Array(repeating: nil, count: 9)
            for index in cells.indices { cells[index] = [nil, .player1, .player2].randomElement(using: &random)! }
            let board = WireBoard(cells: cells, turn: [nil, .player1, .player2].randomElement(using: &random)!, last: WireMove(row: 1, col: 2, seat: .player2))
            messages += [
                .seated(seat: .player2, name: name, token: name + "/token"),
                .error(code: .badName, message: name),
                .presence(players: [player, ServerMessageTests.alice], spectators: 1000, v: Int.min),
                .score(score, v: 3),
                .board(board, v: 42),
                .screen(.ticTacToe(board: board), v: 1),
                .screen(.offGame(games: [WireGame(id: name, name: name)]), v: 2),
                .screen(.loggedOut(freeSeats: [.player1, .player2]), v: 3),
                .gameOver(winner: .player1, line: [[0, 2], [1, 1], [2, 0]], v: 5),
                .welcome(you: .player1, snapshot: WireSnapshot(phase: .offGame, players: [player], score: score, board: nil, spectators: 0), v: 8),
                .welcome(you: nil, snapshot: WireSnapshot(phase: .ticTacToe, players: [player, player], score: nil, board: board, spectators: 2), v: 9),
            ]
        }
        return messages
    }

    /// The text of the `Codable` path (`WireCodable.encoded()` through `JSONEncoder`).
    static func foundationText<T: WireCodable>(_ value: T) -> String { value.encoded() }

    /// The `Codable` path of decoding (`WireCodable.decode(_:)` through `JSONDecoder`).
    static func foundationDecoded<T: WireCodable>(_ text: String, as type: T.Type) -> Result<T, WireDecodingError> { T.decode(text) }

    @Test(arguments: messages)
    func test_encoded_isExactlyTheTextOfJSONEncoder(message: ServerMessage) {
        #expect(message.encoded() == Self.foundationText(message))
    }

    @Test(arguments: messages)
    func test_decode_readsWhatJSONDecoderReads(message: ServerMessage) throws {
        let text = Self.foundationText(message)
        #expect(try ServerMessage.decode(text).get() == Self.foundationDecoded(text, as: ServerMessage.self).get())
        #expect(try ServerMessage.decode(text).get() == message)
    }

    @Test(arguments: [
        #"{"type":"board","v":1,"cells":[null,null,null,null,null,null,null,null,null],"turn":"player1","last":null,"extra":[1,{"a":2}]}"#,
        #"{"type":"error","code":"badName","message":"x","v":3}"#,
        #"{"type":"gameOver","v":1,"winner":null,"line":null}"#,
    ])
    func test_decode_acceptsWhatJSONDecoderAccepts(text: String) {
        #expect(ServerMessage.decode(text).failure == nil)
        #expect(Self.foundationDecoded(text, as: ServerMessage.self).failure == nil)
    }

    @Test(arguments: [
        #"{"type":"board","v":"1","cells":[],"turn":null,"last":null}"#,
        #"{"type":"board","v":1,"cells":[],"turn":"player3","last":null}"#,
        #"{"type":"board","v":1.5,"cells":[],"turn":null,"last":null}"#,
        #"{"type":"presence","v":1,"players":[{"seat":"player1","name":"A"}],"spectators":0}"#,
        #"{"type":"welcome","v":1,"you":null,"snapshot":{"phase":"loggedOut","players":[],"score":null,"board":null,"spectators":0}}"#,
        #"{"type":"welcome","v":1,"you":{"seat":null},"snapshot":{"phase":"lobby","players":[],"score":null,"board":null,"spectators":0}}"#,
        #"{"type":"seated","seat":"player1","name":"A"}"#,
        #"{"type":"screen","name":"offGame","games":[{"id":"x"}],"v":1}"#,
        #"["board"]"#,
    ])
    func test_decode_refusesWhatJSONDecoderRefuses(text: String) {
        #expect(ServerMessage.decode(text).failure != nil)
        #expect(Self.foundationDecoded(text, as: ServerMessage.self).failure != nil)
    }
}
