import AllGames
import Foundation
import Logging
import MatchStore
import MatchStoreContract
import MatchWords
import Testing
import TicTacToe
import VirtualTime
import WireProtocol

@testable import MatchHosting

/// The host's outbox when a slow reader overflows in the middle of a delivery: host-only, no socket (it
/// was among the server's slow-reader tests, which need one).
struct OutboxOrderTests {
    /// Everything queued for `connection` so far, decoded.
    private static func drain(_ connection: Connection) -> [ServerMessage] {
        var messages: [ServerMessage] = []
        while let item = connection.queue.take() {
            for payload in item.payloads {
                if case .success(let message) = ServerMessage.decode(String(buffer: payload)) { messages.append(message) }
            }
        }
        return messages
    }

    /// A player's queue overflows while a change is being delivered, with a later change ready behind
    /// it: the host resyncs the player, and every other connection still gets each version once, in order.
    @Test func test_aPlayerOverflowingInTheMiddleOfADelivery_leavesEveryOtherConnectionsVersionsInOrder() async throws {
        let store = HeldStore()
        var logger = Logger(label: "outbox-order")
        logger.logLevel = .critical
        let host = try MatchHost(
            id: "OutboxOrder1", createdAt: Date(), records: [StoredRecord(sequence: 1, record: .created, at: Date())], store: store,
            settings: .init(games: .standard, seatTimeout: .seconds(60), maxConnections: 100, trackingTag: nil, metrics: ServerMetrics()),
            logger: logger
        )
        // Alice's queue holds 12 messages; the others' are large. Many watchers, so that (whatever the
        // order the host visits connections in) most come after Alice.
        let alice = Connection(remoteAddress: "alice", queueLimit: 12)
        let bob = Connection(remoteAddress: "bob", queueLimit: 10_000)
        let watchers = (0..<20).map { Connection(remoteAddress: "watcher \($0)", queueLimit: 10_000) }
        #expect(await host.connect(alice) == .connected)
        #expect(await host.connect(bob) == .connected)
        await host.handle(.login(name: "Alice"), from: alice.id)
        await host.handle(.login(name: "Bob"), from: bob.id)
        var aliceSaw: [ServerMessage] = []
        let seated = await eventually {
            aliceSaw += Self.drain(alice)
            return aliceSaw.contains { if case .screen(.offGame, _) = $0 { true } else { false } }
        }
        #expect(seated)
        for watcher in watchers {
            #expect(await host.connect(watcher) == .connected)
            _ = Self.drain(alice)
        }
        // Alice reads nothing; her syncs fill her queue to its limit.
        while alice.queue.count < alice.queue.limit { await host.handle(.sync, from: alice.id) }

        // A change waits for its records (a game starts); a second change (the presence of someone who
        // connects, sent once the presence interval has passed) waits behind it.
        let versionsBefore = Self.drain(watchers[0]).compactMap(\.version).max() ?? 0
        for watcher in watchers.dropFirst() { _ = Self.drain(watcher) }
        store.hold()
        await host.handle(.startGame(gameId: "ticTacToe"), from: bob.id)
        let latecomer = Connection(remoteAddress: "latecomer", queueLimit: 10_000)
        #expect(await host.connect(latecomer) == .connected)
        #expect(await eventually { await !host.presenceIsDue }, "the latecomer's presence was never sent")
        store.release()
        #expect(await eventually { watchers.allSatisfy { $0.queue.count >= 3 } })

        for (index, watcher) in watchers.enumerated() {
            let versions = Self.drain(watcher).compactMap(\.version)
            #expect(
                versions == Array((versionsBefore + 1)...(versionsBefore + versions.count)), "watcher \(index) got versions \(versions)")
        }
        // Alice: her backlog went, then one fresh welcome, and nothing older after it.
        let aliceMessages = Self.drain(alice)
        #expect(aliceMessages.count == 1, "\(aliceMessages)")
        guard case .welcome(let you, let snapshot, let v)? = aliceMessages.first else {
            Issue.record("Alice got no fresh welcome: \(aliceMessages)")
            return
        }
        #expect(you == .player1)
        #expect(snapshot.phase == .ticTacToe)
        #expect(v == versionsBefore + 3)
    }
}
