import MatchTree
import MatchWords
import Testing

@testable import Kalah

/// The rules of Kalah: sowing, extra turns, captures, the end and its sweep, refusals, forfeit.
/// Boards are written by index: player1's pits 0-5, its store 6, player2's pits 7-12, its store 13.
struct KalahGameTests {
    @Test(arguments: Seat.allCases)
    func test_theOpening_fourSeedsInEveryPit_emptyStores(startingPlayer: Seat) {
        let game = KalahGame(startingPlayer: startingPlayer)
        #expect(game.pits == [4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0])
        #expect(game.turn == startingPlayer)
        #expect(game.last == nil)
        #expect(game.result == nil)
        #expect(KalahGame.storeIndex(of: .player1) == 6 && KalahGame.storeIndex(of: .player2) == 13)
        #expect(KalahGame.index(ofPit: 0, for: .player2) == 7 && KalahGame.index(ofPit: 5, for: .player1) == 5)
    }

    @Test func test_aSowing_dropsOneSeedInEachFollowingPit_andPassesTheTurn() throws {
        var game = KalahGame(startingPlayer: .player1)
        try game.sow(pit: 0, by: .player1)
        #expect(game.pits == [0, 5, 5, 5, 5, 4, 0, 4, 4, 4, 4, 4, 4, 0])
        #expect(game.turn == .player2)
        #expect(game.last == KalahSowing(seat: .player1, pit: 0))
        try game.sow(pit: 1, by: .player2)
        #expect(game.pits == [0, 5, 5, 5, 5, 4, 0, 4, 0, 5, 5, 5, 5, 0])
        #expect(game.turn == .player1)
        #expect(game.last == KalahSowing(seat: .player2, pit: 1))
    }

    @Test func test_theLastSeedInTheOwnStore_givesAnotherTurn() throws {
        var game = KalahGame(startingPlayer: .player1)
        try game.sow(pit: 2, by: .player1)
        #expect(game.pits == [4, 4, 0, 5, 5, 5, 1, 4, 4, 4, 4, 4, 4, 0])
        #expect(game.turn == .player1)
        try game.sow(pit: 5, by: .player1)
        #expect(game.pits == [4, 4, 0, 5, 5, 0, 2, 5, 5, 5, 5, 4, 4, 0])
        #expect(game.turn == .player2)
        // player2's pit 1 (index 8), five seeds: indices 9-12, then its store.
        try game.sow(pit: 1, by: .player2)
        #expect(game.pits == [4, 4, 0, 5, 5, 0, 2, 5, 0, 6, 6, 5, 5, 1])
        #expect(game.turn == .player2)
    }

    @Test func test_theLastSeedInAnEmptyOwnPit_capturesItAndTheOppositePit() throws {
        // player1's pit 0 (two seeds) ends in pit 2, empty; opposite it, index 10, five seeds.
        var game = KalahGame(pits: [2, 0, 0, 4, 4, 4, 3, 4, 4, 4, 5, 4, 4, 2], turn: .player1)
        try game.sow(pit: 0, by: .player1)
        #expect(game.pits == [0, 1, 0, 4, 4, 4, 9, 4, 4, 4, 0, 4, 4, 2])
        #expect(game.turn == .player2)
        // player2's pit 1 (index 8, three seeds) ends in index 11, empty; opposite it, index 1, one seed.
        var other = KalahGame(pits: [4, 1, 4, 4, 4, 4, 0, 4, 3, 4, 4, 0, 4, 4], turn: .player2)
        try other.sow(pit: 1, by: .player2)
        #expect(other.pits == [4, 0, 4, 4, 4, 4, 0, 4, 0, 5, 5, 0, 4, 6])
        #expect(other.turn == .player1)
    }

    @Test func test_theLastSeedInAnEmptyOwnPit_staysWhenTheOppositePitIsEmpty() throws {
        var game = KalahGame(pits: [2, 0, 0, 4, 4, 4, 3, 4, 4, 4, 0, 4, 4, 7], turn: .player1)
        try game.sow(pit: 0, by: .player1)
        #expect(game.pits == [0, 1, 1, 4, 4, 4, 3, 4, 4, 4, 0, 4, 4, 7])
        #expect(game.turn == .player2)
    }

    @Test func test_theLastSeedInAnEmptyPitOfTheOpponent_capturesNothing() throws {
        // player1's pit 4 (five seeds) ends in index 9, player2's and empty; opposite it, player1's pit 3.
        var game = KalahGame(pits: [4, 4, 4, 4, 5, 4, 0, 4, 4, 0, 4, 4, 4, 1], turn: .player1)
        try game.sow(pit: 4, by: .player1)
        #expect(game.pits == [4, 4, 4, 4, 0, 5, 1, 5, 5, 1, 4, 4, 4, 1])
        #expect(game.turn == .player2)
    }

    @Test func test_aSowing_skipsTheOpponentsStore() throws {
        // player1's pit 5, ten seeds: its store, player2's six pits, not index 13, then pits 0-2.
        var game = KalahGame(pits: [1, 1, 1, 1, 1, 10, 0, 4, 4, 4, 4, 4, 4, 9], turn: .player1)
        try game.sow(pit: 5, by: .player1)
        #expect(game.pits == [2, 2, 2, 1, 1, 0, 1, 5, 5, 5, 5, 5, 5, 9])
        #expect(game.turn == .player2)
        // player2's pit 5 (index 12), ten seeds: its store, player1's six pits, not index 6, then 7-9.
        var other = KalahGame(pits: [4, 4, 4, 4, 4, 4, 9, 1, 1, 1, 1, 1, 10, 0], turn: .player2)
        try other.sow(pit: 5, by: .player2)
        #expect(other.pits == [5, 5, 5, 5, 5, 5, 9, 2, 2, 2, 1, 1, 0, 1])
        #expect(other.turn == .player1)
    }

    @Test func test_aLapOf13SeedsOrMore_sowsIntoTheEmptiedPitAgain() throws {
        // Fifteen seeds from pit 0: pits 1-5, the store, player2's pits, pit 0 again, then pits 1 and 2.
        var game = KalahGame(pits: [15, 1, 1, 1, 1, 1, 0, 4, 4, 4, 4, 4, 4, 4], turn: .player1)
        try game.sow(pit: 0, by: .player1)
        #expect(game.pits == [1, 3, 3, 2, 2, 2, 1, 5, 5, 5, 5, 5, 5, 4])
        #expect(game.turn == .player2)
        // Thirteen seeds: the last lands in the emptied pit, which was empty before it: a capture.
        var capture = KalahGame(pits: [13, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 5], turn: .player1)
        try capture.sow(pit: 0, by: .player1)
        #expect(capture.pits == [0, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1, 0, 5])
        #expect(capture.turn == .player2)
    }

    @Test func test_theSideThatRunsOutOfSeeds_endsTheGame_andEachSideSweepsItsOwn() throws {
        // player1's last seed goes to its store (an extra turn, but its side is empty): 21-27 once swept.
        var game = KalahGame(pits: [0, 0, 0, 0, 0, 1, 20, 2, 2, 2, 2, 2, 2, 15], turn: .player1)
        try game.sow(pit: 5, by: .player1)
        #expect(game.pits == [0, 0, 0, 0, 0, 0, 21, 0, 0, 0, 0, 0, 0, 27])
        #expect(game.result == .win(.player2))
        #expect(game.result?.winner == .player2)
        #expect(game.turn == nil)
        #expect(game.last == KalahSowing(seat: .player1, pit: 5))
    }

    @Test func test_aCaptureThatEmptiesTheOpponentsSide_endsTheGame_andTheLargerStoreWins() throws {
        var game = KalahGame(pits: [1, 0, 0, 1, 0, 0, 20, 0, 0, 0, 0, 5, 0, 21], turn: .player1)
        try game.sow(pit: 0, by: .player1)
        #expect(game.pits == [0, 0, 0, 0, 0, 0, 27, 0, 0, 0, 0, 0, 0, 21])
        #expect(game.result == .win(.player1))
        #expect(game.turn == nil)
    }

    @Test func test_24to24_isADraw() throws {
        var game = KalahGame(pits: [0, 0, 0, 0, 0, 1, 23, 1, 1, 1, 1, 1, 1, 18], turn: .player1)
        try game.sow(pit: 5, by: .player1)
        #expect(game.store(of: .player1) == 24 && game.store(of: .player2) == 24)
        #expect(game.result == .draw)
        #expect(game.result?.winner == nil)
        #expect(game.turn == nil)
    }

    @Test func test_refusals_inOrder_notYourTurn_outOfBounds_cellTaken_changeNothing() throws {
        var game = KalahGame(startingPlayer: .player1)
        try game.sow(pit: 2, by: .player1)  // an extra turn: pit 2 empty, still player1's turn
        let before = game
        #expect(throws: MatchError.notYourTurn) { try game.sow(pit: 9, by: .player2) }
        #expect(throws: MatchError.notYourTurn) { try game.sow(pit: 2, by: .player2) }
        #expect(throws: MatchError.outOfBounds) { try game.sow(pit: 6, by: .player1) }
        #expect(throws: MatchError.outOfBounds) { try game.sow(pit: -1, by: .player1) }
        #expect(throws: MatchError.outOfBounds) { try game.sow(pit: Int.max, by: .player1) }
        #expect(throws: MatchError.cellTaken) { try game.sow(pit: 2, by: .player1) }
        #expect(game == before)
    }

    @Test func test_anEndedGame_refusesEverySowing() throws {
        var game = KalahGame(pits: [0, 0, 0, 0, 0, 1, 20, 2, 2, 2, 2, 2, 2, 15], turn: .player1)
        try game.sow(pit: 5, by: .player1)
        let ended = game
        for seat in Seat.allCases {
            #expect(throws: MatchError.notYourTurn) { try game.sow(pit: 0, by: seat) }
            #expect(throws: MatchError.notYourTurn) { try game.sow(pit: 7, by: seat) }
        }
        game.end(winner: .player1)
        #expect(game == ended)
    }

    @Test func test_forfeit_endsTheGame_forTheOpponent_once() throws {
        var game = KalahGame(startingPlayer: .player2)
        try game.sow(pit: 0, by: .player2)
        game.end(winner: .player2)
        #expect(game.result == .forfeit(by: .player1))
        #expect(game.result?.winner == .player2)
        #expect(game.turn == nil)
        let forfeited = game
        game.end(winner: .player1)
        #expect(game == forfeited)
        #expect(throws: MatchError.notYourTurn) { try game.sow(pit: 1, by: .player1) }
    }
}
