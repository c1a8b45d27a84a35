import AllGames
import Foundation
import Logging
import MatchStore
import MatchWords
import Testing
import WireProtocol

@testable import MatchHosting

/// `MatchRegistry.create(seating:launching:)`: a match made with its seats taken on the server, without any
/// connection (the computer, or two people the server pairs), stored before it returns.
struct ServerSeatingTests {
    private func registry(store: any MatchStore) -> MatchRegistry {
        var logger = Logger(label: "server-seating")
        logger.logLevel = .critical
        return MatchRegistry(
            store: store, games: .standard, seatTimeout: .seconds(60), maxConnectionsPerMatch: 10, computerDelay: .zero,
            trackRIBObjects: false,
            metrics: ServerMetrics(), logger: logger)
    }

    @Test func test_twoPeopleSeatedByTheServer_areStored_andEachTakesTheSeatBackWithItsToken() async throws {
        let store = InMemoryMatchStore()
        let registry = registry(store: store)
        let (id, tokens) = try await registry.create(seating: [.person(name: "Ann"), .person(name: "Ben")])
        #expect(Set(tokens.keys) == [.player1, .player2])
        let records = try #require(try await store.records(of: id)).map(\.record)
        let seated = records.compactMap { if case .seatTaken(let seat, let name, _, _) = $0 { "\(seat.rawValue) \(name)" } else { nil } }
        #expect(records.first == .created && records.count == 3 && seated == ["player1 Ann", "player2 Ben"])
        #expect(try await store.summary(of: id)?.players.map(\.name) == ["Ann", "Ben"])
        let host = try await registry.host(for: id)
        let ann = Connection(remoteAddress: "ann", queueLimit: 64)
        #expect(await host.connect(ann) == .connected)
        await host.handle(.resume(token: try #require(tokens[.player1])), from: ann.id)
        #expect(await host.published.withLock { $0.summary.players.first { $0.seat == .player1 }?.connected } == true)
        await registry.shutdown()
    }

    @Test func test_aPairSeatedWithAGameAskedFor_isStoredPlayingIt_andARefusedNameIsTheSeatsDefault() async throws {
        let store = InMemoryMatchStore()
        let registry = registry(store: store)
        let (id, tokens) = try await registry.create(
            seating: [.person(name: "Ann"), .person(name: "B\u{202E}en")], launching: "ticTacToe")
        #expect(Set(tokens.keys) == [.player1, .player2])
        let summary = try #require(try await store.summary(of: id))
        #expect(summary.players.map(\.name) == ["Ann", "Player 2"])
        #expect(summary.phase.name == "ticTacToe", "the game is started and stored before create returns")
        let records = try #require(try await store.records(of: id)).map(\.record)
        #expect(records.contains(.launchRequested(gameId: "ticTacToe")))
        await registry.shutdown()
    }

    @Test func test_aPersonSeatedByTheServerForAnAccount_isTheAccountsSeat_whichItsLoginResumesWithoutAToken() async throws {
        let store = InMemoryMatchStore()
        let registry = registry(store: store)
        let (id, tokens) = try await registry.create(seating: [.person(name: "Ann", account: "ann-id"), .person(name: "Ben")])
        let records = try #require(try await store.records(of: id)).map(\.record)
        let taken = records.compactMap {
            if case .seatTaken(let seat, let name, _, let account) = $0 { "\(seat.rawValue) \(name) \(account ?? "-")" } else { nil }
        }
        #expect(taken == ["player1 Ann ann-id", "player2 Ben -"], "the account's id is in the log, as its login keeps it")
        let host = try await registry.host(for: id)
        let laptop = Connection(remoteAddress: "laptop", queueLimit: 64, account: AccountPlayer(id: "ann-id", name: "Ann"))
        #expect(await host.connect(laptop) == .connected)
        await host.handle(.login(name: nil), from: laptop.id)
        #expect(await host.published.withLock { $0.summary.players.first { $0.seat == .player1 }?.connected } == true)
        #expect(await host.published.withLock { $0.summary.players.count } == 2, "resumed, no third seat")
        let ben = Connection(remoteAddress: "ben", queueLimit: 64)
        #expect(await host.connect(ben) == .connected)
        await host.handle(.resume(token: try #require(tokens[.player2])), from: ben.id)
        #expect(await host.published.withLock { $0.summary.players.allSatisfy(\.connected) })
        await registry.shutdown()
    }

    @Test func test_theComputerSeatedByTheServer_isStoredAsItsOwnRecord_withNoToken() async throws {
        let store = InMemoryMatchStore()
        let registry = registry(store: store)
        let (id, tokens) = try await registry.create(seating: [.computer(.easy)])
        #expect(tokens.isEmpty)
        let records = try #require(try await store.records(of: id)).map(\.record)
        #expect(records == [.created, .computerSeated(seat: .player2, level: .easy)])
        await registry.shutdown()
    }

    @Test func test_aSeatingTheTreeRefuses_throws() async throws {
        let registry = registry(store: InMemoryMatchStore())
        await #expect(throws: MatchHost.SeatingFailed.self) {
            _ = try await registry.create(seating: [.person(name: nil), .computer(.perfect), .person(name: "Third")])
        }
        await registry.shutdown()
    }
}
