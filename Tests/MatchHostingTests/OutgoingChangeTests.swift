import MatchWords
import RandomWin
import Testing
import VirtualTime
import WireProtocol

@testable import MatchHosting

struct OutgoingChangeTests {
    private let alice = Connection(remoteAddress: "alice", queueLimit: 8)
    private let bob = Connection(remoteAddress: "bob", queueLimit: 8)

    @Test func test_init_deliversDirectMessagesFirstThenTheBroadcastsFramedOnceForEveryone() throws {
        let change = OutgoingChange(
            direct: [(alice, .error(.notYourTurn))], broadcasts: [.screen(.randomWin, v: 3), .screen(.offGame(games: []), v: 4)],
            everyone: [alice, bob], summary: nil, committedAt: Moment.virtual(seconds: 0).instant
        )
        #expect(change.deliveries.map { $0.recipients.map(\.id) } == [[alice.id], [alice.id, bob.id]])
        guard case .frames(let frames) = try #require(change.deliveries.last).item else {
            Issue.record("the broadcasts are not one item of frames")
            return
        }
        #expect(frames.count == 2)
        let decoded = change.deliveries.flatMap(\.item.payloads).map { ServerMessage.decode(String(buffer: $0)) }
        #expect(
            try decoded.map { try $0.get() } == [
                .error(.notYourTurn), .screen(.randomWin, v: 3), .screen(.offGame(games: []), v: 4),
            ])
    }

    @Test func test_init_marksTheRecipientsOfAWelcomeResynced() {
        let snapshot = WireSnapshot(phase: .loggedOut, players: [], score: nil, board: nil, spectators: 2)
        let change = OutgoingChange(
            direct: [(alice, .error(.badToken)), (bob, .welcome(you: nil, snapshot: snapshot, v: 4))], broadcasts: [],
            everyone: [alice, bob],
            summary: nil, committedAt: Moment.virtual(seconds: 0).instant
        )
        #expect(change.resynced == [bob.id])
    }
}
