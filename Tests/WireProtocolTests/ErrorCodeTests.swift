import MatchWords
import RandomWin
import Testing
import TicTacToe
import WireProtocol

@Suite("Error codes")
struct ErrorCodeTests {
    @Test func test_rawValues_matchTheProtocol() {
        #expect(
            ErrorCode.allCases.map(\.rawValue) == [
                "badMessage", "badName", "notSeated", "alreadySeated", "matchFull", "notYourTurn", "cellTaken",
                "outOfBounds", "wrongPhase", "unknownGame", "badToken", "rateLimited", "matchNotFound", "opponentConnected",
                "tooEarly", "opponentAway", "noOffer", "alreadyOffered", "watchOnly", "nameTaken",
                "notSignedIn", "playerNotFound",
            ]
        )
    }

    @Test(arguments: ErrorCode.allCases)
    func test_defaultMessage_isASentence(code: ErrorCode) {
        #expect(code.defaultMessage.first?.isUppercase == true)
        #expect(code.defaultMessage.hasSuffix("."))
    }

    /// A game words its own refusals (Tic Tac Toe's "That cell is already taken."); the default fits any.
    @Test func test_errorWithCodeOnly_usesDefaultMessage() {
        #expect(ServerMessage.error(.cellTaken) == .error(code: .cellTaken, message: "That place cannot be played."))
    }

    @Test func test_seatsAndPhases_matchTheProtocol() {
        #expect(WireSeat.allCases.map(\.rawValue) == ["player1", "player2"])
        #expect(
            [WirePhase.loggedOut, .offGame, .ticTacToe, .randomWin].map(\.rawValue) == ["loggedOut", "offGame", "ticTacToe", "randomWin"])
    }
}
