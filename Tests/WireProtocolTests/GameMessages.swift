import RandomWin
import TicTacToe
import WireProtocol

/// A reader with the messages of the games the server offers, as the server reads every frame.
let reader = ClientMessageReader(gameMessages: TicTacToe().messages + RandomWin().messages)
