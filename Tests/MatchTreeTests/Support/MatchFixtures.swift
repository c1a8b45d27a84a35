import GameTestSupport
import GridGames
import MatchWords
import RandomWin
import TicTacToe

@testable import MatchTree

/// Values the Match tests expect, named for what they mean.
enum Expected {
    static let games = [GameListing(id: .ticTacToe, name: "Tic Tac Toe"), GameListing(id: .randomWin, name: "Random Win")]
    static let offGameScreen = MatchEvent.screen(.offGame(games: games))

    static func score(
        _ player1Wins: Int = 0, _ player2Wins: Int = 0, draws: Int = 0,
        names: (String, String) = ("Alice", "Bob")
    ) -> Score {
        Score(player1Name: names.0, player2Name: names.1, player1Wins: player1Wins, player2Wins: player2Wins, draws: draws)
    }

    static func player(_ seat: Seat, _ name: String) -> SeatedPlayer {
        SeatedPlayer(seat: seat, name: name)
    }

    /// The empty board of a game that `turn` starts.
    static func emptyBoard(turn: Seat) -> BoardState {
        BoardState(cells: Array(repeating: nil, count: 9), turn: turn, last: nil)
    }

    /// The events of starting Tic Tac Toe with `startingPlayer`.
    static func ticTacToeStart(_ startingPlayer: Seat) -> [MatchEvent] {
        let board = emptyBoard(turn: startingPlayer)
        return [.gameStarted(gameId: .ticTacToe, startingPlayer: startingPlayer), .screen(.ticTacToe(board: board)), .board(board)]
    }
}

extension Match {
    /// A match offering the server's games: Tic Tac Toe, then Random Win.
    convenience init(drawWinner: @escaping () -> Seat) {
        self.init(games: [TicTacToe(), RandomWin()], drawWinner: drawWinner)
    }

    /// A match with Alice (player1) and Bob (player2) logged in, in offGame.
    static func withPair(drawWinner: @escaping () -> Seat = { .player1 }) throws -> Match {
        let match = Match(drawWinner: drawWinner)
        _ = try match.apply(.login(name: "Alice"), by: nil)
        _ = try match.apply(.login(name: "Bob"), by: nil)
        return match
    }

    /// Plays `moves`; returns the events of the last one.
    @discardableResult
    func play(_ moves: [ScriptedMove]) throws -> [MatchEvent] {
        var events: [MatchEvent] = []
        for move in moves {
            events = try apply(.move(row: move.row, col: move.col), by: move.seat)
        }
        return events
    }
}
