import GameUnits
import GridGames
import MatchStore
import MatchTree
import MatchWords

/// A move is logged as `moved`: `{"col": c, "row": r, "seat": s}`.
extension TicTacToe {
    public var recordKinds: [String] { ["moved"] }

    /// Written by hand, keys sorted as `JSONEncoder` would: one is written per move, on the store
    /// writer's path (docs/PERFORMANCE.md, item 8).
    public func record(of action: any GameAction, by seat: Seat, draws: [Seat]) -> GameRecord? {
        guard let move = action as? TicTacToeMove else { return nil }
        let position = move.position
        return GameRecord(kind: "moved", json: #"{"col":\#(position.col),"row":\#(position.row),"seat":"\#(seat.rawValue)"}"#)
    }

    public func play(from record: GameRecord) throws -> RecordedPlay {
        let moved = try record.decoded(as: Moved.self)
        return RecordedPlay(seat: moved.seat, action: TicTacToeMove(position: Position(row: moved.row, col: moved.col)))
    }

    private struct Moved: Decodable {
        let seat: Seat
        let row: Int
        let col: Int
    }
}

extension MatchRecord {
    /// Tic Tac Toe's record of `seat` marking `row`, `col`.
    public static func moved(seat: Seat, row: Int, col: Int) -> MatchRecord {
        // Cannot be nil: the move is Tic Tac Toe's.
        .played(TicTacToe().record(of: TicTacToeMove(position: Position(row: row, col: col)), by: seat, draws: [])!)
    }
}
