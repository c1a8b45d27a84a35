import MatchTree
import MatchWords
import NIOCore
import Synchronization
import Testing

@testable import MatchHosting

struct MembersTests {
    private let alice = Connection(remoteAddress: "alice", queueLimit: 2)
    private let bob = Connection(remoteAddress: "bob", queueLimit: 2)

    /// The texts queued for `connection`, and the close code if it was closed.
    private static func drain(_ connection: Connection) -> (texts: [String], close: UInt16?) {
        var texts: [String] = []
        var close: UInt16?
        while let item = connection.queue.take() {
            switch item {
            case .text, .frames: texts += item.payloads.map { String(buffer: $0) }
            case .close(let code, _): close = code
            }
        }
        return (texts, close)
    }

    @Test func test_add_makesASpectator() {
        var members = Members()
        members.add(alice)
        #expect(members.count == 1)
        #expect(members.spectatorCount == 1)
        #expect(members.connectedSeats.isEmpty)
        #expect(members[alice.id]?.seat == nil)
    }

    @Test func test_seat_makesTheConnectionPlayTheSeat() {
        var members = Members()
        members.add(alice)
        members.add(bob)
        members.seat(alice.id, in: .player1)
        #expect(members.spectatorCount == 1)
        #expect(members.connectedSeats == [.player1])
        #expect(members.isConnected(.player1))
        #expect(!members.isConnected(.player2))
    }

    /// The seat flag picks the writer's lane (`LoopWriters`); a connection seated while its writer waits
    /// in the audience's lane is woken again, so that what it is sent as a player does not wait there.
    @Test func test_seat_marksTheConnectionSeated_andWakesAWaitingWriterAgain_unseatAndRemoveClearIt() {
        let wakes = Atomic<Int>(0)
        let carol = Connection(remoteAddress: "carol", queueLimit: 4) { _ in wakes.add(1, ordering: .relaxed) }
        var members = Members()
        members.add(carol)
        members.add(alice)
        members.seat(carol.id, in: .player1)
        #expect(carol.isSeated)
        #expect(wakes.load(ordering: .relaxed) == 0, "an idle writer has nothing to be woken for")
        members.unseat(.player1)
        #expect(!carol.isSeated)
        _ = members.push(ByteBuffer(string: "welcome"), to: carol.id, resyncs: false)
        #expect(wakes.load(ordering: .relaxed) == 1)
        members.seat(carol.id, in: .player2)
        #expect(wakes.load(ordering: .relaxed) == 2, "woken again, now as a player")
        #expect(Self.drain(carol).texts == ["welcome"], "the writer finds what was queued, once")
        members.seat(alice.id, in: .player1)
        _ = members.remove(alice.id)
        #expect(!alice.isSeated)
    }

    @Test func test_unseat_makesEveryConnectionOfTheSeatASpectator() {
        var members = Members()
        members.add(alice)
        members.add(bob)
        members.seat(alice.id, in: .player1)
        members.seat(bob.id, in: .player1)
        members.unseat(.player1)
        #expect(members.spectatorCount == 2)
        #expect(!members.isConnected(.player1))
    }

    @Test func test_remove_returnsTheMemberOnce() {
        var members = Members()
        members.add(alice)
        members.seat(alice.id, in: .player2)
        #expect(members.remove(alice.id)?.seat == .player2)
        #expect(members.remove(alice.id) == nil)
        #expect(members.isEmpty)
    }

    @Test func test_push_queuesThePayload() {
        var members = Members()
        members.add(alice)
        #expect(members.push(ByteBuffer(string: "one"), to: alice.id, resyncs: false) == nil)
        #expect(Self.drain(alice).texts == ["one"])
    }

    @Test func test_pushToAConnectionThatLeft_queuesNothing() {
        var members = Members()
        #expect(members.push(ByteBuffer(string: "one"), to: alice.id, resyncs: false) == nil)
        #expect(alice.queue.count == 0)
    }

    @Test func test_pushToASpectatorWithAFullQueue_dropsTheBacklog_andKeepsItForAFreshSnapshot() {
        var members = Members()
        members.add(alice)
        for text in ["one", "two"] { _ = members.push(ByteBuffer(string: text), to: alice.id, resyncs: false) }
        #expect(members.push(ByteBuffer(string: "three"), to: alice.id, resyncs: false) == .awaitsSnapshot(seat: nil))
        #expect(members.count == 1, "a slow spectator skips to the current state rather than being closed")
        #expect(members[alice.id]?.awaitsSnapshot == true)
        let queued = Self.drain(alice)
        #expect(queued.texts.isEmpty)
        #expect(queued.close == nil)
        #expect(members.push(ByteBuffer(string: "four"), to: alice.id, resyncs: false) == nil)
        #expect(alice.queue.count == 0, "nothing but the snapshot until it comes")
        #expect(members.push(ByteBuffer(string: "snapshot"), to: alice.id, resyncs: true) == nil)
        #expect(Self.drain(alice).texts == ["snapshot"])
    }

    @Test func test_pushToAPlayerWithAFullQueue_dropsTheBacklogAndKeepsTheSeat() {
        var members = Members()
        members.add(alice)
        members.seat(alice.id, in: .player1)
        for text in ["one", "two"] { _ = members.push(ByteBuffer(string: text), to: alice.id, resyncs: false) }
        #expect(members.push(ByteBuffer(string: "three"), to: alice.id, resyncs: false) == .awaitsSnapshot(seat: .player1))
        #expect(members[alice.id]?.awaitsSnapshot == true)
        #expect(members.isConnected(.player1))
        #expect(alice.queue.count == 0)
    }

    @Test func test_pushToAPlayerAwaitingASnapshot_skipsAllButTheSnapshotThenDeliversAgain() {
        var members = Members()
        members.add(alice)
        members.seat(alice.id, in: .player1)
        for text in ["one", "two", "three"] { _ = members.push(ByteBuffer(string: text), to: alice.id, resyncs: false) }
        #expect(members.push(ByteBuffer(string: "stale"), to: alice.id, resyncs: false) == nil)
        #expect(members.push(ByteBuffer(string: "welcome"), to: alice.id, resyncs: true) == nil)
        #expect(members[alice.id]?.awaitsSnapshot == false)
        #expect(members.push(ByteBuffer(string: "next"), to: alice.id, resyncs: false) == nil)
        #expect(Self.drain(alice).texts == ["welcome", "next"])
    }

    @Test func test_removeAll_forgetsEveryConnection() {
        var members = Members()
        members.add(alice)
        members.add(bob)
        members.removeAll()
        #expect(members.isEmpty)
        #expect(members.connections.isEmpty)
    }
}
