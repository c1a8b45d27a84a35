import Testing

@testable import WebSocketTransport

/// Issue 31, goal 1: a player's frame does not wait behind an audience's fan-out on a shared event loop.
struct WriterLanesTests {
    @Test func test_playersWokenAfterAnAudience_areWrittenBeforeIt_andTheAudienceInChunksInOrder() {
        var lanes = WriterLanes<String>(chunk: 3)
        for index in 1...7 { lanes.add("s\(index)", plays: false) }
        lanes.add("p1", plays: true)
        #expect(lanes.takeTurn() == ["p1", "s1", "s2", "s3"])
        lanes.add("p2", plays: true)
        lanes.add("s8", plays: false)
        #expect(lanes.takeTurn() == ["p2", "s4", "s5", "s6"])
        #expect(lanes.takeTurn() == ["s7", "s8"])
        #expect(lanes.isEmpty)
        #expect(lanes.takeTurn().isEmpty)
    }

    @Test func test_aLaneThatNeverEmpties_keepsItsOrder_acrossItsCompaction() {
        var lanes = WriterLanes<Int>(chunk: 2)
        var next = 0
        var written: [Int] = []
        // Three woken per turn, two written: the lane grows, and is compacted as it is consumed.
        for _ in 0..<50 {
            for _ in 0..<3 {
                lanes.add(next, plays: false)
                next += 1
            }
            written += lanes.takeTurn()
        }
        while !lanes.isEmpty { written += lanes.takeTurn() }
        #expect(written == Array(0..<next))
    }
}
