@testable import MatchTree

/// Values the Match tests expect, named for what they mean.
enum Expected {
    static let games: [GameID] = [.ticTacToe, .randomWin]
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

    static func line(_ cells: (Int, Int)...) -> [Position] {
        cells.map { Position(row: $0.0, col: $0.1) }
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

/// A move in a scripted game: `seat` marks (row, col).
struct ScriptedMove {
    let seat: Seat
    let row: Int
    let col: Int

    init(_ seat: Seat, _ row: Int, _ col: Int) {
        self.seat = seat
        self.row = row
        self.col = col
    }
}

/// Scripted games, the first move by player1.
enum Script {
    /// player1 fills the top row.
    static let player1WinsTopRow = [
        ScriptedMove(.player1, 0, 0), ScriptedMove(.player2, 1, 0), ScriptedMove(.player1, 0, 1),
        ScriptedMove(.player2, 1, 1), ScriptedMove(.player1, 0, 2),
    ]
    /// A full board with no line: X O X / X O O / O X X.
    static let draw = [
        ScriptedMove(.player1, 0, 0), ScriptedMove(.player2, 0, 1), ScriptedMove(.player1, 0, 2),
        ScriptedMove(.player2, 1, 1), ScriptedMove(.player1, 1, 0), ScriptedMove(.player2, 1, 2),
        ScriptedMove(.player1, 2, 1), ScriptedMove(.player2, 2, 0), ScriptedMove(.player1, 2, 2),
    ]

    /// `moves` with the seats swapped (for a game player2 starts).
    static func swapped(_ moves: [ScriptedMove]) -> [ScriptedMove] {
        moves.map { ScriptedMove($0.seat.opponent, $0.row, $0.col) }
    }
}

extension Match {
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

/// A random source that gives `draws` in order, counting its calls.
final class ScriptedDraws {
    private var draws: [Seat]
    private(set) var callCount = 0

    init(_ draws: [Seat]) {
        self.draws = draws
    }

    func next() -> Seat {
        callCount += 1
        return draws.removeFirst()
    }
}
