import Foundation
import GridGames
import NIOCore
import TicTacToe
import WireProtocol

/// `--codec`: how long the wire codec takes per message, measured here, on this machine: writing a
/// `board` message (`ServerMessage.jsonText()`, what the server does per change), reading it back
/// (`ServerMessage.decode(_:)`, and the bench's `BoardShortcut`, which it uses for boards), and reading
/// a client's `move` message (`ClientMessageReader.decode(_:)`, what the server does for every frame).
enum CodecBench {
    static func run(rounds: Int, iterations: Int) -> String {
        let board = ServerMessage.board(
            WireBoard(
                cells: [.player1, nil, .player2, nil, .player1, nil, nil, .player2, nil], turn: .player2,
                last: WireMove(row: 1, col: 1, seat: .player1)),
            v: 1234
        )
        let text = board.jsonText()
        let buffer = ByteBuffer(string: text)
        precondition(BoardShortcut.message(in: buffer) == board, "the board shortcut misreads \(text)")
        // A board of a match with clocks (`--clock`) must take the shortcut too, and read as the full reader reads it.
        var clocked = WireBoard(cells: [.player1, nil, .player2, nil, .player1, nil, nil, .player2, nil], turn: .player2, last: nil)
        clocked.fields["clock"] = .object(["player1": .number(595.125), "player2": .number(600), "running": .seat(.player2)])
        let clockedText = ServerMessage.board(clocked, v: 1235).jsonText()
        let clockedBuffer = ByteBuffer(string: clockedText)
        precondition(
            BoardShortcut.message(in: clockedBuffer) != nil
                && BoardShortcut.message(in: clockedBuffer) == (try? ServerMessage.decode(clockedText).get()),
            "the board shortcut misreads \(clockedText)")
        let move = ClientMessage.move(row: 1, col: 2).encoded()
        let reader = ClientMessageReader(gameMessages: TicTacToe().messages)
        func measure(_ body: () -> Int) -> Double {
            let start = ContinuousClock.now
            var sink = 0
            for _ in 0..<iterations { sink &+= body() }
            let elapsed = (ContinuousClock.now - start) / .nanoseconds(1)
            if sink == 42 { Console.line("") }  // keeps the work from being optimised away
            return elapsed / Double(iterations)
        }
        // The fastest of several rounds, the four taken in turn: on a machine shared with other work a
        // single round mostly measures the neighbours.
        var encode = Double.infinity
        var decode = Double.infinity
        var shortcut = Double.infinity
        var clockedShortcut = Double.infinity
        var clientDecode = Double.infinity
        for _ in 0..<rounds {
            encode = min(encode, measure { board.jsonText().utf8.count })
            decode = min(decode, measure { (try? ServerMessage.decode(text).get()) == nil ? 0 : 1 })
            shortcut = min(shortcut, measure { BoardShortcut.message(in: buffer) == nil ? 0 : 1 })
            clockedShortcut = min(clockedShortcut, measure { BoardShortcut.message(in: clockedBuffer) == nil ? 0 : 1 })
            clientDecode = min(clientDecode, measure { (try? reader.decode(move).get()) == nil ? 0 : 1 })
        }
        return String(
            format: """
                codec: fastest of %d rounds of %d iterations each, ns per message
                  write board (%d bytes): ServerMessage.jsonText() %.0f ns
                  read board: ServerMessage.decode(_:) %.0f ns, the bench's BoardShortcut %.0f ns (%.0f ns with a clock, %d bytes)
                  read move (%d bytes): ClientMessageReader.decode(_:) %.0f ns
                """, rounds, iterations, text.utf8.count, encode, decode, shortcut, clockedShortcut, clockedText.utf8.count,
            move.utf8.count, clientDecode)
    }
}
