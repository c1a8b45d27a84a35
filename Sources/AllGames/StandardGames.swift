import ConnectFour
import GameUnits
import Kalah
import RandomWin
import TicTacToe

extension GameCatalog {
    /// The games this server offers, in the order OffGame lists them: the one place a game is
    /// registered (docs/ADDING-A-GAME.md).
    public static let standard = GameCatalog([
        TicTacToe(),
        RandomWin(),
        ConnectFour(),
        Kalah(),
    ])
}
