import GridGames
import NIOCore
import WireProtocol

/// The bench's shortcut for the message it receives most, `board` (two per move): read straight from
/// the frame's bytes in the exact layout `ServerMessage.jsonText()` writes. Anything else, another
/// message or another layout, gives nil and is read by `ServerMessage.decode(_:)`, the one reader.
///
/// Why a shortcut: the bench plays on one event loop, and `JSONDecoder` costs it enough per message to
/// slow the moves it can drive (docs/PERFORMANCE.md, "Wire codec"). Debug builds check every board it
/// reads against `ServerMessage.decode(_:)`; the smoke test runs one.
enum BoardShortcut {
    /// The `board` message in `buffer`, or nil if it is not one in the writer's layout.
    static func message(in buffer: ByteBuffer) -> ServerMessage? {
        buffer.withUnsafeReadableBytes { bytes in
            var reader = Reader(bytes: bytes)
            return reader.boardMessage()
        }
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        /// `{"cells":[…],"last":…,"turn":…,"type":"board","v":…}`, with `"clock":{…}` after the cells in a
        /// match with clocks (`--clock`: without it here every such board would go to the slow reader).
        mutating func boardMessage() -> ServerMessage? {
            guard skip(#"{"cells":["#) else { return nil }
            var cells: [WireSeat?] = []
            cells.reserveCapacity(9)
            repeat {
                guard let cell = optionalSeat() else { return nil }
                cells.append(cell)
            } while skip(",")
            guard skip("]") else { return nil }
            var clock: WireValue?
            if skip(#","clock":{"player1":"#) {
                guard let player1 = number(), skip(#","player2":"#), let player2 = number(), skip(#","running":"#),
                    let running = optionalSeat(), skip("}")
                else { return nil }
                clock = .object(["player1": player1, "player2": player2, "running": .seat(running)])
            }
            guard skip(#","last":"#) else { return nil }
            var last: WireMove?
            if !skip("null") {
                guard skip(#"{"col":"#), let col = integer(), skip(#","row":"#), let row = integer(), skip(#","seat":"#),
                    let seat = seat(), skip("}")
                else { return nil }
                last = WireMove(row: row, col: col, seat: seat)
            }
            guard skip(#","turn":"#), let turn = optionalSeat(), skip(#","type":"board","v":"#), let v = integer(),
                skip("}"), index == bytes.count
            else { return nil }
            var board = WireBoard(cells: cells, turn: turn, last: last)
            if let clock { board.fields["clock"] = clock }
            return .board(board, v: v)
        }

        /// `"player1"` or `"player2"`.
        mutating func seat() -> WireSeat? {
            if skip(#""player1""#) { return .player1 }
            if skip(#""player2""#) { return .player2 }
            return nil
        }

        /// `null` or a seat; nil (rather than `.some(nil)`) for anything else.
        mutating func optionalSeat() -> WireSeat?? {
            skip("null") ? .some(nil) : seat().map { .some($0) }
        }

        /// An optional minus and 1 to 18 digits (so no overflow). A longer number stops the reading
        /// at its 19th digit, where the next literal is not found.
        mutating func integer() -> Int? {
            let isNegative = skip("-")
            var value = 0
            var digits = 0
            while index < bytes.count, digits < 18, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
            return digits == 0 ? nil : (isNegative ? -value : value)
        }

        /// A JSON number as `WireValue` reads one: `.integer` without a fraction or exponent (the server
        /// writes whole seconds so), else `.number`.
        mutating func number() -> WireValue? {
            let start = index
            while index < bytes.count, Self.numberBytes.contains(bytes[index]) { index += 1 }
            guard index > start, let text = String(bytes: bytes[start..<index], encoding: .utf8) else { return nil }
            if let whole = Int(text) { return .integer(whole) }
            return Double(text).map { .number($0) }
        }

        private static let numberBytes = Set("-+.eE0123456789".utf8)

        /// Steps over `literal` if it comes next.
        mutating func skip(_ literal: StaticString) -> Bool {
            let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
            guard bytes.count - index >= expected.count,
                UnsafeRawBufferPointer(rebasing: bytes[index..<(index + expected.count)]).elementsEqual(expected)
            else { return false }
            index += expected.count
            return true
        }
    }
}
