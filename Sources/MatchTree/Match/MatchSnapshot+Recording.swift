extension MatchSnapshot {
    /// Updates what is presented with what `event` shows.
    mutating func record(_ event: MatchEvent) {
        switch event {
        case .playersChanged(let players):
            self.players = players
        case .screen(let screen):
            phase = screen.phase
            switch screen {
            case .loggedOut:
                score = nil
                board = nil
            case .playing(_, let newBoard):
                board = newBoard
            case .offGame:
                board = nil
            }
        case .score(let newScore):
            score = newScore
        case .board(let newBoard):
            board = newBoard
        case .seated, .gameStarted, .launchQueued, .gameOver:
            break
        }
    }
}
