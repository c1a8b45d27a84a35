import ConnectFour
import GameUnits
import RandomWin
import TicTacToe

extension GameCatalog {
    /// The games the hosting tests play: the grid games and Random Win, as a server offers them.
    static let hostingTests = GameCatalog([TicTacToe(), RandomWin(), ConnectFour()])
}
