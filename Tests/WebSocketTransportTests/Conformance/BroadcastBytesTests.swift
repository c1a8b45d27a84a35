import Foundation
import RawSocketSupport
import Testing

/// Issue 44: a change's broadcasts are framed once by the match's host and written as they are to every
/// connection. What a spectator reads on the wire must be, byte for byte, what each player reads, and
/// each frame must be a plain RFC 6455 text frame (final, unmasked, the shortest length form).
@Suite("RFC 6455 5.2: broadcast frames")
struct BroadcastBytesTests {
    @Test func test_aWholeGame_reachesTheSpectatorAndBothPlayers_inTheSameBytes() async throws {
        try await withTransportServer { server in
            let matchID = try await server.createMatch()
            let ann = try await WireConnection.webSocket(port: server.port, matchID: matchID)
            let bo = try await WireConnection.webSocket(port: server.port, matchID: matchID)
            let watcher = try await WireConnection.open(port: server.port)
            #expect(try await watcher.upgrade(path: "/ws/\(matchID)?watch=1").status == 101)
            let everyone = [ann, bo, watcher]
            for connection in everyone { try await connection.waitForMessages("welcome") }
            ann.sendText(#"{"type":"login","name":"Ann"}"#)
            try await ann.waitForMessages("seated")
            bo.sendText(#"{"type":"login","name":"Bo"}"#)
            try await bo.waitForMessages("seated")
            ann.sendText(#"{"type":"startGame","gameId":"ticTacToe"}"#)
            // Ann (player1) wins on the top row; Bo plays the middle row.
            let moves: [(WireConnection, Int, Int)] = [(ann, 0, 0), (bo, 1, 0), (ann, 0, 1), (bo, 1, 1), (ann, 0, 2)]
            for (index, (player, row, col)) in moves.enumerated() {
                try await player.waitForMessages("board", count: index + 1)
                player.sendText(#"{"type":"move","row":\#(row),"col":\#(col)}"#)
            }
            for connection in everyone { try await connection.waitForMessages("gameOver") }
            for connection in everyone { try await connection.waitFor { $0.last?.messageType == "screen" } }

            // The broadcasts since the game started (a `welcome`, `seated` or `error` is one connection's).
            func broadcasts(_ connection: WireConnection) throws -> [[UInt8]] {
                let frames = connection.frames
                let start = try #require(
                    frames.firstIndex { $0.text?.contains(#""name":"ticTacToe""#) == true && $0.messageType == "screen" })
                return zip(frames, connection.wireFrames).dropFirst(start).filter {
                    ["seated", "welcome", "error"].contains($0.0.messageType) == false
                }
                .map(\.1)
            }
            func broadcastTypes(_ connection: WireConnection) throws -> [String] {
                let frames = connection.frames
                let start = try #require(
                    frames.firstIndex { $0.text?.contains(#""name":"ticTacToe""#) == true && $0.messageType == "screen" })
                return frames.dropFirst(start).compactMap(\.messageType).filter { !["seated", "welcome", "error"].contains($0) }
            }
            let seen = try broadcasts(watcher)
            // A `presence` may come in between, when the joins of the three are told (coalesced, a moment later).
            let types = try broadcastTypes(watcher).filter { $0 != "presence" }
            #expect(types == ["screen"] + Array(repeating: "board", count: 6) + ["gameOver", "score", "screen"])
            #expect(try broadcasts(ann) == seen)
            #expect(try broadcasts(bo) == seen)
            for frame in seen {
                let headerLength: Int = frame.count - 2 < 126 ? 2 : 4
                let payloadLength: Int = frame.count - headerLength
                let lengthByte: UInt8 = payloadLength < 126 ? UInt8(payloadLength) : 126
                #expect(frame[0] == 0x81, "final text frame")
                #expect(frame[1] == lengthByte, "unmasked, shortest length form")
                if payloadLength >= 126 {
                    let extended: Int = Int(frame[2]) << 8 | Int(frame[3])
                    #expect(extended == payloadLength)
                }
            }
            for connection in everyone { await connection.close() }
        }
    }
}
