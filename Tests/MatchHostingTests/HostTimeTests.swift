import Foundation
import Logging
import MatchStore
import MatchTree
import MatchWords
import NIOCore
import Testing
import TicTacToe
import VirtualTime
import WireProtocol

@testable import MatchHosting

/// A host's deadlines on a test clock (`VirtualTime`): the coalesced presence, the idle teardown and the
/// computer's pause come due when the clock says so, never before, and nothing waits for the wall clock.
struct HostTimeTests {
    private static func registry(_ time: VirtualTime, computerDelay: Duration = .zero, store: any MatchStore = InMemoryMatchStore())
        -> MatchRegistry
    {
        var logger = Logger(label: "host-time")
        logger.logLevel = .critical
        return MatchRegistry(
            store: store, games: .hostingTests, seatTimeout: .seconds(60), maxConnectionsPerMatch: 100, computerDelay: computerDelay,
            trackRIBObjects: false, metrics: ServerMetrics(), clock: time.host, logger: logger)
    }

    /// The messages queued for `connection` so far, decoded.
    private static func drained(_ connection: Connection) throws -> [ServerMessage] {
        var messages: [ServerMessage] = []
        while let item = connection.queue.take() {
            for payload in item.payloads { messages.append(try ServerMessage.decode(String(buffer: payload)).get()) }
        }
        return messages
    }

    @Test func test_connectionsComingAndGoing_areToldInOnePresence_aPresenceIntervalAfterTheFirst() async throws {
        let time = VirtualTime()
        let registry = Self.registry(time)
        let host = try await registry.host(for: try await registry.create())
        let watcher = Connection(remoteAddress: "watcher", queueLimit: 64)
        #expect(await host.connect(watcher) == .connected)
        for index in 0..<3 { _ = await host.connect(Connection(remoteAddress: "spectator \(index)", queueLimit: 64)) }
        let presences = { try Self.drained(watcher).filter { $0.type == "presence" } }
        await time.advance(by: MatchHost.presenceInterval - .milliseconds(1))
        #expect(try presences().isEmpty, "not before the interval")
        await time.advance(by: .milliseconds(1))
        var told: [ServerMessage] = []
        #expect(
            try await eventually {
                told += try presences()
                return !told.isEmpty
            })
        #expect(told == [.presence(players: [], spectators: 4, v: 1)], "one presence for four arrivals")
        await time.advance(by: .seconds(1))
        #expect(try presences().isEmpty, "nothing more without a change")
    }

    @Test func test_aMatchNobodyUses_isTornDownFromMemory_onlyOnceTheIdleTimeHasPassed() async throws {
        let time = VirtualTime()
        let registry = Self.registry(time)
        let id = try await registry.create()
        let host = try await registry.host(for: id)
        let spectator = Connection(remoteAddress: "spectator", queueLimit: 64)
        _ = await host.connect(spectator)
        await time.advance(by: .seconds(10))
        await host.disconnect(spectator.id)
        await time.advance(by: .seconds(30) - .milliseconds(1))
        #expect(await registry.expireIdle(longerThan: .seconds(30)) == 0, "idle for a millisecond less than 30 s")
        await time.advance(by: .milliseconds(2))
        #expect(await registry.expireIdle(longerThan: .seconds(30)) == 1)
        #expect(await host.isClosed)
    }

    @Test func test_theComputersMove_comesAfterItsPause_withinAQuarterOfIt_neverBefore() async throws {
        let time = VirtualTime()
        let delay = Duration.seconds(2)
        let store = InMemoryMatchStore()
        let registry = Self.registry(time, computerDelay: delay, store: store)
        // Alice plays first in a match of hers against the computer: the computer's turn comes with her move.
        let (id, tokens) = try await registry.create(seating: [.person(name: "Alice"), .computer(.easy)], launching: "ticTacToe")
        let host = try await registry.host(for: id)
        let alice = Connection(remoteAddress: "alice", queueLimit: 64)
        _ = await host.connect(alice)
        await host.handle(.resume(token: try #require(tokens[.player1])), from: alice.id)
        let played = { try await store.records(of: id)?.filter { if case .played = $0.record { true } else { false } }.count ?? 0 }
        let records = try #require(try await store.records(of: id)).map(\.record)
        if records.contains(.gameStarted(gameId: .ticTacToe, startingPlayer: .player1)) {
            await host.handle(.move(row: 1, col: 1), from: alice.id)
            #expect(try await eventually { try await played() == 1 })
        }
        let before = try await played()
        await time.advance(by: delay * 0.75 - .milliseconds(1))
        try await Task.sleep(for: .milliseconds(20))
        #expect(try await played() == before, "the computer moved before three quarters of its pause")
        await time.advance(by: delay * 0.5 + .milliseconds(1))
        #expect(try await eventually { try await played() == before + 1 }, "the computer moved within a quarter of its pause")
    }
}
