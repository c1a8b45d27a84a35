import Logging
import Synchronization
import Testing

@testable import WebSocketTransport

/// Pure tests of the transport's parts, without a socket.
enum TransportPartsTests {
    /// Issue 26: which idle keep-alives are closed for room, and in what order, without a socket.
    @Suite("Hostile: the queue of idle keep-alives")
    struct IdleKeepAliveQueueTests {
        @Test func test_theOldestStillIdle_comesOutFirst_andEachNumberIsPassedOnce() {
            var queue = IdleKeepAlives<String>()
            let tickets = (0..<5).map { queue.append("keep-alive \($0)") }
            queue.remove(tickets[0])
            queue.remove(tickets[2])
            #expect(queue.removeOldest().map { $0.1 } == "keep-alive 1")
            #expect(queue.removeOldest().map { $0.1 } == "keep-alive 3")
            let later = queue.append("keep-alive 5")
            #expect(queue.removeOldest()?.0 == tickets[4])
            #expect(queue.removeOldest()?.0 == later)
            #expect(queue.removeOldest() == nil)
            #expect(queue.count == 0)
        }

        @Test func test_nearTheLimit_theOldestIdleAreReclaimed_withTheirOwnTickets_andABusyOneIsSkipped() {
            let connections = OpenConnections(maxConnections: 4, reserve: 1, logger: Logger(label: "test"))
            let reclaimed = Mutex<[IdleKeepAliveTicket]>([])
            let record: OpenConnections.Reclaim = { ticket in reclaimed.withLock { $0.append(ticket) } }
            for _ in 0..<3 { connections.opened() }
            let first = connections.becameIdle(record)
            let second = connections.becameIdle(record)
            #expect(reclaimed.withLock { $0 }.isEmpty, "3 of 4 open: one place is free")
            connections.noLongerIdle(first)  // it started a request: busy, not to be closed
            connections.opened()
            #expect(reclaimed.withLock { $0 } == [second], "the oldest idle one, not the busy one")
            // The one told to close has not closed yet: it counts as room being made.
            connections.opened()
            #expect(reclaimed.withLock { $0 }.count == 1, "no idle keep-alive is left to close")
            connections.reclaimEnded()
            connections.closed()
            #expect(connections.openCount == 4)
        }
    }
}
