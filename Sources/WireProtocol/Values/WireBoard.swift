/// The board of a game played on a grid (Tic Tac Toe, Connect Four): the body of the `board` message,
/// the game's screen's `board` and the snapshot's `board`.
public struct WireBoard: Decodable, Hashable, Sendable {
    /// The cells, row-major (index `row * columns + col`, the grid's size being the game's: 3×3 for
    /// Tic Tac Toe): the seat that marked it, or `nil` (`null`).
    public var cells: [WireSeat?]
    /// Whose turn it is, or `nil` (`null`) once the game is over.
    @ExplicitNull public var turn: WireSeat?
    /// The last mark placed, or `nil` (`null`) before the first move.
    @ExplicitNull public var last: WireMove?

    /// A board.
    /// - Parameters:
    ///   - cells: 9 entries, row-major.
    ///   - turn: the seat to move, nil once the game is over.
    ///   - last: the last mark, nil before the first move.
    public init(cells: [WireSeat?], turn: WireSeat?, last: WireMove?) {
        self.cells = cells
        self.turn = turn
        self.last = last
    }
}

/// A mark on the board: `{"row", "col", "seat"}`.
public struct WireMove: Decodable, Hashable, Sendable {
    /// The row, 0 at the top.
    public var row: Int
    /// The column, 0 at the left.
    public var col: Int
    /// The seat that placed the mark.
    public var seat: WireSeat

    /// A mark.
    public init(row: Int, col: Int, seat: WireSeat) {
        self.row = row
        self.col = col
        self.seat = seat
    }
}

extension WireBoard {
    private enum CodingKeys: String, CodingKey {
        case cells, turn, last
    }

    /// Reads `cells`, `turn` and `last`, all three required (`turn` and `last` may be `null`). The cells
    /// are read one by one as strings: `JSONDecoder` spends most of a `board` message on an array of
    /// optional enums decoded the generic way (docs/PERFORMANCE.md).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var cellContainer = try container.nestedUnkeyedContainer(forKey: .cells)
        var cells: [WireSeat?] = []
        cells.reserveCapacity(cellContainer.count ?? 9)
        while !cellContainer.isAtEnd {
            if try cellContainer.decodeNil() {
                cells.append(nil)
                continue
            }
            let name = try cellContainer.decode(String.self)
            guard let seat = WireSeat(rawValue: name) else {
                throw DecodingError.dataCorruptedError(in: cellContainer, debugDescription: "There is no seat \"\(name)\".")
            }
            cells.append(seat)
        }
        self.init(
            cells: cells,
            turn: try container.decode(WireSeat?.self, forKey: .turn),
            last: try container.decode(WireMove?.self, forKey: .last)
        )
    }
}
