print("tictactoe")
