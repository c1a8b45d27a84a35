import GridGames
import MatchWords
import TicTacToe
import WireProtocol

/// The games of one pair of players as docs/PROTOCOL.md describes them, worked out by the test itself: what
/// the server must show after each step the players took, to compare with what it told and what it
/// restored after a crash.
struct PairState: Hashable, CustomStringConvertible {
    /// One thing a player does: start a Tic Tac Toe game, or move (the player whose turn it is).
    enum Step: Hashable, CustomStringConvertible {
        case start(by: WireSeat)
        case move(row: Int, col: Int)

        var description: String {
            switch self {
            case .start(let seat): "start by \(seat.rawValue)"
            case .move(let row, let col): "move \(row),\(col)"
            }
        }
    }

    private static let lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]

    private(set) var board = WireBoard(cells: Array(repeating: nil, count: 9), turn: nil, last: nil)
    private(set) var inGame = false
    private(set) var gamesStarted = 0
    private(set) var score: WireScore

    /// A pair that just logged in: 0-0, no game yet.
    init(player1: String, player2: String) {
        score = WireScore(player1: .init(name: player1, wins: 0), player2: .init(name: player2, wins: 0), draws: 0)
    }

    var phase: WirePhase { inGame ? .ticTacToe : .offGame }

    var description: String {
        let cells = board.cells.map { $0 == .player1 ? "X" : $0 == .player2 ? "O" : "." }.joined()
        return "\(phase) \(cells) turn \(board.turn?.rawValue ?? "-") score \(score.player1.wins)-\(score.player2.wins)-\(score.draws)"
    }

    /// Who takes `step`: the starter, or the player whose turn it is.
    func actor(of step: Step) -> WireSeat? {
        switch step {
        case .start(let seat): seat
        case .move: board.turn
        }
    }

    /// The steps a player may take now.
    var legalSteps: [Step] {
        guard inGame else { return [.start(by: .player1), .start(by: .player2)] }
        return board.cells.indices.filter { board.cells[$0] == nil }.map { .move(row: $0 / 3, col: $0 % 3) }
    }

    /// The state after `step`, which must be legal. Each step makes the server broadcast one `board`.
    func after(_ step: Step) -> PairState {
        var next = self
        switch step {
        case .start:
            precondition(!inGame, "a game is being played")
            // The pair's first game starts with player1, each later one with the other player.
            next.board = WireBoard(cells: Array(repeating: nil, count: 9), turn: gamesStarted % 2 == 0 ? .player1 : .player2, last: nil)
            next.inGame = true
            next.gamesStarted += 1
        case .move(let row, let col):
            guard let seat = board.turn, board.cells[row * 3 + col] == nil else { preconditionFailure("illegal \(step) in \(self)") }
            next.board.cells[row * 3 + col] = seat
            next.board.last = WireMove(row: row, col: col, seat: seat)
            if Self.lines.contains(where: { $0.allSatisfy { next.board.cells[$0] == seat } }) {
                if seat == .player1 { next.score.player1.wins += 1 } else { next.score.player2.wins += 1 }
                next.endGame()
            } else if !next.board.cells.contains(nil) {
                next.score.draws += 1
                next.endGame()
            } else {
                next.board.turn = seat == .player1 ? .player2 : .player1
            }
        }
        return next
    }

    private mutating func endGame() {
        board.turn = nil
        inGame = false
    }

    /// The states after each of `steps` in turn, this one first.
    func path(_ steps: [Step]) -> [PairState] {
        steps.reduce(into: [self]) { states, step in states.append(states[states.count - 1].after(step)) }
    }

    /// Whether a `welcome` snapshot shows this state: phase, players, score and, during a game, the board.
    func isShown(by snapshot: WireSnapshot) -> Bool {
        snapshot.phase == phase
            && snapshot.players.map(\.seat) == [.player1, .player2]
            && snapshot.players.map(\.name) == [score.player1.name, score.player2.name]
            && snapshot.score == score
            && (!inGame || snapshot.board == board)
    }

    /// Whether a `GET /api/matches/{id}` summary shows this state.
    func isShown(by summary: MatchSummary) -> Bool {
        summary.phase == phase
            && summary.players.map(\.seat) == [.player1, .player2]
            && summary.players.map(\.name) == [score.player1.name, score.player2.name]
            && summary.score == MatchSummary.Score(score)
    }
}
