import RawSocketSupport
import Testing

/// RFC 6455 5.5.2 and 5.5.3: pings are answered with a pong carrying the same data; pongs need no answer.
@Suite("RFC 6455 5.5.2-5.5.3: ping and pong")
struct PingPongTests {
    @Test func test_5_5_2_aPing_isAnsweredWithAPongOfTheSameData() async throws {
        try await Conformance.forEach([0, 1, 125]) { socket, size in
            let data = (0..<size).map { UInt8($0 & 0xFF) }
            socket.sendFrame(opcode: 0x9, data)
            let frames = try await socket.waitFor { $0.contains { $0.opcode == 0xA } }
            #expect(frames.first { $0.opcode == 0xA }?.payload == data)
        }
    }

    @Test func test_5_5_2_aPingWithBinaryData_isEchoedByteForByte() async throws {
        try await Conformance.withSocket { socket, _, _ in
            let data: [UInt8] = [0x00, 0xFF, 0xFE, 0x80, 0xC3, 0x28]
            socket.sendFrame(opcode: 0x9, data)
            let frames = try await socket.waitFor { $0.contains { $0.opcode == 0xA } }
            #expect(frames.first { $0.opcode == 0xA }?.payload == data)
        }
    }

    @Test func test_5_5_2_tenPingsInOneBurst_getTenPongsInOrder() async throws {
        try await Conformance.withSocket { socket, _, _ in
            socket.send((0..<10).flatMap { FrameBytes.frame(opcode: 0x9, payload: [UInt8($0)]) })
            let frames = try await socket.waitFor { $0.filter { $0.opcode == 0xA }.count == 10 }
            #expect(frames.filter { $0.opcode == 0xA }.map(\.payload) == (0..<10).map { [UInt8($0)] })
        }
    }

    @Test func test_5_5_3_anUnsolicitedPong_isIgnored() async throws {
        try await Conformance.withSocket { socket, _, _ in
            socket.sendFrame(opcode: 0xA, Array("unasked".utf8))
            socket.sendFrame(opcode: 0x1, Conformance.sync)
            try await socket.waitForMessages("welcome", count: 2)
            #expect(!socket.frames.contains { $0.isClose })
        }
    }
}
