import GameUnits
import MatchTree
import MatchWords
import WireProtocol

// The wire form of every grid game's board (docs/PROTOCOL.md, "board"): `{"cells", "last", "turn"}`,
// the cells row-major, `last` the mark placed last as `{"row", "col", "seat"}`.

extension WireBoard {
    /// A grid game's board as the wire writes it.
    public init(_ board: BoardState) {
        self.init(
            cells: board.cells.map { $0.map(WireSeat.init) }, turn: board.turn.map(WireSeat.init),
            last: board.last.map { WireMove(row: $0.position.row, col: $0.position.col, seat: WireSeat($0.seat)) })
    }

    /// A grid game's board: the cells row-major, the seat to move, the last mark.
    public init(cells: [WireSeat?], turn: WireSeat?, last: WireMove?) {
        self.init(fields: [
            "cells": .array(cells.map(WireValue.seat)),
            "turn": .seat(turn),
        ])
        self.last = last
    }

    /// The cells of a grid game's board, row-major (empty for another game's board).
    public var cells: [WireSeat?] {
        get { fields["cells"]?.array?.map(\.seat) ?? [] }
        set { fields["cells"] = .array(newValue.map(WireValue.seat)) }
    }

    /// The last mark of a grid game's board, nil before the first move (or for another game's board).
    public var last: WireMove? {
        get {
            guard let last = fields["last"]?.object, let row = last["row"]?.integer, let col = last["col"]?.integer,
                let seat = last["seat"]?.seat
            else { return nil }
            return WireMove(row: row, col: col, seat: seat)
        }
        set {
            fields["last"] = newValue.map { .object(["row": .integer($0.row), "col": .integer($0.col), "seat": .seat($0.seat)]) } ?? .null
        }
    }
}

/// A mark on a grid game's board: `{"row", "col", "seat"}`.
public struct WireMove: Hashable, Sendable {
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

extension BoardState: WireBoardWriting {
    public var wireBoard: WireBoard { WireBoard(self) }
}

/// A game played on a grid: its board is a `BoardState`, and a move in the games API says where the mark
/// landed.
public protocol GridGameUnit: GameUnit {}

extension GridGameUnit {
    public func historyFields(of play: RecordedPlay, boardAfter board: AnyGameBoard?) -> [String: WireValue] {
        BoardState.historyFields(after: board)
    }

    /// The winning cells as `{"row","col"}` objects, as version 1 of the games API wrote them.
    public func historyLine(_ line: [[Int]]) -> WireValue { .gridCells(line) }
}

extension WireValue {
    /// Cells given as `[row, col]` pairs, written as `{"row","col"}` objects in the same order.
    public static func gridCells(_ cells: [[Int]]) -> WireValue {
        .array(cells.compactMap { $0.count == 2 ? .object(["row": .integer($0[0]), "col": .integer($0[1])]) : nil })
    }
}

extension BoardState {
    /// The fields of a move of a grid game in the games API: `cell` where the mark landed (from the
    /// board after the move) and `roll`, always `null` (version 1 of the games API wrote both fields
    /// for every game, and stored clients read them).
    public static func historyFields(after board: AnyGameBoard?) -> [String: WireValue] {
        let landed = board?.as(BoardState.self)?.last?.position
        return [
            "cell": landed.map { .object(["row": .integer($0.row), "col": .integer($0.col)]) } ?? .null,
            "roll": .null,
        ]
    }
}

extension WireBoard {
    /// Why a board received is not a grid game's as docs/PROTOCOL.md gives it.
    public struct NotAGridBoard: Error, CustomStringConvertible {
        public let description: String
    }

    /// Checks that this board is a grid game's, field by field, as a careful client reads one: `cells` an
    /// array of seats and `null`s, `turn` a seat or `null`, `last` `null` or `{"row", "col", "seat"}`, all
    /// three present. Returns the board unchanged.
    public func checkedGrid() throws(NotAGridBoard) -> WireBoard {
        guard let cells = fields["cells"]?.array else { throw NotAGridBoard(description: "\"cells\" must be an array.") }
        for cell in cells where cell != .null && cell.seat == nil {
            throw NotAGridBoard(description: "A cell must be a seat or null.")
        }
        guard let turn = fields["turn"], turn == .null || turn.seat != nil else {
            throw NotAGridBoard(description: "\"turn\" must be a seat or null.")
        }
        guard let last = fields["last"], last == .null || self.last != nil else {
            throw NotAGridBoard(description: "\"last\" must be null or a mark {row, col, seat}.")
        }
        return self
    }
}
