extension MatchSnapshot {
    /// Updates what is presented with what `event` shows.
    mutating func record(_ event: MatchEvent) {
        switch event {
        case .playersChanged(let players):
            self.players = players
        case .screen(let screen):
            phase = screen.phase
            // A screen change ends any offer: a game started or ended, or the pair broke up.
            offer = nil
            switch screen {
            case .loggedOut:
                score = nil
                board = nil
                lastGame = nil
                clock = nil
            case .playing(_, let newBoard):
                board = newBoard
                lastGame = nil
            case .offGame:
                board = nil
            }
        case .score(let newScore):
            score = newScore
        case .board(let newBoard):
            board = newBoard
        case .gameOver(let winner, let line, let reason):
            // Presented while the game's screen still is: its phase names the game, its board is final.
            if case .playing(let game) = phase {
                lastGame = FinishedGame(game: game, winner: winner, reason: reason, line: line, board: board)
            }
            offer = nil
        case .drawOffered(let seat):
            offer = .draw(by: seat)
        case .gameOffered(let seat, let game):
            offer = .game(game, by: seat)
        case .drawDeclined, .drawOfferLapsed, .gameDeclined:
            offer = nil
        case .clock(let newClock):
            clock = newClock
        case .seated, .gameStarted, .launchQueued:
            break
        }
    }
}
