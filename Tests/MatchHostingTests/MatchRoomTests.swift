import Foundation
import Logging
import MatchStore
import MatchTree
import MatchWords
import RandomWin
import Testing
import TicTacToe
import WireProtocol

@testable import MatchHosting

struct MatchRoomTests {
    private let alice = Connection(remoteAddress: "alice", queueLimit: 64)
    private let bob = Connection(remoteAddress: "bob", queueLimit: 64)

    private static func makeRoom(_ records: [MatchRecord] = [.created]) throws -> MatchRoom {
        var logger = Logger(label: "match-room-test")
        logger.logLevel = .critical
        let stored = records.enumerated().map { StoredRecord(sequence: $0.offset + 1, record: $0.element, at: Date()) }
        return try MatchRoom(
            id: "RoomTest0001", records: stored, games: .hostingTests, trackingTag: nil, logger: logger, metrics: ServerMetrics())
    }

    /// The token of the `seated` message in `change`.
    private static func token(in change: MatchChange?) -> String? {
        change?.direct.lazy.compactMap { if case .seated(_, _, let token) = $0.1 { token } else { nil } }.first
    }

    private static func directMessages(_ change: MatchChange?) -> [ServerMessage] { change?.direct.map(\.1) ?? [] }

    @Test func test_connect_welcomesTheConnection_andLeavesThePresenceToTheNextCoalescedBroadcast() throws {
        var room = try Self.makeRoom()
        let change = room.connect(alice)
        #expect(change.records.isEmpty)
        #expect(change.direct.map(\.0.id) == [alice.id])
        guard case .welcome(nil, let snapshot, 0)? = change.direct.first?.1 else {
            Issue.record("no welcome at version 0: \(change.direct)")
            return
        }
        #expect(snapshot.spectators == 1)
        #expect(change.broadcasts.isEmpty, "no broadcast per connection (issue 17 item 5)")
        #expect(change.presenceChanged)
        #expect(room.presenceChange().broadcasts == [.presence(players: [], spectators: 1, v: 1)])
    }

    @Test func test_login_recordsTheSeatUnderTheHashOfTheTokenOnlyTheLoggedInIsSent() throws {
        var room = try Self.makeRoom()
        _ = room.connect(alice)
        let change = room.handle(.login(name: "Alice"), from: alice.id)
        let token = try #require(Self.token(in: change))
        #expect(change?.records == [.seatTaken(seat: .player1, name: "Alice", tokenHash: Secrets.tokenHash(token))])
        #expect(change?.direct.map(\.0.id) == [alice.id])
        #expect(room.takenSeats == [.player1])
    }

    @Test func test_loginOfASeatedConnection_isRefusedAlreadySeatedAndRecordsNothing() throws {
        var room = try Self.makeRoom()
        _ = room.connect(alice)
        _ = room.handle(.login(name: "Alice"), from: alice.id)
        let change = room.handle(.login(name: "Alice again"), from: alice.id)
        #expect(change?.records == [])
        #expect(Self.directMessages(change) == [.error(.alreadySeated)])
        #expect(change?.broadcasts == [])
    }

    @Test func test_launchRepeatedWhileOneWaitsForThePair_changesNothing() throws {
        var room = try Self.makeRoom()
        _ = room.connect(alice)
        let first = room.handle(.launchGame(gameId: "randomWin"), from: alice.id)
        #expect(first?.records == [.launchRequested(gameId: .randomWin)])
        let repeated = room.handle(.launchGame(gameId: "ticTacToe"), from: alice.id)
        #expect(repeated?.isEmpty == true)
    }

    @Test func test_1000LaunchesDuringAGame_fromASpectator_recordNothingAndChangeNothing() throws {
        let hash = Secrets.tokenHash("token")
        var room = try Self.makeRoom([
            .created, .seatTaken(seat: .player1, name: "Alice", tokenHash: hash), .seatTaken(seat: .player2, name: "Bob", tokenHash: hash),
            .gameStarted(gameId: .ticTacToe, startingPlayer: .player1),
        ])
        _ = room.connect(alice)
        for gameId in Array(repeating: ["randomWin", "ticTacToe"], count: 500).joined() {
            let change = room.handle(.launchGame(gameId: gameId), from: alice.id)
            #expect(change?.isEmpty == true, "a launch during a game starts nothing, so nothing is stored or sent")
        }
    }

    @Test func test_resumeWithAnUnknownToken_isRefusedBadToken() throws {
        var room = try Self.makeRoom()
        _ = room.connect(alice)
        #expect(Self.directMessages(room.handle(.resume(token: "guess"), from: alice.id)) == [.error(.badToken)])
    }

    @Test func test_resumeWithTheOtherSeatsToken_isRefusedAlreadySeated() throws {
        var room = try Self.makeRoom()
        _ = room.connect(alice)
        _ = room.connect(bob)
        _ = room.handle(.login(name: "Alice"), from: alice.id)
        let bobToken = try #require(Self.token(in: room.handle(.login(name: "Bob"), from: bob.id)))
        #expect(Self.directMessages(room.handle(.resume(token: bobToken), from: alice.id)) == [.error(.alreadySeated)])
    }

    @Test func test_resumeOnANewConnection_seatsItWithTheSameTokenThenWelcomesIt() throws {
        var room = try Self.makeRoom()
        _ = room.connect(alice)
        let token = try #require(Self.token(in: room.handle(.login(name: "Alice"), from: alice.id)))
        _ = room.disconnect(alice.id)
        let again = Connection(remoteAddress: "alice again", queueLimit: 64)
        _ = room.connect(again)
        let change = room.handle(.resume(token: token), from: again.id)
        #expect(change?.records == [])
        #expect(Self.directMessages(change).first == .seated(seat: .player1, name: "Alice", token: token))
        guard case .welcome(.player1, _, _)? = Self.directMessages(change).last else {
            Issue.record("no welcome as player1: \(Self.directMessages(change))")
            return
        }
    }

    @Test func test_disconnectOfASeatsLastConnection_asksForItsTimeout_andOfASpectatorDoesNot() throws {
        var room = try Self.makeRoom()
        _ = room.connect(alice)
        _ = room.connect(bob)
        _ = room.handle(.login(name: "Alice"), from: alice.id)
        #expect(room.disconnect(bob.id)?.seatToTimeOut == nil)
        #expect(room.disconnect(alice.id)?.seatToTimeOut == .player1)
        #expect(room.disconnect(alice.id) == nil)
    }

    @Test func test_seatTimedOut_freesTheSeatAndRecordsIt() throws {
        var room = try Self.makeRoom([.created, .seatTaken(seat: .player1, name: "Alice", tokenHash: Secrets.tokenHash("a"))])
        room.startTimeout(.player1) { _ in Task {} }
        let change = room.seatTimedOut(.player1, timer: 1)
        #expect(change?.records == [.seatTimedOut(seat: .player1)])
        #expect(room.takenSeats.isEmpty)
        #expect(room.seatTimedOut(.player1, timer: 1) == nil)
    }

    /// Issue 17, item 13: a timer that woke before a `resume` stopped it still calls in; after a new
    /// disconnect it came from the old timer, so the seat keeps its full grace (the newer timer).
    @Test func test_staleTimeoutAfterResumeAndNewDisconnect_freesNothing_theNewerTimerStillFires() throws {
        var room = try Self.makeRoom()
        _ = room.connect(alice)
        let token = try #require(Self.token(in: room.handle(.login(name: "Alice"), from: alice.id)))
        _ = room.disconnect(alice.id)
        room.startTimeout(.player1) { _ in Task {} }
        let again = Connection(remoteAddress: "alice again", queueLimit: 64)
        _ = room.connect(again)
        _ = room.handle(.resume(token: token), from: again.id)
        _ = room.disconnect(again.id)
        room.startTimeout(.player1) { _ in Task {} }
        #expect(room.seatTimedOut(.player1, timer: 1) == nil, "the stale timer frees the seat without grace")
        #expect(room.takenSeats == [.player1])
        #expect(room.seatTimedOut(.player1, timer: 2)?.records == [.seatTimedOut(seat: .player1)], "the newer timer was dropped")
    }

    @Test func test_seatTimedOutWhileAConnectionPlaysIt_changesNothing() throws {
        var room = try Self.makeRoom([.created, .seatTaken(seat: .player1, name: "Alice", tokenHash: Secrets.tokenHash("a"))])
        _ = room.connect(alice)
        _ = room.handle(.resume(token: "a"), from: alice.id)
        room.startTimeout(.player1) { _ in Task {} }
        #expect(room.seatTimedOut(.player1, timer: 1) == nil)
        #expect(room.takenSeats == [.player1])
    }

    @Test func test_messageFromAConnectionThatIsNoMember_changesNothing() throws {
        var room = try Self.makeRoom()
        #expect(room.handle(.sync, from: alice.id) == nil)
        #expect(room.refusal(.rateLimited, message: nil, to: alice.id) == nil)
    }
}
