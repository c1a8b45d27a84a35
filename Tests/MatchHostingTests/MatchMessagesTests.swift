import MatchTree
import MatchWords
import RandomWin
import Testing
import TicTacToe
import WireProtocol

@testable import MatchHosting

struct MatchMessagesTests {
    private static let alice = SeatedPlayer(seat: .player1, name: "Alice")
    private static let bob = SeatedPlayer(seat: .player2, name: "Bob")
    private static let score = Score(player1Name: "Alice", player2Name: "Bob", player1Wins: 2, draws: 1)
    private static let snapshot = MatchSnapshot(phase: .offGame, players: [alice, bob], score: score, board: nil)

    /// Alice connected and seated, and one spectator; Bob has no connection.
    private static func members() -> Members {
        var members = Members()
        let aliceConnection = Connection(remoteAddress: "alice", queueLimit: 8)
        members.add(aliceConnection)
        members.seat(aliceConnection.id, in: .player1)
        members.add(Connection(remoteAddress: "watcher", queueLimit: 8))
        return members
    }

    private static let players = [
        WirePlayer(seat: .player1, name: "Alice", connected: true), WirePlayer(seat: .player2, name: "Bob", connected: false),
    ]

    @Test func test_presence_takesTheNextVersionAndShowsWhoIsConnected() {
        var messages = MatchMessages()
        #expect(
            messages.presence(snapshot: Self.snapshot, members: Self.members()) == .presence(players: Self.players, spectators: 1, v: 1))
        #expect(messages.presence(snapshot: Self.snapshot, members: Self.members()).version == 2)
        #expect(messages.version == 2)
    }

    @Test func test_broadcasts_numberEachMessageByOne_andLeaveOutWhatIsNotBroadcast() {
        var messages = MatchMessages()
        let events: [MatchEvent] = [
            .seated(Self.bob), .playersChanged([Self.alice, Self.bob]), .launchQueued(gameId: .ticTacToe),
            .gameStarted(gameId: .randomWin, startingPlayer: .player1), .screen(.randomWin), .score(Self.score),
        ]
        let built = messages.broadcasts(for: events, snapshot: Self.snapshot, members: Self.members())
        #expect(
            built == [
                .presence(players: Self.players, spectators: 1, v: 1),
                .screen(.randomWin, v: 2),
                .score(WireScore(Self.score), v: 3),
            ])
        #expect(messages.version == 3)
    }

    @Test func test_welcome_carriesTheCurrentVersionWithoutTakingOne() {
        var messages = MatchMessages()
        _ = messages.presence(snapshot: Self.snapshot, members: Self.members())
        let welcome = messages.welcome(for: .player1, snapshot: Self.snapshot, members: Self.members())
        let expected = WireSnapshot(
            phase: .offGame, players: Self.players, score: WireScore(Self.score), board: nil, spectators: 1, seatTimeout: 60)
        #expect(welcome == .welcome(you: .player1, snapshot: expected, v: 1))
        #expect(messages.version == 1)
    }

    @Test func test_aSeatWithoutAConnection_isToldWithTheSecondsItHasLeft_andTheWelcomeWithTheSeatTimeout() {
        var messages = MatchMessages(seatTimeout: .milliseconds(90_500))
        var members = Members()
        let alice = Connection(remoteAddress: "alice", queueLimit: 8)
        members.add(alice)
        members.seat(alice.id, in: .player1)
        let left: [Seat: AwayTimes] = [
            .player2: AwayTimes(timeoutLeft: .milliseconds(42_250), claimableIn: .seconds(3)),
            .player1: AwayTimes(timeoutLeft: .seconds(9), claimableIn: .zero),
        ]
        guard case .presence(let players, _, _) = messages.presence(snapshot: Self.snapshot, members: members, awayTimes: left) else {
            Issue.record("no presence")
            return
        }
        #expect(players.map(\.seatTimeoutLeft) == [nil, 42.25], "only the seat without a connection counts down")
        let welcome = messages.welcome(for: nil, snapshot: Self.snapshot, members: members, awayTimes: left)
        #expect(welcome.jsonText().contains(#""seat":"player2","seatTimeoutLeft":42.25}"#), "\(welcome.jsonText())")
        #expect(welcome.jsonText().contains(#""seatTimeout":90.5,"spectators":0}"#), "\(welcome.jsonText())")
        #expect(ServerMessage.decode(welcome.jsonText()) == .success(welcome))
    }

    @Test func test_summary_showsPhasePlayersScoreAndSpectators() {
        let summary = MatchMessages.summary(id: "AAAAAAAAAAAA", snapshot: Self.snapshot, members: Self.members())
        #expect(
            summary
                == MatchSummary(
                    matchId: "AAAAAAAAAAAA", phase: .offGame, players: Self.players,
                    score: MatchSummary.Score(player1: 2, player2: 0, draws: 1), spectators: 1
                ))
    }
}
