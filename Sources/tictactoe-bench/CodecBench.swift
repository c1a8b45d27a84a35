import Foundation
import WireProtocol

/// `--codec`: how long the shared message types take to write and read a `board` message, with the
/// direct JSON path of `ServerMessage` and with Foundation's `JSONEncoder`/`JSONDecoder` through the
/// `Codable` conformance (what every message cost before), and to read a client's `move` message (what
/// the server does for every frame it receives), measured here, on this machine.
enum CodecBench {
    static func run(iterations: Int) -> String {
        let board = ServerMessage.board(
            WireBoard(cells: [.player1, nil, .player2, nil, .player1, nil, nil, .player2, nil], turn: .player2,
                      last: WireMove(row: 1, col: 1, seat: .player1)),
            v: 1234
        )
        let text = board.encoded()
        func measure(_ body: () -> Int) -> Double {
            let start = ContinuousClock.now
            var sink = 0
            for _ in 0..<iterations { sink &+= body() }
            let elapsed = (ContinuousClock.now - start) / .nanoseconds(1)
            if sink == 42 { Console.line("") }  // keeps the work from being optimised away
            return elapsed / Double(iterations)
        }
        let direct = measure { board.encoded().utf8.count }
        let foundation = measure { foundationEncoded(board).utf8.count }
        let directDecode = measure { (try? ServerMessage.decode(text).get()) == nil ? 0 : 1 }
        let foundationDecode = measure { (try? foundationDecoded(text, as: ServerMessage.self).get()) == nil ? 0 : 1 }
        let move = ClientMessage.move(row: 1, col: 2).encoded()
        let clientDecode = measure { (try? ClientMessage.decode(move).get()) == nil ? 0 : 1 }
        return String(format: """
            codec: one board message (%d bytes), %d iterations each, ns per message
              encode: ServerMessage.encoded() %.0f ns, Foundation JSONEncoder %.0f ns (%.1fx)
              decode: ServerMessage.decode(_:) %.0f ns, Foundation JSONDecoder %.0f ns (%.1fx)
            client: one move message (%d bytes), ClientMessage.decode(_:) %.0f ns
            """, text.utf8.count, iterations, direct, foundation, foundation / direct, directDecode, foundationDecode, foundationDecode / directDecode,
            move.utf8.count, clientDecode)
    }

    /// The `Codable` path: `WireCodable.encoded()`, which uses `JSONEncoder`.
    private static func foundationEncoded<T: WireCodable>(_ value: T) -> String { value.encoded() }

    /// The `Codable` path: `WireCodable.decode(_:)`, which uses `JSONDecoder`.
    private static func foundationDecoded<T: WireCodable>(_ text: String, as type: T.Type) -> Result<T, WireDecodingError> { T.decode(text) }
}
