import Foundation
import MatchStore
import MatchTree
import MatchWords
import RandomWin
import Testing
import TicTacToe
import VirtualTime
import WireProtocol

@testable import MatchHosting

struct MatchRoomTests {
    private let alice = Connection(remoteAddress: "alice", queueLimit: 64)
    private let bob = Connection(remoteAddress: "bob", queueLimit: 64)

    /// The room is given the time: these tests hold it still unless they say otherwise.
    private let now = Moment.virtual(seconds: 0)

    private static func makeRoom(_ records: [MatchRecord] = [.created], at now: Moment = .virtual(seconds: 0)) throws -> MatchRoom {
        let stored = records.enumerated().map { StoredRecord(sequence: $0.offset + 1, record: $0.element, at: now.date) }
        return try MatchRoom(id: "RoomTest0001", records: stored, games: .hostingTests, trackingTag: nil, at: now)
    }

    /// The token of the `seated` message in `change`.
    private static func token(in change: MatchChange) -> String? {
        change.direct.lazy.compactMap { if case .seated(_, _, let token) = $0.1 { token } else { nil } }.first
    }

    private static func directMessages(_ change: MatchChange) -> [ServerMessage] { change.direct.map(\.1) }

    /// The seat timeouts `change` sets.
    private static func timeoutsSet(_ change: MatchChange) -> [Seat] {
        change.deadlines.compactMap { if case .set(.seatTimeout(let seat), _) = $0 { seat } else { nil } }
    }

    @Test func test_connect_welcomesTheConnection_andLeavesThePresenceToTheNextCoalescedBroadcast() throws {
        var room = try Self.makeRoom()
        let change = room.connect(alice, at: now)
        #expect(change.records.isEmpty)
        #expect(change.direct.map(\.0.id) == [alice.id])
        guard case .welcome(nil, let snapshot, 0)? = change.direct.first?.1 else {
            Issue.record("no welcome at version 0: \(change.direct)")
            return
        }
        #expect(snapshot.spectators == 1)
        #expect(change.broadcasts.isEmpty, "no broadcast per connection (issue 17 item 5)")
        #expect(change.presenceChanged)
        #expect(room.presenceChange(at: now).broadcasts == [.presence(players: [], spectators: 1, v: 1)])
    }

    @Test func test_login_recordsTheSeatUnderTheHashOfTheTokenOnlyTheLoggedInIsSent() throws {
        var room = try Self.makeRoom()
        _ = room.connect(alice, at: now)
        let change = room.handle(.login(name: "Alice"), from: alice.id, at: now)
        let token = try #require(Self.token(in: change))
        #expect(change.records == [.seatTaken(seat: .player1, name: "Alice", tokenHash: Secrets.tokenHash(token))])
        #expect(change.direct.map(\.0.id) == [alice.id])
        #expect(room.tokens.takenSeats == [.player1])
    }

    @Test func test_loginOfASeatedConnection_isRefusedAlreadySeatedAndRecordsNothing() throws {
        var room = try Self.makeRoom()
        _ = room.connect(alice, at: now)
        _ = room.handle(.login(name: "Alice"), from: alice.id, at: now)
        let change = room.handle(.login(name: "Alice again"), from: alice.id, at: now)
        #expect(change.records == [])
        #expect(Self.directMessages(change) == [.error(.alreadySeated)])
        #expect(change.broadcasts == [])
    }

    @Test func test_launchRepeatedWhileOneWaitsForThePair_changesNothing() throws {
        var room = try Self.makeRoom()
        _ = room.connect(alice, at: now)
        let first = room.handle(.launchGame(gameId: "randomWin"), from: alice.id, at: now)
        #expect(first.records == [.launchRequested(gameId: .randomWin)])
        let repeated = room.handle(.launchGame(gameId: "ticTacToe"), from: alice.id, at: now)
        #expect(repeated.tellsNothing)
    }

    @Test func test_1000LaunchesDuringAGame_fromASpectator_recordNothingAndChangeNothing() throws {
        let hash = Secrets.tokenHash("token")
        var room = try Self.makeRoom([
            .created, .seatTaken(seat: .player1, name: "Alice", tokenHash: hash), .seatTaken(seat: .player2, name: "Bob", tokenHash: hash),
            .gameStarted(gameId: .ticTacToe, startingPlayer: .player1),
        ])
        _ = room.connect(alice, at: now)
        for gameId in Array(repeating: ["randomWin", "ticTacToe"], count: 500).joined() {
            let change = room.handle(.launchGame(gameId: gameId), from: alice.id, at: now)
            #expect(change.tellsNothing, "a launch during a game starts nothing, so nothing is stored or sent")
        }
    }

    @Test func test_resumeWithAnUnknownToken_isRefusedBadToken() throws {
        var room = try Self.makeRoom()
        _ = room.connect(alice, at: now)
        #expect(Self.directMessages(room.handle(.resume(token: "guess"), from: alice.id, at: now)) == [.error(.badToken)])
    }

    @Test func test_resumeWithTheOtherSeatsToken_isRefusedAlreadySeated() throws {
        var room = try Self.makeRoom()
        _ = room.connect(alice, at: now)
        _ = room.connect(bob, at: now)
        _ = room.handle(.login(name: "Alice"), from: alice.id, at: now)
        let bobToken = try #require(Self.token(in: room.handle(.login(name: "Bob"), from: bob.id, at: now)))
        #expect(Self.directMessages(room.handle(.resume(token: bobToken), from: alice.id, at: now)) == [.error(.alreadySeated)])
    }

    @Test func test_resumeOnANewConnection_seatsItWithTheSameTokenThenWelcomesIt() throws {
        var room = try Self.makeRoom()
        _ = room.connect(alice, at: now)
        let token = try #require(Self.token(in: room.handle(.login(name: "Alice"), from: alice.id, at: now)))
        _ = room.disconnect(alice.id, at: now)
        let again = Connection(remoteAddress: "alice again", queueLimit: 64)
        _ = room.connect(again, at: now)
        let change = room.handle(.resume(token: token), from: again.id, at: now)
        #expect(change.records == [])
        #expect(Self.directMessages(change).first == .seated(seat: .player1, name: "Alice", token: token))
        guard case .welcome(.player1, _, _)? = Self.directMessages(change).last else {
            Issue.record("no welcome as player1: \(Self.directMessages(change))")
            return
        }
    }

    @Test func test_disconnectOfASeatsLastConnection_asksForItsTimeout_andOfASpectatorDoesNot() throws {
        var room = try Self.makeRoom()
        _ = room.connect(alice, at: now)
        _ = room.connect(bob, at: now)
        _ = room.handle(.login(name: "Alice"), from: alice.id, at: now)
        #expect(Self.timeoutsSet(room.disconnect(bob.id, at: now)) == [])
        let left = room.disconnect(alice.id, at: now)
        #expect(left.deadlines == [.set(.seatTimeout(.player1), at: now.instant + .seconds(60))])
        #expect(room.disconnect(alice.id, at: now).tellsNothing)
    }

    @Test func test_seatTimedOut_freesTheSeatAndRecordsIt_onlyOnceItsDeadlineHasCome() throws {
        var room = try Self.makeRoom([.created, .seatTaken(seat: .player1, name: "Alice", tokenHash: Secrets.tokenHash("a"))])
        #expect(Self.timeoutsSet(room.start(at: now)) == [.player1])
        #expect(room.seatTimedOut(.player1, at: now.advanced(by: .seconds(59))).tellsNothing, "not before the seat timeout")
        let change = room.seatTimedOut(.player1, at: now.advanced(by: .seconds(60)))
        #expect(change.records == [.seatTimedOut(seat: .player1)])
        #expect(room.tokens.takenSeats.isEmpty)
        #expect(room.seatTimedOut(.player1, at: now.advanced(by: .seconds(61))).tellsNothing)
    }

    /// Issue 17, item 13: a timer that woke before a `resume` stopped it still calls in; after a new
    /// disconnect the seat keeps its full grace, counted from the new disconnect.
    @Test func test_timeoutDueAfterResumeAndNewDisconnect_freesNothing_theNewerDeadlineStillHolds() throws {
        var room = try Self.makeRoom()
        _ = room.connect(alice, at: now)
        let token = try #require(Self.token(in: room.handle(.login(name: "Alice"), from: alice.id, at: now)))
        _ = room.disconnect(alice.id, at: now)
        let later = now.advanced(by: .seconds(30))
        let again = Connection(remoteAddress: "alice again", queueLimit: 64)
        _ = room.connect(again, at: later)
        let resumed = room.handle(.resume(token: token), from: again.id, at: later)
        #expect(resumed.deadlines == [.cancel(.seatTimeout(.player1))])
        _ = room.disconnect(again.id, at: later)
        #expect(
            room.seatTimedOut(.player1, at: now.advanced(by: .seconds(60))).tellsNothing, "the old deadline frees the seat without grace")
        #expect(room.tokens.takenSeats == [.player1])
        #expect(room.seatTimedOut(.player1, at: later.advanced(by: .seconds(60))).records == [.seatTimedOut(seat: .player1)])
    }

    @Test func test_seatTimedOutWhileAConnectionPlaysIt_changesNothing() throws {
        var room = try Self.makeRoom([.created, .seatTaken(seat: .player1, name: "Alice", tokenHash: Secrets.tokenHash("a"))])
        _ = room.start(at: now)
        _ = room.connect(alice, at: now)
        _ = room.handle(.resume(token: "a"), from: alice.id, at: now)
        #expect(room.seatTimedOut(.player1, at: now.advanced(by: .seconds(60))).tellsNothing)
        #expect(room.tokens.takenSeats == [.player1])
    }

    @Test func test_messageFromAConnectionThatIsNoMember_changesNothing() throws {
        var room = try Self.makeRoom()
        #expect(room.handle(.sync, from: alice.id, at: now).tellsNothing)
        #expect(room.refusal(.rateLimited, message: nil, to: alice.id).tellsNothing)
    }
}
