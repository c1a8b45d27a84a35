import MatchWords
import Testing

@testable import MatchTree

struct MatchLoginTests {
    @Test func test_init_startsInLoggedOutWithBothSeatsFree() {
        let match = Match(drawWinner: { .player1 })
        #expect(match.snapshot == MatchSnapshot(phase: .loggedOut, players: [], score: nil, board: nil))
    }

    @Test func test_firstLogin_seatsPlayer1AndShowsTheFreeSeat() throws {
        let match = Match(drawWinner: { .player1 })
        let events = try match.apply(.login(name: "  Alice "), by: nil)
        #expect(
            events == [
                .seated(Expected.player(.player1, "Alice")),
                .playersChanged([Expected.player(.player1, "Alice")]),
                .screen(.loggedOut(freeSeats: [.player2])),
            ])
        #expect(match.snapshot.players == [Expected.player(.player1, "Alice")])
    }

    @Test func test_secondLogin_completesThePairWithAZeroScoreAndOffGame() throws {
        let match = Match(drawWinner: { .player1 })
        _ = try match.apply(.login(name: "Alice"), by: nil)
        let events = try match.apply(.login(name: "Bob"), by: nil)
        let pair = [Expected.player(.player1, "Alice"), Expected.player(.player2, "Bob")]
        #expect(
            events == [
                .seated(Expected.player(.player2, "Bob")),
                .playersChanged(pair),
                .score(Expected.score()),
                Expected.offGameScreen,
            ])
        #expect(match.snapshot == MatchSnapshot(phase: .offGame, players: pair, score: Expected.score(), board: nil))
    }

    @Test func test_loginWithoutName_givesTheSeatsDefaultNames() throws {
        let match = Match(drawWinner: { .player1 })
        _ = try match.apply(.login(name: nil), by: nil)
        _ = try match.apply(.login(name: "   "), by: nil)
        #expect(match.snapshot.score == Expected.score(names: ("Player 1", "Player 2")))
    }

    @Test(arguments: [
        String(repeating: "a", count: 25), "Al\u{0}ice", "Al\nice", "Al\u{2028}ice", "Al\u{2029}ice", "Al\u{7F}ice",
    ])
    func test_loginWithBadName_isRefusedAndSeatsNobody(name: String) {
        let match = Match(drawWinner: { .player1 })
        #expect(throws: MatchError.badName) { try match.apply(.login(name: name), by: nil) }
        #expect(match.snapshot.players.isEmpty)
    }

    @Test func test_loginWith24CharactersAfterTrimming_isAccepted() throws {
        let name = String(repeating: "é", count: 24)
        let match = Match(drawWinner: { .player1 })
        let events = try match.apply(.login(name: "\t\(name)  "), by: nil)
        #expect(events.first == .seated(Expected.player(.player1, name)))
    }

    @Test func test_loginBySeatedConnection_isRefusedAsAlreadySeated() throws {
        let match = Match(drawWinner: { .player1 })
        _ = try match.apply(.login(name: "Alice"), by: nil)
        #expect(throws: MatchError.alreadySeated) { try match.apply(.login(name: "Bob"), by: .player1) }
    }

    @Test func test_loginWhenBothSeatsAreTaken_isRefusedAsMatchFull() throws {
        let match = try Match.withPair()
        #expect(throws: MatchError.matchFull) { try match.apply(.login(name: "Carol"), by: nil) }
        // The seat check comes first.
        #expect(throws: MatchError.alreadySeated) { try match.apply(.login(name: "Carol"), by: .player2) }
        // Then the phase check, before the name.
        #expect(throws: MatchError.matchFull) { try match.apply(.login(name: "\u{0}"), by: nil) }
    }
}
