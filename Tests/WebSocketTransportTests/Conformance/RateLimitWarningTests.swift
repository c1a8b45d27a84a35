import RawSocketSupport
import Testing

/// docs/PROTOCOL.md's rate limit: a client is warned with `rateLimited` before it is closed with 1008,
/// even when it sends everything in one burst.
@Suite("Rate limit: the warning comes before the close")
struct RateLimitWarningTests {
    @Test func test_aBurstOverTwiceTheLimit_getsRateLimitedBeforeThe1008Close() async throws {
        try await Conformance.forEach([41, 45, 200]) { socket, count in
            socket.send((0..<count).flatMap { _ in FrameBytes.frame(opcode: 0x1, payload: Conformance.sync) })
            let ending = try await socket.ending()
            #expect(ending.closeCode == 1008)
            #expect(ending.closeWasLast)
            let close = try #require(ending.frames.firstIndex { $0.isClose })
            let warning = ending.frames.firstIndex { $0.text?.contains(#""code":"rateLimited""#) == true }
            #expect(warning.map { $0 < close } == true, "frames: \(ending.frames)")
        }
    }
}
