import GridGames
import MatchTree
import MatchWords
import WireProtocol

// Tic Tac Toe's names in each layer's vocabulary, so that code and tests about this game read
// `.ticTacToe` as they would for a built-in case.

extension GameID {
    /// Tic Tac Toe's id.
    public static let ticTacToe = TicTacToe.id
}

extension Phase {
    /// A game of Tic Tac Toe is played.
    public static let ticTacToe = Phase.playing(TicTacToe.id)
}

extension Screen {
    /// Tic Tac Toe's screen, with its board.
    public static func ticTacToe(board: BoardState) -> Screen { .playing(TicTacToe.id, board: board) }
}

extension WirePhase {
    /// A game of Tic Tac Toe is played.
    public static let ticTacToe = WirePhase.playing(TicTacToe.id.rawValue)
}

extension WireScreen {
    /// Tic Tac Toe's screen, with its board.
    public static func ticTacToe(board: WireBoard) -> WireScreen { .playing(gameId: TicTacToe.id.rawValue, board: board) }
}
