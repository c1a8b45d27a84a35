import MatchTree
import WireProtocol

/// A game's board that writes its own wire form: the board of the `board` message, of a screen and
/// of a snapshot. Every board a game shows is one; the host writes whatever board the tree holds
/// through it, without knowing its shape.
public protocol WireBoardWriting: GameBoard {
    /// The board as docs/PROTOCOL.md gives it for its game.
    var wireBoard: WireBoard { get }
}

extension AnyGameBoard {
    /// The board's wire form; nil for a board that does not write one (a mistake in its game, which
    /// the game's unit tests catch).
    public var wireBoard: WireBoard? { (base as? any WireBoardWriting)?.wireBoard }
}
