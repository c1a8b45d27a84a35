import AllGames
import Foundation
import GameUnits
import GridGames
import MatchTree
import MatchWords
import RandomWin
import Synchronization
import Testing
import TicTacToe
import WireProtocol

@testable import Server

// What the fuzz test sends, and what the server must answer to each: random and mutated client
// messages, each generated together with its meaning (the message the server must decode it to, a
// `badMessage`, or a frame that closes the connection), so the answer can be predicted.
/// Builds random client messages, valid and not, with their meaning.
struct MessageFactory {
    var rng: SeededGenerator

    // MARK: - Messages that decode

    /// A random message of any type with random (often wrong) parameters.
    mutating func anyMessage(matchID: String, tokens: TokenPool, sameMatchTokens: Bool) -> ClientMessage {
        switch Int.random(in: 0..<11, using: &rng) {
        case 0: return .login(name: name())
        case 1: return .resume(token: token(matchID: matchID, tokens: tokens, sameMatch: sameMatchTokens))
        case 2: return .startGame(gameId: gameID())
        case 3, 4: return gameMessage(rng.pick(FuzzedGames.schemas))
        case 5: return .launchGame(gameId: gameID())
        case 6: return .leave
        case 7: return rng.pick([.resign, .offerDraw, .acceptDraw, .declineDraw])
        case 8: return rng.chance(0.5) ? .offerGame(gameId: gameID()) : .declineGame
        case 9: return .chat(phrase: rng.chance(0.8) ? rng.pick(ChatPhrase.allCases).rawValue : name() ?? "")
        default: return .sync
        }
    }

    /// A message of a game's schema (every game of the catalog is fuzzed this way: Tic Tac Toe's `move`,
    /// Random Win's `roll`, Connect Four's `drop`, Kalah's `sow`, and any game added later), its
    /// integer fields in bounds, out of bounds or huge.
    mutating func gameMessage(_ schema: GameMessageSchema) -> ClientMessage {
        .play(
            GameMessage(
                type: schema.type,
                fields: schema.fields.map { field in
                    .init(name: field.name, value: field.kind == .integer ? .integer(coordinate()) : .string(name() ?? ""))
                }))
    }

    /// A message likely to be valid for a client that knows `knowledge`, so that games move on.
    mutating func plausibleMessage(_ knowledge: Knowledge) -> ClientMessage {
        guard let seat = knowledge.seat else {
            if let token = knowledge.token, rng.chance(0.5) { return .resume(token: token) }
            return .login(name: rng.chance(0.5) ? name() : nil)
        }
        switch knowledge.phase {
        case .loggedOut:
            return rng.chance(0.3) ? .leave : .launchGame(gameId: rng.pick(FuzzedGames.ids))
        case .offGame:
            return rng.chance(0.05) ? .leave : .startGame(gameId: rng.chance(0.5) ? "ticTacToe" : rng.pick(FuzzedGames.ids))
        case .randomWin:
            return .roll
        case .ticTacToe:
            guard let board = knowledge.board, board.turn == seat else { return .sync }
            let free = board.cells.indices.filter { board.cells[$0] == nil }
            guard let cell = free.isEmpty ? nil : rng.pick(free) else { return .sync }
            return .move(row: cell / 3, col: cell % 3)
        case let phase:
            // Another game's turn: one of its messages with small numbers, most of them in its range.
            guard let game = FuzzedGames.catalog.game(GameID(rawValue: phase.rawValue)), let schema = game.messages.first,
                knowledge.board?.turn == seat
            else { return .sync }
            var message = gameMessage(schema)
            if case .play(let fuzzed) = message {
                message = .play(
                    GameMessage(
                        type: fuzzed.type,
                        fields: fuzzed.fields.map { field in
                            guard case .integer = field.value else { return field }
                            return .init(name: field.name, value: .integer(Int.random(in: 0...6, using: &rng)))
                        }))
            }
            return message
        }
    }

    mutating func name() -> String? {
        rng.pick(Self.names)
    }

    static let names: [String?] = [
        nil, "", "   ", "Zoë", "李雷", "Ωmega", "🎲🎲", "👩‍👩‍👧‍👦 family", "e\u{301}", "שלום", "a\u{200B}b", "Z\u{324}\u{308}",
        "  Bob  ", "\tBob", "a\tb", "line\u{2028}sep", "bell\u{7}", "nul\u{0}", "\u{A0}nbsp\u{A0}", "in\u{85}side",
        "\u{301}", "\u{FEFF}bom", String(repeating: "x", count: 24), String(repeating: "x", count: 25),
        String(repeating: "🎲", count: 24), String(repeating: "🎲", count: 25), String(repeating: "é", count: 30),
        "<script>alert(1)</script>", "Robert'); DROP TABLE matches;--", "%s%n%x", "../../etc/passwd", "null",
    ]

    mutating func gameID() -> String {
        rng.pick(
            FuzzedGames.ids + [
                "ticTacToe", "randomWin", "chess", "", "TicTacToe", "ticTacToe ", " randomWin",
                "ｔｉｃＴａｃＴｏｅ", "tic\u{0}TacToe", "random Win", String(repeating: "g", count: 300), "__proto__",
            ])
    }

    /// A coordinate: in bounds, out of bounds, or huge (clamped by the decoder, still out of bounds).
    mutating func coordinate() -> Int {
        rng.pick([0, 1, 2, 0, 1, 2, -1, 3, 4, -100, 1000, Int.max, Int.min])
    }

    mutating func token(matchID: String, tokens: TokenPool, sameMatch: Bool) -> String {
        let known = tokens.any(sameMatch: sameMatch && rng.chance(0.5), as: matchID, using: &rng)
        switch Int.random(in: 0..<8, using: &rng) {
        case 0...2: if let known { return known }
        case 3: if let known { return known + " " }
        case 4: if let known { return known.uppercased() }
        case 5: if let known { return String(known.dropLast()) }
        default: break
        }
        return rng.pick([
            "", "nonsense", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", String(repeating: "t", count: 2000), "🔑",
            String((0..<43).map { _ in rng.pick(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")) }),
        ])
    }
}
