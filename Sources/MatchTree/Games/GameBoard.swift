import MatchWords

/// What a game's screen shows while it is played, as the game defines it (cells of a grid, pits of
/// seeds…). The tree, the host and the log only carry it; the game's own unit writes it
/// for the wire, so that no layer around a game knows the shape of its board.
public protocol GameBoard: Sendable {
    /// Whether `other` shows the same: a board of another game never does.
    func isSame(as other: any GameBoard) -> Bool
}

extension GameBoard where Self: Equatable {
    public func isSame(as other: any GameBoard) -> Bool { (other as? Self) == self }
}

/// A game's board as the tree's events and snapshots hold it: equal to another when it shows the same.
public struct AnyGameBoard: Sendable, Hashable {
    /// The board, as its game made it.
    public let base: any GameBoard

    public init(_ base: some GameBoard) {
        self.base = base
    }

    /// The board as `Board`, nil when it is another game's.
    public func `as`<Board: GameBoard>(_ type: Board.Type) -> Board? { base as? Board }

    public static func == (lhs: AnyGameBoard, rhs: AnyGameBoard) -> Bool { lhs.base.isSame(as: rhs.base) }

    /// Boards are few per match and compared rarely: hashing their game's type keeps equal boards
    /// together without asking every game for a hash.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: base)))
    }
}
