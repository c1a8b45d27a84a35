/// What LoggedIn's scope gives TicTacToe: the display (declared on `LoggedInComponent`).
extension LoggedInComponent: TicTacToeDependency {}
